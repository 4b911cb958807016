import { Table } from '@mantine/core';

import type { AgreementQuestion } from '../api/types';
import { formatStat } from './format';
import { heatColor } from './heatColor';

interface PairwiseHeatmapProps {
  pairwise: AgreementQuestion['pairwise'];
  annotators: string[];
  caption: string;
}

/** Annotator × annotator agreement; each shaded cell also prints its value. */
export function PairwiseHeatmap({ pairwise, annotators, caption }: PairwiseHeatmapProps) {
  const value = (a: string, b: string) =>
    pairwise.find((pair) => (pair.a === a && pair.b === b) || (pair.a === b && pair.b === a))?.value ?? null;
  return (
    <Table withTableBorder withColumnBorders verticalSpacing={4} horizontalSpacing={6} fz="xs" className="heatmap">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Td />
          {annotators.map((name) => (
            <Table.Th scope="col" key={name}>
              {name}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {annotators.map((row) => (
          <Table.Tr key={row}>
            <Table.Th scope="row">{row}</Table.Th>
            {annotators.map((column) => {
              if (row === column) {
                return (
                  <Table.Td key={column} ta="center" c="dimmed">
                    —
                  </Table.Td>
                );
              }
              const cell = value(row, column);
              return (
                <Table.Td key={column} ta="center" style={heatColor(cell)}>
                  {formatStat(cell)}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
