import { Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

import { figureText } from './format';
import type { Leaderboard } from './types';

/** The evaluator figures beyond balanced accuracy (docs/evaluation.md, "Beyond balanced
 * accuracy"): correlations with human scores, thresholds per stratum, span-F1 per error
 * category, key-fact and ACU accuracy, error-type accuracy and success ratio; each table with
 * its CSV and LaTeX download. */

const ASPECTS: { key: keyof Leaderboard['correlations']; words: string }[] = [
  { key: 'faithfulness', words: 'Faithfulness (share of consistent sentences)' },
  { key: 'completeness', words: 'Completeness (share of key facts stated)' },
  { key: 'conciseness', words: 'Conciseness (share of sentences stating a key fact)' },
  { key: 'acu_score', words: 'ACU score (share of atomic facts supported)' },
];

const GROUPINGS: Record<string, string> = { corpus: 'Corpus', system_category: 'Summarizer category' };

const PROTOCOLS: Record<string, string> = {
  dev_test: 'tuned on dev, measured on test',
  all: 'tuned and measured on all records',
};

function Downloads({ releaseId, analysis, what }: { releaseId: number; analysis: string; what: string }) {
  const base = `/api/releases/${releaseId}/leaderboard`;
  return (
    <Group gap="md">
      <Anchor href={`${base}.csv?analysis=${analysis}`} size="sm" download>
        {what} as CSV
      </Anchor>
      <Anchor href={`${base}.tex?analysis=${analysis}`} size="sm" download>
        {what} as LaTeX
      </Anchor>
    </Group>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Correlations({ board, releaseId }: { board: Leaderboard; releaseId: number }) {
  const shown = ASPECTS.filter(({ key }) => board.correlations[key] !== null);
  if (shown.length === 0) return null;
  return (
    <Section title="Correlations with human scores">
      <Text size="sm">
        Summary level: per document across its summaries, then averaged over the documents where it is defined. System level: across the summarizers&apos; mean scores.
        Intervals: 95% bootstrap resampling documents.
      </Text>
      {shown.map(({ key, words }) => {
        const table = board.correlations[key];
        if (table === null) return null;
        return (
          <Table key={key} fz="sm" withTableBorder aria-label={`Correlations: ${words}`}>
            <Table.Caption>{words}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Evaluator</Table.Th>
                <Table.Th scope="col">Level</Table.Th>
                <Table.Th scope="col">Pearson</Table.Th>
                <Table.Th scope="col">Spearman</Table.Th>
                <Table.Th scope="col">Kendall</Table.Th>
                <Table.Th scope="col">Over</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {Object.entries(table.evaluators).flatMap(([name, entry]) => [
                <Table.Tr key={`${name}-summary`}>
                  <Table.Th scope="row">{name}</Table.Th>
                  <Table.Td>Summary</Table.Td>
                  <Table.Td>{figureText(entry.summary_level.pearson)}</Table.Td>
                  <Table.Td>{figureText(entry.summary_level.spearman)}</Table.Td>
                  <Table.Td>{figureText(entry.summary_level.kendall)}</Table.Td>
                  <Table.Td>{entry.summary_level.pearson.documents} documents</Table.Td>
                </Table.Tr>,
                <Table.Tr key={`${name}-system`}>
                  <Table.Th scope="row">{name}</Table.Th>
                  <Table.Td>System</Table.Td>
                  <Table.Td>{figureText(entry.system_level.pearson)}</Table.Td>
                  <Table.Td>{figureText(entry.system_level.spearman)}</Table.Td>
                  <Table.Td>{figureText(entry.system_level.kendall)}</Table.Td>
                  <Table.Td>{entry.systems} summarizers</Table.Td>
                </Table.Tr>,
              ])}
            </Table.Tbody>
          </Table>
        );
      })}
      <Downloads releaseId={releaseId} analysis="correlations" what="Correlations" />
    </Section>
  );
}

function Strata({ board, releaseId, level }: { board: Leaderboard; releaseId: number; level: string }) {
  const groupings = Object.entries(board.strata[level] ?? {}).filter(([, strata]) => Object.keys(strata).length > 0);
  if (groupings.length === 0) return null;
  return (
    <Section title="Thresholds tuned per stratum">
      <Text size="sm">Each corpus and each summarizer category gets its own threshold, tuned on its own dev records.</Text>
      {groupings.map(([grouping, strata]) => (
        <Table key={grouping} fz="sm" withTableBorder aria-label={`Thresholds per ${GROUPINGS[grouping] ?? grouping}`}>
          <Table.Caption>{GROUPINGS[grouping] ?? grouping}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{GROUPINGS[grouping] ?? grouping}</Table.Th>
              <Table.Th scope="col">Evaluator</Table.Th>
              <Table.Th scope="col">Threshold</Table.Th>
              <Table.Th scope="col">Balanced accuracy</Table.Th>
              <Table.Th scope="col">Protocol</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {Object.entries(strata).flatMap(([stratum, entry]) =>
              entry.error !== undefined || entry.evaluators === undefined
                ? [
                    <Table.Tr key={stratum}>
                      <Table.Th scope="row">{stratum}</Table.Th>
                      <Table.Td colSpan={4}>{entry.error ?? 'no figures'}</Table.Td>
                    </Table.Tr>,
                  ]
                : [
                    ...Object.entries(entry.evaluators).map(([name, figures]) => (
                      <Table.Tr key={`${stratum}-${name}`}>
                        <Table.Th scope="row">{stratum}</Table.Th>
                        <Table.Td>{name}</Table.Td>
                        <Table.Td>{figures.threshold === null ? 'label' : figures.threshold.toFixed(3)}</Table.Td>
                        <Table.Td>{figureText(figures.balanced_accuracy)}</Table.Td>
                        <Table.Td>
                          {PROTOCOLS[entry.protocol ?? ''] ?? entry.protocol} ({entry.measured_on} records)
                        </Table.Td>
                      </Table.Tr>
                    )),
                    ...Object.entries(entry.unscored ?? {}).map(([name, why]) => (
                      <Table.Tr key={`${stratum}-${name}`}>
                        <Table.Th scope="row">{stratum}</Table.Th>
                        <Table.Td>{name}</Table.Td>
                        <Table.Td colSpan={3}>not scored: {why}</Table.Td>
                      </Table.Tr>
                    )),
                  ],
            )}
          </Table.Tbody>
        </Table>
      ))}
      <Downloads releaseId={releaseId} analysis="strata" what="Thresholds per stratum" />
    </Section>
  );
}

function Spans({ board, releaseId }: { board: Leaderboard; releaseId: number }) {
  const evaluators = Object.entries(board.spans);
  if (evaluators.length === 0) return null;
  return (
    <Section title="Span-F1 per error category">
      <Table fz="sm" withTableBorder aria-label="Span-F1 per error category">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Evaluator</Table.Th>
            <Table.Th scope="col">Error category</Table.Th>
            <Table.Th scope="col">Exact F1</Table.Th>
            <Table.Th scope="col">Overlap F1</Table.Th>
            <Table.Th scope="col">Gold spans</Table.Th>
            <Table.Th scope="col">Predicted spans</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {evaluators.flatMap(([name, categories]) =>
            Object.entries(categories).map(([category, entry]) => (
              <Table.Tr key={`${name}-${category}`}>
                <Table.Th scope="row">{name}</Table.Th>
                <Table.Td>{category === 'all' ? 'All spans' : category}</Table.Td>
                <Table.Td>{figureText(entry.exact)}</Table.Td>
                <Table.Td>{figureText(entry.overlap)}</Table.Td>
                <Table.Td>{entry.gold_spans}</Table.Td>
                <Table.Td>{entry.predicted_spans}</Table.Td>
              </Table.Tr>
            )),
          )}
        </Table.Tbody>
      </Table>
      <Downloads releaseId={releaseId} analysis="spans" what="Span-F1" />
    </Section>
  );
}

function ratioText(ratio: number | null | undefined, abstained: number | undefined): string {
  if (ratio === null || ratio === undefined) return '–';
  return `${(ratio * 100).toFixed(1)}%${abstained ? ` (${abstained} abstained)` : ''}`;
}

function Facts({ board, releaseId }: { board: Leaderboard; releaseId: number }) {
  const rows = Object.entries(board.success);
  if (rows.length === 0) return null;
  return (
    <Section title="Key facts, atomic facts, error types and success ratio">
      <Table fz="sm" withTableBorder aria-label="Key facts, atomic facts, error types and success ratio">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Evaluator</Table.Th>
            <Table.Th scope="col">Key-fact matching accuracy</Table.Th>
            <Table.Th scope="col">ACU accuracy</Table.Th>
            <Table.Th scope="col">Error type named (any / exact)</Table.Th>
            <Table.Th scope="col">Success ratio (sentences)</Table.Th>
            <Table.Th scope="col">Success ratio (summaries)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([name, success]) => {
            const facts = board.key_facts[name];
            const acus = board.acus[name];
            const types = board.error_type_accuracy[name];
            return (
              <Table.Tr key={name}>
                <Table.Th scope="row">{name}</Table.Th>
                <Table.Td>{facts ? `${figureText(facts.accuracy)} over ${facts.pairs} pairs` : '–'}</Table.Td>
                <Table.Td>{acus ? `${figureText(acus.accuracy)} over ${acus.acus} ACUs` : '–'}</Table.Td>
                <Table.Td>{types ? `${figureText(types.match)} / ${figureText(types.exact)} over ${types.sentences} sentences` : '–'}</Table.Td>
                <Table.Td>{ratioText(success.sentence.ratio, success.sentence.abstained)}</Table.Td>
                <Table.Td>{ratioText(success.summary.ratio, success.summary.abstained)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Downloads releaseId={releaseId} analysis="facts" what="Key facts, ACUs, types and success" />
    </Section>
  );
}

export function BeyondAccuracy({ board, releaseId, level }: { board: Leaderboard; releaseId: number; level: string }) {
  return (
    <Stack gap="lg">
      <Correlations board={board} releaseId={releaseId} />
      <Strata board={board} releaseId={releaseId} level={level} />
      <Spans board={board} releaseId={releaseId} />
      <Facts board={board} releaseId={releaseId} />
    </Stack>
  );
}
