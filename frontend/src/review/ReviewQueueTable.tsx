import { Button, Progress, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';

import { StatusChip } from '../queue/StatusChip';
import { itemsPath } from './stages';
import type { ReviewQueueEntry } from './types';

/** The row's stage in words; the server sends `review` or `second_review` for review rounds. */
function stageWords(stage: string): string {
  return stage === 'second_review' ? 'Second review' : 'Review';
}

function ReviewRow({ entry }: { entry: ReviewQueueEntry }) {
  const { done, total } = entry.progress;
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  const closed = entry.status === 'submitted' || entry.round.status === 'closed';
  const verb = closed ? 'Open' : entry.status === 'assigned' && done === 0 ? 'Start' : 'Continue';
  const stage = stageWords(entry.stage);
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600}>{entry.topic}</Text>
        <Text size="sm" c="dimmed">
          {entry.document} · unit {entry.position} of {entry.count}
        </Text>
      </Table.Td>
      <Table.Td>{stage}</Table.Td>
      <Table.Td>
        <Text size="sm">{entry.round.name}</Text>
        <Text size="sm" c="dimmed">
          {entry.project.name}
        </Text>
      </Table.Td>
      <Table.Td>
        <StatusChip status={entry.status} />
      </Table.Td>
      <Table.Td miw={120}>
        <Text size="sm">
          {done} / {total}
        </Text>
        <Progress value={percent} size="sm" aria-label={`Progress: ${done} of ${total} items done`} />
      </Table.Td>
      <Table.Td>
        <Button
          component={Link}
          to={itemsPath(entry.id)}
          size="xs"
          variant={closed ? 'default' : 'filled'}
          aria-label={`${verb}: ${stage.toLowerCase()} of ${entry.topic}, ${entry.round.name}`}
        >
          {verb}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** The reviewer's assignments, one row each: the unit, the stage, the round and project, the
 * items done of those asked, and the link to the item screen. */
export function ReviewQueueTable({ entries, labelledBy }: { entries: readonly ReviewQueueEntry[]; labelledBy: string }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table aria-labelledby={labelledBy} verticalSpacing="sm" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Unit</Table.Th>
            <Table.Th scope="col" w={130}>
              Stage
            </Table.Th>
            <Table.Th scope="col" w={170}>
              Round
            </Table.Th>
            <Table.Th scope="col" w={120}>
              Status
            </Table.Th>
            <Table.Th scope="col" w={120}>
              Items done
            </Table.Th>
            <Table.Th scope="col" w={110}>
              <VisuallyHidden>Action</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <ReviewRow key={entry.id} entry={entry} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
