import { Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';

import { ScoreChart } from './ScoreChart';
import { chartedMetrics, describeScore, formatScoreWithInterval, type ReleaseScores, SCORE_METRICS } from './scoreFormat';

/** A published release's scores per system (summarizer names: the researcher's view): each
 * metric's mean with its bootstrap interval and n as a table, then as a bar chart. */
export function SystemScores({ scores, version }: { scores: ReleaseScores; version: string }) {
  const headingId = useId();
  const percent = Math.round(scores.confidence * 100);
  const missing = SCORE_METRICS.filter((metric) => !chartedMetrics(scores).includes(metric));
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={4} size="h5" id={headingId}>
        Scores per system
      </Title>
      {scores.systems.length === 0 ? (
        <Text size="sm" c="dimmed">
          This release has no summaries to score.
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            Mean of the per-summary scores [{percent}% bootstrap interval, {scores.n_resamples} resamples of the system’s
            summaries]; n counts the summaries whose score is defined. Per summary in <code>scores.csv</code>, per system in{' '}
            <code>system_scores.csv</code>.
          </Text>
          <Table.ScrollContainer minWidth={720}>
            <Table aria-label={`Scores per system of ${version}`} verticalSpacing={4} fz="sm" withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">System</Table.Th>
                  <Table.Th scope="col">Summaries</Table.Th>
                  {SCORE_METRICS.map((metric) => (
                    <Table.Th scope="col" key={metric.key} title={metric.definition}>
                      {metric.label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {scores.systems.map((system) => (
                  <Table.Tr key={system.system}>
                    <Table.Th scope="row" fw={500}>
                      {system.system}
                    </Table.Th>
                    <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{system.summaries}</Table.Td>
                    {SCORE_METRICS.map((metric) => {
                      const score = system[metric.key];
                      return (
                        <Table.Td
                          key={metric.key}
                          style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                          title={`${metric.label}: ${describeScore(score, scores.confidence)}`}
                        >
                          {formatScoreWithInterval(score)}
                          <Text component="span" size="xs" c="dimmed" display="block">
                            n = {score.n}
                          </Text>
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ScoreChart scores={scores} version={version} />
          {missing.length > 0 && (
            <Text size="xs" c="dimmed">
              No summary has a score for {missing.map((metric) => metric.label).join(', ')} (not judged in this release’s
              rounds).
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
