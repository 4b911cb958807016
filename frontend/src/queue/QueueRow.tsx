import { Button, Progress, Table, Text } from '@mantine/core';
import { Link } from 'react-router';

import type { QueueEntry } from '../api/types';
import { formatDuration } from '../format';
import { StatusChip } from './StatusChip';

/** Where an assignment opens: the workspace, or the item screen of review and error typing. */
export function assignmentPath(entry: Pick<QueueEntry, 'id' | 'screen'>): string {
  return entry.screen === 'items' ? `/app/assignments/${entry.id}/items` : `/app/assignments/${entry.id}`;
}

export function QueueRow({ entry }: { entry: QueueEntry }) {
  const { done, total } = entry.progress;
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  const open = entry.status === 'submitted' || entry.round.status === 'closed';
  // Not started: nothing answered and no time on it yet. It says "Start" and shows no time
  // ("< 1 min" read as if work had begun).
  const started = entry.status !== 'assigned' || done > 0 || entry.active_seconds > 0;
  const verb = open ? 'Open' : started ? 'Continue' : 'Start';
  const unit = `unit ${entry.position} of ${entry.count}`;
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600}>{entry.topic}</Text>
        <Text size="sm" c="dimmed">
          {entry.document}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {unit}
        </Text>
      </Table.Td>
      <Table.Td>
        <StatusChip status={entry.status} />
      </Table.Td>
      <Table.Td miw={120}>
        <Text size="sm">
          {done} / {total}
        </Text>
        <Progress value={percent} size="sm" aria-label={`Progress: ${done} of ${total} items answered`} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {started ? formatDuration(entry.active_seconds) : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Button
          component={Link}
          to={assignmentPath(entry)}
          size="xs"
          variant={open ? 'default' : 'filled'}
          aria-label={`${verb}: ${entry.topic}, ${unit}`}
        >
          {verb}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
