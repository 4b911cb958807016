import { Table } from '@mantine/core';

import type { AnnotatorProgress } from '../api/types';
import { formatDuration } from '../format';

/** Per annotator: how many units are assigned, in progress, submitted, and the time on task. */
export function AnnotatorProgressTable({
  annotators,
  labelledBy,
  person = 'Linguist',
}: {
  annotators: AnnotatorProgress[];
  labelledBy: string;
  /** Who the round's people are: "Reviewer" in a review round. */
  person?: string;
}) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-labelledby={labelledBy} striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{person}</Table.Th>
            <Table.Th scope="col">Assigned</Table.Th>
            <Table.Th scope="col">In progress</Table.Th>
            <Table.Th scope="col">Submitted</Table.Th>
            <Table.Th scope="col">Time on task</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {annotators.map((annotator) => (
            <Table.Tr key={annotator.username}>
              <Table.Th scope="row">{annotator.display_name || annotator.username}</Table.Th>
              <Table.Td>{annotator.assigned}</Table.Td>
              <Table.Td>{annotator.in_progress}</Table.Td>
              <Table.Td>{annotator.submitted}</Table.Td>
              <Table.Td>{formatDuration(annotator.active_seconds)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
