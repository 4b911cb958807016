import { Alert, Anchor, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';

import { api } from '../../api/client';
import { LoadStatus } from '../../admin/LoadStatus';
import { useLoad } from '../../admin/useLoad';
import { RateChart } from './RateChart';
import {
  capitalised,
  describeEstimate,
  type ErrorRateRow,
  formatEstimate,
  METRIC_KEYS,
  PERCENT,
  type ReleaseAnalysis,
  topicWords,
  typeWords,
} from './types';

const ALL = 'all';
const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A published release's error rates per summarizer on main and marginal topics (TofuEval's
 * Table 2, Fig. 2 and Table 6; docs/evaluation.md): a table with intervals, a chart, the
 * error types of the inconsistent sentences, and the CSV / LaTeX files. */
export function ErrorRatesPanel({ releaseId, version }: { releaseId: number; version: string }) {
  const url = `/api/releases/${releaseId}/analysis/`;
  const { state, reload } = useLoad(url, (signal) => api.get<ReleaseAnalysis>(url, signal));
  if (state.status !== 'ready') return <LoadStatus state={state} what="the error rates" onRetry={reload} />;
  return <ErrorRates analysis={state.data} releaseId={releaseId} version={version} />;
}

function ErrorRates({ analysis, releaseId, version }: { analysis: ReleaseAnalysis; releaseId: number; version: string }) {
  const ratesId = useId();
  const typesId = useId();
  const corpora = [...new Set(analysis.rows.map((row) => row.corpus))].sort((a, b) => (a === ALL ? -1 : b === ALL ? 1 : a.localeCompare(b)));
  const [chosen, setChosen] = useState<string | null>(null);
  const corpus = chosen ?? corpora[0] ?? ALL;
  if (analysis.rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        This release has no summary with a judged sentence, so no error rates.
      </Text>
    );
  }
  const rows = analysis.rows.filter((row) => row.corpus === corpus);
  const corpusWords = corpus === ALL ? 'all corpora' : corpus;
  const percent = Math.round(analysis.confidence * 100);
  const metrics = analysis.metrics.filter((metric) => METRIC_KEYS.includes(metric.key as (typeof METRIC_KEYS)[number]));
  const shown = metrics.filter((metric) => rows.some((row) => row[metric.key as (typeof METRIC_KEYS)[number]].n > 0));
  const dropped = analysis.dropped_not_a_summary ? Object.values(analysis.dropped_not_a_summary).reduce((a, b) => a + b, 0) : null;
  return (
    <Stack gap="lg">
      <Stack gap="xs" component="section" aria-labelledby={ratesId}>
        <Title order={4} size="h5" id={ratesId}>
          Error rates per summarizer
        </Title>
        <Text size="sm" c="dimmed">
          Per summarizer and topic type (from the gold topic category; irrelevant topics count as marginal): the share of
          inconsistent sentences and summaries, and the mean relevance, completeness and conciseness, each with its {percent}%
          interval from a bootstrap over (dialogue, topic) units ({analysis.n_resamples} resamples); n is what each figure is
          over.
          {dropped !== null && ` ${dropped} output(s) flagged as not a summary were left out of this release.`}
        </Text>
        {corpora.length > 1 && (
          <SegmentedControl
            aria-label="Corpus"
            value={corpus}
            onChange={setChosen}
            data={corpora.map((value) => ({ value, label: value === ALL ? 'All corpora' : value }))}
            w="fit-content"
          />
        )}
        {analysis.notes.map((note) => (
          <Alert key={note} color="gray" variant="light" p="xs">
            {capitalised(note)}
          </Alert>
        ))}
        <Table.ScrollContainer minWidth={760}>
          <Table aria-label={`Error rates per summarizer of ${version}, ${corpusWords}`} verticalSpacing={4} fz="sm" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Summarizer</Table.Th>
                <Table.Th scope="col">Topics</Table.Th>
                <Table.Th scope="col">Summaries</Table.Th>
                {shown.map((metric) => (
                  <Table.Th scope="col" key={metric.key}>
                    {metric.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.system}|${row.topic_type}`}>
                  <Table.Th scope="row" fw={500}>
                    {row.system}
                  </Table.Th>
                  <Table.Td>{capitalised(topicWords(analysis, row.topic_type))}</Table.Td>
                  <Table.Td style={NUMBERS}>{row.summaries}</Table.Td>
                  {shown.map((metric) => {
                    const key = metric.key as (typeof METRIC_KEYS)[number];
                    const estimate = row[key];
                    return (
                      <Table.Td key={key} style={NUMBERS} title={`${metric.label}: ${describeEstimate(estimate, PERCENT.has(key), analysis.confidence)}`}>
                        {formatEstimate(estimate, PERCENT.has(key))}
                        <Text component="span" size="xs" c="dimmed" display="block">
                          n = {estimate.n}
                        </Text>
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {shown.length < metrics.length && (
          <Text size="xs" c="dimmed">
            Not in this release’s labels: {metrics.filter((metric) => !shown.includes(metric)).map((metric) => metric.label).join(', ')}.
          </Text>
        )}
        <RateChart analysis={analysis} rows={rows} corpusWords={corpusWords} />
      </Stack>
      <ErrorTypes analysis={analysis} rows={rows} version={version} corpusWords={corpusWords} headingId={typesId} />
      <Downloads analysis={analysis} releaseId={releaseId} />
    </Stack>
  );
}

function ErrorTypes({
  analysis,
  rows,
  version,
  corpusWords,
  headingId,
}: {
  analysis: ReleaseAnalysis;
  rows: ErrorRateRow[];
  version: string;
  corpusWords: string;
  headingId: string;
}) {
  const types = analysis.error_types.filter((name) => rows.some((row) => row.error_types.some((share) => share.type === name && share.count > 0)));
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={4} size="h5" id={headingId}>
        Error types of the inconsistent sentences
      </Title>
      <Text size="sm" c="dimmed">
        The share of each summarizer’s inconsistent sentences whose gold types include each type (a sentence may have several,
        so a row can add up to more than 100%).
      </Text>
      {types.length === 0 ? (
        <Text size="sm" c="dimmed">
          No inconsistent sentence here.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label={`Error types per summarizer of ${version}, ${corpusWords}`} verticalSpacing={4} fz="sm" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Summarizer</Table.Th>
                <Table.Th scope="col">Topics</Table.Th>
                <Table.Th scope="col">Inconsistent sentences</Table.Th>
                {types.map((name) => (
                  <Table.Th scope="col" key={name}>
                    {typeWords(name)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.system}|${row.topic_type}`}>
                  <Table.Th scope="row" fw={500}>
                    {row.system}
                  </Table.Th>
                  <Table.Td>{capitalised(topicWords(analysis, row.topic_type))}</Table.Td>
                  <Table.Td style={NUMBERS}>{row.inconsistent_sentences}</Table.Td>
                  {types.map((name) => {
                    const share = row.error_types.find((item) => item.type === name);
                    return (
                      <Table.Td key={name} style={NUMBERS} title={share ? `${typeWords(name)}: ${share.count} of ${row.inconsistent_sentences}, ${describeEstimate(share, true, analysis.confidence)}` : undefined}>
                        {share ? formatEstimate(share, true) : '—'}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

const FILE_WORDS: Record<string, string> = {
  'error_rates.csv': 'Error rates (CSV)',
  'error_rates.tex': 'Error rates (LaTeX)',
  'error_types.csv': 'Error types (CSV)',
  'error_types.tex': 'Error types (LaTeX)',
};

function Downloads({ analysis, releaseId }: { analysis: ReleaseAnalysis; releaseId: number }) {
  if (analysis.files.length === 0) return null;
  return (
    <Group gap="md">
      <Text size="sm">Download:</Text>
      {analysis.files.map((file) => (
        <Anchor key={file.name} href={`/api/releases/${releaseId}/analysis/${file.name}`} size="sm" download>
          {FILE_WORDS[file.name] ?? file.name}
        </Anchor>
      ))}
    </Group>
  );
}
