import { Table, Text } from '@mantine/core';

import type { AdminRound } from '../api/types';
import { formatDate } from './format';
import { kindLabel } from './questions';
import { RoundActions } from './RoundActions';
import { RoundStatusChip } from './RoundStatusChip';

interface RoundsTableProps {
  rounds: AdminRound[];
  slug: string;
  onRoundChanged: (round: AdminRound) => void;
  labelledBy: string;
}

export function RoundsTable({ rounds, slug, onRoundChanged, labelledBy }: RoundsTableProps) {
  if (rounds.length === 0) return <Text>No rounds yet. Create the first one below.</Text>;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table aria-labelledby={labelledBy} verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Round</Table.Th>
            <Table.Th scope="col">Kind</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Overlap</Table.Th>
            <Table.Th scope="col">Guidelines</Table.Th>
            <Table.Th scope="col">Units</Table.Th>
            <Table.Th scope="col">Submitted</Table.Th>
            <Table.Th scope="col">Dates</Table.Th>
            <Table.Th scope="col">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rounds.map((round) => (
            <Table.Tr key={round.id}>
              <Table.Th scope="row">{round.name}</Table.Th>
              <Table.Td>{kindLabel(round.kind)}</Table.Td>
              <Table.Td>
                <RoundStatusChip status={round.status} />
              </Table.Td>
              <Table.Td>{round.overlap}</Table.Td>
              <Table.Td>{round.guideline_version === null ? '—' : `v${round.guideline_version}`}</Table.Td>
              <Table.Td>{round.units}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {round.submitted} / {round.assignments}
              </Table.Td>
              <Table.Td>
                <Text size="xs">Created {formatDate(round.created_at)}</Text>
                {round.opened_at !== null && <Text size="xs">Opened {formatDate(round.opened_at)}</Text>}
                {round.closed_at !== null && <Text size="xs">Closed {formatDate(round.closed_at)}</Text>}
              </Table.Td>
              <Table.Td>
                <RoundActions round={round} slug={slug} onChanged={onRoundChanged} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
