import { Alert, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';

import type { Assistance, AssistanceCondition } from '../api/types';
import { SMALL_N } from './AgreementCard';
import { assistanceSummary } from './assistanceSummary';
import { ConfusionTable } from './ConfusionTable';
import { formatInterval, formatPercent, formatStat } from './format';

interface AssistanceCardProps {
  assistance: Assistance;
  roundId: number;
}

/**
 * Labels with evidence hints against labels without, on the units two rounds share: do hints
 * change what annotators decide? The sentence first, the figures behind it below.
 */
export function AssistanceCard({ assistance, roundId }: AssistanceCardProps) {
  const headingId = useId();
  const other = assistance.conditions.find((condition) => condition.round !== roundId);
  const { evidence } = assistance;
  const evidenceInterval = formatInterval(evidence?.ci);

  return (
    <Card component="article" withBorder padding="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={headingId}>
          Evidence hints: with and without
        </Title>
        <Text>{assistanceSummary(assistance)}</Text>
        {other !== undefined && (
          <Text size="sm" c="dimmed">
            Compared with “{other.round_name}”,{' '}
            {assistance.chosen === 'explicit'
              ? 'the round an admin chose.'
              : 'the most recent round of the same kind over the same units with hints the other way.'}
          </Text>
        )}
        {assistance.small_n && assistance.n_compared > 0 && (
          <Alert color="yellow" p="xs" title={`Only ${assistance.n_compared} sentence${assistance.n_compared === 1 ? '' : 's'} compared`}>
            Too few to read a difference between the rounds as an effect of the hints. Compare at
            least {SMALL_N} sentences.
          </Alert>
        )}
        {/* With nothing compared the sentence above already says why; otherwise the note explains an undefined kappa. */}
        {assistance.differ !== null && assistance.note !== null && assistance.note !== '' && (
          <Text size="sm" c="dimmed">
            {assistance.note}
          </Text>
        )}
        {assistance.n_sentences > 0 && <ConditionsTable conditions={assistance.conditions} roundId={roundId} />}
        {evidence !== null && (
          <Text size="sm">
            Evidence turn F1 between the rounds {formatStat(evidence.value)}
            {evidenceInterval !== null && ` (${evidenceInterval})`}, on {evidence.n_units} sentence
            {evidence.n_units === 1 ? '' : 's'} both label inconsistent.
          </Text>
        )}
        {assistance.confusion !== null && (
          // Rows with hints: below the diagonal, sentences inconsistent with hints and consistent without.
          <ConfusionTable confusion={assistance.confusion} annotators={['with hints', 'without hints']} />
        )}
      </Stack>
    </Card>
  );
}

function ConditionsTable({ conditions, roundId }: { conditions: AssistanceCondition[]; roundId: number }) {
  return (
    <Table captionSide="top" withTableBorder fz="sm">
      <Table.Caption>Each round on the shared sentences</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Round</Table.Th>
          <Table.Th scope="col">Labels inconsistent</Table.Th>
          <Table.Th scope="col">Agreement within the round</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {conditions.map((condition) => (
          <Table.Tr key={condition.round}>
            <Table.Th scope="row">
              {condition.round_name} ({condition.hints ? 'with' : 'without'} hints
              {condition.round === roundId ? ', this round' : ''})
            </Table.Th>
            <Table.Td>
              {formatPercent(condition.share_inconsistent)} ({condition.n_inconsistent} of {condition.n_labels})
            </Table.Td>
            <Table.Td>{withinRound(condition)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function withinRound(condition: AssistanceCondition): string {
  const { agreement } = condition;
  if (agreement === null) return condition.agreement_note ?? '—';
  const interval = formatInterval(agreement.ci);
  return `${agreement.name} ${formatStat(agreement.value)}${interval === null ? '' : ` (${interval})`}`;
}
