import { Table } from '@mantine/core';

import type { AgreementQuestion } from '../api/types';

interface ConfusionTableProps {
  confusion: NonNullable<AgreementQuestion['confusion']>;
  annotators: string[];
}

/**
 * The label confusion matrix. With two annotators rows are the first one's labels and columns
 * the second's; with more, it counts label pairs between annotators (a coincidence matrix).
 */
export function ConfusionTable({ confusion, annotators }: ConfusionTableProps) {
  const [first, second] = annotators;
  const twoRaters = annotators.length === 2 && first !== undefined && second !== undefined;
  const caption = twoRaters
    ? `Confusion matrix: rows ${first}, columns ${second}`
    : 'Confusion matrix: label pairs between annotators';
  const total = confusion.counts.flat().reduce((sum, count) => sum + count, 0);
  return (
    <Table withTableBorder withColumnBorders verticalSpacing={4} horizontalSpacing={6} fz="xs">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Td />
          {confusion.labels.map((label) => (
            <Table.Th scope="col" key={label}>
              {label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {confusion.labels.map((label, row) => (
          <Table.Tr key={label}>
            <Table.Th scope="row">{label}</Table.Th>
            {confusion.labels.map((column, col) => {
              const count = confusion.counts[row]?.[col] ?? 0;
              // The diagonal is agreement; shading by share makes the off-diagonal confusions stand out.
              const share = total === 0 ? 0 : count / total;
              return (
                <Table.Td
                  key={column}
                  ta="center"
                  fw={row === col ? 700 : 400}
                  style={{ background: `rgba(76, 110, 245, ${(share * 0.6).toFixed(3)})` }}
                >
                  {count}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
