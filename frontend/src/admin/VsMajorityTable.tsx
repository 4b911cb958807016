import { Table } from '@mantine/core';

import type { AgreementQuestion } from '../api/types';
import { formatStat } from './format';
import { heatColor } from './heatColor';

/** Each annotator against the majority label of the others: who drifts from the group. */
export function VsMajorityTable({ rows, caption }: { rows: AgreementQuestion['vs_majority']; caption: string }) {
  return (
    <Table withTableBorder verticalSpacing={4} horizontalSpacing={6} fz="xs">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Annotator</Table.Th>
          <Table.Th scope="col">Agreement</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.annotator}>
            <Table.Th scope="row">{row.annotator}</Table.Th>
            <Table.Td ta="center" style={heatColor(row.value)}>
              {formatStat(row.value)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
