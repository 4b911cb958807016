import { Stack, Table, Text } from '@mantine/core';

import type { CompetenceQuestion } from '../api/types';

/** What a question's items are, for the sentence under the table. */
const ITEMS: Record<string, [string, string]> = {
  sentence_consistency: ['sentence', 'sentences'],
  summary_consistency: ['summary', 'summaries'],
  relevance: ['summary', 'summaries'],
  relevance_binned: ['summary', 'summaries'],
  not_a_summary: ['summary', 'summaries'],
  topic_category: ['topic', 'topics'],
};

function percent(value: number | null | undefined): string {
  return value === null || value === undefined || Number.isNaN(value) ? '—' : `${Math.round(value * 100)}%`;
}

/** "93% (95% CI 90% to 95%)"; the interval is left out when it was not computed. */
export function shareWithInterval(value: number | null | undefined, ci: readonly (number | null)[] | null | undefined): string {
  const [low, high] = ci ?? [];
  const interval = low == null || high == null ? '' : ` (95% CI ${percent(low)} to ${percent(high)})`;
  return `${percent(value)}${interval}`;
}

function count(n: number, [one, many]: [string, string]): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

/**
 * Each annotator's competence on one question (docs/agreement.md, "Competence"): how often their
 * label is the true one and how often they give each class when it is true (Dawid–Skene, with
 * bootstrap intervals), and how often they know rather than guess (MACE, with its posterior
 * interval); below, how uncertain the items' posterior labels are.
 */
export function CompetenceTable({ competence }: { competence: CompetenceQuestion }) {
  const nouns = ITEMS[competence.key] ?? ['item', 'items'];
  if (competence.annotators.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Annotator competence: {competence.note ?? 'not estimated.'}
      </Text>
    );
  }
  const items = competence.items;
  return (
    <Stack gap={4}>
      <Table withTableBorder verticalSpacing={4} horizontalSpacing={6} fz="xs" captionSide="top">
        <Table.Caption>Annotator competence (Dawid–Skene and MACE)</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Annotator</Table.Th>
            <Table.Th scope="col">Labels</Table.Th>
            <Table.Th scope="col">Label is right</Table.Th>
            {competence.classes.map((name) => (
              <Table.Th scope="col" key={name}>
                Says “{name}” when it is
              </Table.Th>
            ))}
            <Table.Th scope="col">Knows rather than guesses</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {competence.annotators.map((row) => (
            <Table.Tr key={row.annotator}>
              <Table.Th scope="row">{row.annotator}</Table.Th>
              <Table.Td>{row.n_labels.toLocaleString()}</Table.Td>
              <Table.Td>{shareWithInterval(row.accuracy.value, row.accuracy.ci)}</Table.Td>
              {row.recall.map((recall) => (
                <Table.Td key={recall.label}>{shareWithInterval(recall.value, recall.ci)}</Table.Td>
              ))}
              <Table.Td>{shareWithInterval(row.mace.value, row.mace.ci)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        Estimated from everyone’s labels, without an answer key: “label is right” and “says … when it is” by Dawid–Skene
        (intervals from resampling the {nouns[1]}), “knows rather than guesses” by MACE (its posterior interval).
      </Text>
      {items !== null && (
        <Text size="sm">
          Of {count(competence.n_items, nouns)}, {count(items.n_uncertain, nouns)} {items.n_uncertain === 1 ? 'stays' : 'stay'}{' '}
          uncertain (less than 90% for any label); the model’s label differs from a clear majority on{' '}
          {count(items.n_changed, nouns)} and settles {count(items.n_tied, nouns)} with a tied vote.
        </Text>
      )}
    </Stack>
  );
}
