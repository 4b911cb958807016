import { Anchor, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';

import { figureParts } from './format';
import { FIGURE_NAMES, type FigureName, type Level } from './types';

export const FIGURE_LABELS: Record<FigureName | 'auc', string> = {
  balanced_accuracy: 'Balanced accuracy',
  fpr: 'FPR',
  fnr: 'FNR',
  precision: 'Precision',
  recall: 'Recall',
  f1: 'F1',
  auc: 'AUC',
};
// Lower is better for the error rates; higher for the rest.
const LOWER_IS_BETTER: ReadonlySet<string> = new Set(['fpr', 'fnr']);
type SortKey = FigureName | 'auc';

/** Evaluators x figures, each with its interval; sorted by a column the user picks. */
export function LeaderboardTable({ level, caption }: { level: Level; caption: string }) {
  const [sortBy, setSortBy] = useState<SortKey>('balanced_accuracy');
  const columns: SortKey[] = [...FIGURE_NAMES, 'auc'];
  const rows = Object.entries(level.evaluators).sort(([nameA, a], [nameB, b]) => {
    const valueA = (sortBy === 'auc' ? a.auc?.value : a[sortBy].value) ?? null;
    const valueB = (sortBy === 'auc' ? b.auc?.value : b[sortBy].value) ?? null;
    if (valueA === null || valueB === null) return valueA === null ? (valueB === null ? nameA.localeCompare(nameB) : 1) : -1;
    const order = LOWER_IS_BETTER.has(sortBy) ? valueA - valueB : valueB - valueA;
    return order !== 0 ? order : nameA.localeCompare(nameB);
  });
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder fz="sm" aria-label={caption}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Evaluator</Table.Th>
            <Table.Th scope="col">Threshold</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column} scope="col" aria-sort={sortBy === column ? (LOWER_IS_BETTER.has(column) ? 'ascending' : 'descending') : 'none'}>
                <UnstyledButton onClick={() => setSortBy(column)} fw={600} fz="sm">
                  {FIGURE_LABELS[column]}
                  {sortBy === column ? (LOWER_IS_BETTER.has(column) ? ' ▲' : ' ▼') : ''}
                </UnstyledButton>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([name, entry]) => (
            <Table.Tr key={name}>
              <Table.Th scope="row">{name}</Table.Th>
              <Table.Td>{entry.threshold === null ? 'label' : entry.threshold.toFixed(3)}</Table.Td>
              {columns.map((column) => (
                <Table.Td key={column}>
                  <FigureCell figure={column === 'auc' ? entry.auc : entry[column]} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** "0.842 [0.831, 0.853]", the interval free to go under the value: on one line each the
 * seven columns were 1,300 px wide and AUC was scrolled out of a 1,400 px screen. */
function FigureCell({ figure }: { figure: Parameters<typeof figureParts>[0] }) {
  const { value, interval } = figureParts(figure);
  return (
    <>
      <span className="figure-cell__value">{value}</span>
      {interval !== null && (
        <>
          {' '}
          <Text span size="xs" className="figure-cell__interval">
            {interval}
          </Text>
        </>
      )}
    </>
  );
}

export function TableDownloads({ releaseId, level }: { releaseId: number; level: string }) {
  const base = `/api/releases/${releaseId}/leaderboard`;
  return (
    <Group gap="md">
      <Text size="sm">Download this table:</Text>
      <Anchor href={`${base}.csv?level=${level}`} size="sm" download>
        CSV
      </Anchor>
      <Anchor href={`${base}.tex?level=${level}`} size="sm" download>
        LaTeX
      </Anchor>
    </Group>
  );
}
