import { Alert, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';

import type { AssistedReveal, RevealFigure } from '../api/types';
import { formatInterval, formatPercent, formatStat } from './format';

type Figures = AssistedReveal['overall'];

/** "95% CI 12% to 30%" from a share's interval; null when it has none. */
function percentInterval(ci: readonly (number | null)[] | null | undefined): string | null {
  const [low, high] = ci ?? [];
  if (low == null || high == null) return null;
  return `95% CI ${formatPercent(low)} to ${formatPercent(high)}`;
}

/** A share with its unit-clustered interval, "34% (95% CI 28% to 40%)"; "—" when undefined. */
function share(figure: RevealFigure | null | undefined): string {
  if (figure === null || figure === undefined || figure.value === null) return '—';
  const interval = percentInterval(figure.ci);
  return `${formatPercent(figure.value)}${interval === null ? '' : ` (${interval})`}`;
}

/** A difference of shares in percentage points, with its interval. */
function points(figure: RevealFigure | null | undefined): string {
  if (figure === null || figure === undefined || figure.value === null) return '—';
  const [low, high] = figure.ci;
  const point = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(Math.round(value * 1000) / 10)}`;
  const interval = low == null || high == null ? '' : ` (95% CI ${point(low)} to ${point(high)})`;
  return `${point(figure.value)} points${interval}`;
}

function seconds(figure: RevealFigure | null | undefined): string {
  if (figure === null || figure === undefined || figure.value === null) return '—';
  return `${Math.round(figure.value)} s`;
}

function stat(figure: RevealFigure | null | undefined): string {
  if (figure === null || figure === undefined || figure.value === null) return '—';
  const interval = formatInterval(figure.ci);
  return `${formatStat(figure.value)}${interval === null ? '' : ` (${interval})`}`;
}

/**
 * An assisted round (docs/agreement.md, "Assisted rounds: what the reveal did"): how often
 * linguists changed their label after the model's verdict was revealed, and in which
 * direction; their agreement with the model before and after; labels and time in assisted and
 * unassisted units. Every interval resamples units.
 */
export function RevealCard({ reveal }: { reveal: AssistedReveal }) {
  const headingId = useId();
  const { overall } = reveal;
  const rows: { name: string; figures: Figures | AssistedReveal['annotators'][number] }[] = [
    { name: 'All annotators', figures: overall },
    ...reveal.annotators.map((annotator) => ({ name: annotator.annotator, figures: annotator })),
  ];
  return (
    <Card component="article" withBorder padding="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={headingId}>
          Model verdicts revealed after the label
        </Title>
        <Text>
          {reveal.n_revealed === 0
            ? 'No label has revealed a model verdict yet.'
            : `${formatPercent(overall.changed.value)} of ${overall.changed.n_revealed} revealed labels were changed after the reveal (${overall.changed.to_inconsistent} to inconsistent, ${overall.changed.to_consistent} to consistent); agreement with the model ${formatPercent(overall.model_agreement.before?.value)} before the reveal, ${formatPercent(overall.model_agreement.after?.value)} after.`}
        </Text>
        {reveal.small_n && reveal.n_revealed > 0 && (
          <Alert color="yellow" p="xs" title={`Only ${reveal.n_revealed} revealed labels`}>
            Too few to read these differences as an effect of the reveal.
          </Alert>
        )}
        <Table.ScrollContainer minWidth={720}>
          <Table captionSide="top" withTableBorder fz="sm">
            <Table.Caption>Per annotator and overall, with 95% intervals that resample units</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Annotator</Table.Th>
                <Table.Th scope="col">Changed after reveal</Table.Th>
                <Table.Th scope="col">Agreement with the model: before → after</Table.Th>
                <Table.Th scope="col">Inconsistent: assisted vs unassisted</Table.Th>
                <Table.Th scope="col">Agreement with others: assisted vs unassisted</Table.Th>
                <Table.Th scope="col">Time per unit: assisted vs unassisted</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ name, figures }) => (
                <Table.Tr key={name}>
                  <Table.Th scope="row">{name}</Table.Th>
                  <Table.Td>{share(figures.changed.value === null ? null : { ...figures.changed, ci: figures.changed.ci ?? [] })}</Table.Td>
                  <Table.Td>
                    {share(figures.model_agreement.before)} → {share(figures.model_agreement.after)};{' '}
                    {points(figures.model_agreement.difference)}
                  </Table.Td>
                  <Table.Td>
                    {share(figures.inconsistent_rate.assisted)} vs {share(figures.inconsistent_rate.unassisted)}
                  </Table.Td>
                  <Table.Td>
                    {'n_mixed_sentences' in figures.agreement
                      ? `alpha ${stat(figures.agreement.assisted.alpha)} vs ${stat(figures.agreement.unassisted.alpha)}`
                      : `${share(figures.agreement.assisted)} vs ${share(figures.agreement.unassisted)}`}
                  </Table.Td>
                  <Table.Td>
                    {seconds(figures.time.assisted)} vs {seconds(figures.time.unassisted)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}
