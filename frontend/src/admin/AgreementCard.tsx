import { Alert, Anchor, Card, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';

import type { AgreementHistoryQuestion, AgreementQuestion, CompetenceQuestion } from '../api/types';
import { CompetenceTable } from './CompetenceTable';
import { ConfusionTable } from './ConfusionTable';
import { formatInterval, formatPercent, formatStat } from './format';
import { HistoryChart, hasHistory } from './HistoryChart';
import { PairwiseHeatmap } from './PairwiseHeatmap';
import { adminPaths } from './paths';
import { TargetBadge } from './TargetBadge';
import { VsMajorityTable } from './VsMajorityTable';

interface AgreementCardProps {
  question: AgreementQuestion;
  annotators: string[];
  history?: AgreementHistoryQuestion | undefined;
  roundId?: number;
  slug?: string | undefined;
  /** Dawid–Skene and MACE for this question, when the report has them. */
  competence?: CompetenceQuestion | undefined;
}

/** Below this many units an interval is too wide to read a coefficient as a finding. */
export const SMALL_N = 30;

/** One question of the report: the coefficient with its interval first, the details below. */
export function AgreementCard({ question, annotators, history, roundId, slug, competence }: AgreementCardProps) {
  const headingId = useId();
  const { coefficient, alpha } = question;
  const spans = question.level === 'span';
  const coefficientInterval = formatInterval(coefficient?.ci);
  const alphaInterval = formatInterval(alpha?.ci);
  const measure = coefficient?.name ?? 'Agreement';
  const smallN = question.small_n ?? question.n_units < SMALL_N;

  return (
    <Card component="article" withBorder padding="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4" id={headingId}>
            {question.label}
          </Title>
          <TargetBadge target={question.target} met={question.met} />
        </Group>

        {smallN && question.n_units > 0 && (
          <Alert color="yellow" p="xs" title={`Only ${question.n_units} unit${question.n_units === 1 ? '' : 's'}`}>
            Too few to read the coefficient as a finding: one disagreement more or less can move it
            a long way (see the interval). Annotate at least {SMALL_N} units before judging agreement.
          </Alert>
        )}
        {coefficient === null ? (
          <Alert color="gray" title="Not computed" p="xs">
            {question.note ?? 'The server gave no reason.'}
          </Alert>
        ) : (
          <div>
            <Text size="sm" c="dimmed">
              {coefficient.name}
            </Text>
            <Text fz={28} fw={700} lh={1.2} data-testid="coefficient-value" c={smallN ? 'dimmed' : undefined}>
              {formatStat(coefficient.value)}
            </Text>
            {coefficientInterval !== null && <Text size="sm">{coefficientInterval}</Text>}
          </div>
        )}

        <dl className="stats">
          {/* Spans are compared by F1 between raters: no alpha or percent agreement. */}
          {!spans && (
            <>
              <div>
                <dt>Krippendorff&apos;s alpha</dt>
                <dd>
                  {formatStat(alpha?.value)}
                  {alphaInterval !== null && <span className="stats__ci"> ({alphaInterval})</span>}
                </dd>
              </div>
              <div>
                <dt>Percent agreement</dt>
                <dd>{formatPercent(question.percent_agreement)}</dd>
              </div>
            </>
          )}
          <div>
            <dt>{spans ? 'Sentences flagged by two or more' : 'Units'}</dt>
            <dd>{question.n_units}</dd>
          </div>
          <div>
            <dt>Raters</dt>
            <dd>{question.n_raters}</dd>
          </div>
          <div>
            <dt>Target</dt>
            <dd>{question.target === null ? 'None' : formatStat(question.target)}</dd>
          </div>
        </dl>
        {coefficient !== null && question.note !== null && question.note !== '' && (
          <Text size="sm" c="dimmed">
            {question.note}
          </Text>
        )}
        {question.projection != null && <ProjectionLine projection={question.projection} />}

        {/* No axes without a point: a question never computed has nothing to plot. */}
        {history !== undefined && hasHistory(history) && (
          <HistoryChart history={history} {...(roundId === undefined ? {} : { currentRoundId: roundId })} />
        )}

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {question.pairwise.length > 0 && (
            <PairwiseHeatmap pairwise={question.pairwise} annotators={annotators} caption={`Pairwise ${measure}`} />
          )}
          {/* With two raters the majority is undefined on every disagreement: nothing to show. */}
          {question.vs_majority.length > 0 && question.n_raters > 2 && (
            <VsMajorityTable rows={question.vs_majority} caption="Each annotator vs the majority" />
          )}
        </SimpleGrid>
        {spans && question.per_label != null && Object.keys(question.per_label).length > 0 && (
          <Table className="per-type" captionSide="top" withTableBorder>
            <Table.Caption>{`${measure} by error type`}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Error type</Table.Th>
                <Table.Th scope="col">F1</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {Object.entries(question.per_label).map(([name, value]) => (
                <Table.Tr key={name}>
                  <Table.Th scope="row">{name}</Table.Th>
                  <Table.Td>{formatStat(value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {/* Error types: Fleiss' kappa of each type (chosen or not), computed with the report. */}
        {!spans && question.per_label != null && Object.keys(question.per_label).length > 0 && (
          <Table className="per-type" captionSide="top" withTableBorder>
            <Table.Caption>Fleiss&apos; kappa by error type</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Error type</Table.Th>
                <Table.Th scope="col">Kappa</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {Object.entries(question.per_label).map(([name, value]) => (
                <Table.Tr key={name}>
                  <Table.Th scope="row">{name}</Table.Th>
                  <Table.Td>{formatStat(value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {question.confusion !== null && question.confusion.labels.length > 0 && (
          <ConfusionTable confusion={question.confusion} annotators={annotators} />
        )}
        {question.confusion_pairs !== undefined && question.confusion_pairs.length > 0 && (
          <ConfusionPairs pairs={question.confusion_pairs} roundId={roundId} slug={slug} />
        )}
        {competence !== undefined && <CompetenceTable competence={competence} />}
      </Stack>
    </Card>
  );
}

type Projection = NonNullable<AgreementQuestion['projection']>;

/** "About 120 more units for an interval of ±0.05", from the bootstrap's spread. */
export function ProjectionLine({ projection }: { projection: Projection }) {
  const what = projection.resampled === 'units' ? 'units' : 'items';
  const target = `±${formatStat(projection.half_width)}`;
  let text: string;
  if (projection.units_needed === null || projection.more_units === null) {
    text = `No projection for an interval of ${target}: ${projection.note ?? 'the interval is undefined'}.`;
  } else if (projection.more_units === 0) {
    text = `The interval is already within ${target} at ${projection.n_units} ${what}.`;
  } else {
    text =
      `About ${projection.more_units} more ${what} (${projection.units_needed} in all) for an interval of ${target}` +
      ` at the current agreement; now ±${formatStat(projection.current_half_width)} from ${projection.n_units} ${what}.`;
  }
  return (
    <Text size="sm" data-testid="projection">
      {text}
    </Text>
  );
}

type ConfusionPair = NonNullable<AgreementQuestion['confusion_pairs']>[number];

/** The most frequent disagreements, each with links to the units where they occur. */
function ConfusionPairs({ pairs, roundId, slug }: { pairs: ConfusionPair[]; roundId?: number | undefined; slug?: string | undefined }) {
  const headingId = useId();
  return (
    <div>
      <Text size="sm" fw={600} id={headingId}>
        Most frequent disagreements
      </Text>
      <List size="sm" aria-labelledby={headingId} spacing={4}>
        {pairs.map((pair) => (
          <List.Item key={`${pair.a}|${pair.b}`}>
            “{pair.a}” vs “{pair.b}”: {pair.count} time{pair.count === 1 ? '' : 's'}
            {pair.n_units > 0 && ` in ${pair.n_units} unit${pair.n_units === 1 ? '' : 's'}`}
            {roundId !== undefined && pair.units.length > 0 && (
              <>
                {' — '}
                {pair.units.map((unit, index) => (
                  <span key={unit.id}>
                    {index > 0 && ', '}
                    <Anchor component={Link} to={adminPaths.disagreement(roundId, unit.id, slug)} size="sm">
                      {unit.name}
                    </Anchor>
                  </span>
                ))}
                {pair.n_units > pair.units.length && ` and ${pair.n_units - pair.units.length} more`}
              </>
            )}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
