import { Badge, Button, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';

import { ApiError, api } from '../../api/client';
import type { components } from '../../api/schema';
import { goldRuleText } from './KeyFactAdjudication';
import type { AdjudicatedSummary, AdjudicationPayload } from './types';

type AtomicFact = components['schemas']['AtomicFactOutput'];
type Verdict = AtomicFact['verdict'];

const VERDICT_NAMES: Record<string, string> = { supported: 'supported', not_supported: 'not supported', '': '–' };

/** The same fact in another list: the same given ACU, or (written facts) the same text. */
function sameFact(a: AtomicFact, b: AtomicFact): boolean {
  return a.given !== null ? a.given === b.given : b.given === null && a.text === b.text;
}

/**
 * The atomic-fact layer of one summary on the adjudication screen: each fact with every
 * rater's verdict side by side, and the gold verdict the admin sets per fact. The gold list is
 * the admin's own sheet of the summary (saved through the ordinary atomic-fact save: versioned,
 * audited); before it exists, setting a verdict starts it from the first rater's facts, and a
 * rater's whole list can be copied in one save. Releases take it as `adjudicated`.
 */
export function AtomicFactAdjudication({ payload, summary, onSaved }: { payload: AdjudicationPayload; summary: AdjudicatedSummary; onSaved: () => void }) {
  const [message, setMessage] = useState<string | null>(null);
  const shown = payload.atomic_facts[summary.id];
  const own = payload.judgements.atomic_facts.find((state) => state.summary === summary.id);
  if (shown === undefined || (shown.answers.length === 0 && (own === undefined || own.facts.length === 0))) return null;
  const answers = shown.answers;
  const mine = own !== undefined && own.facts.length > 0 ? own.facts : null;
  const base = mine ?? answers[0]?.facts ?? [];
  const name = `summary ${summary.label}`;

  async function save(facts: AtomicFact[]) {
    try {
      await api.patch(`/api/assignments/${payload.assignment}/atomic_facts/${summary.id}/`, { facts, version: own?.version ?? 0 });
      setMessage('Gold atomic facts saved.');
    } catch (failure: unknown) {
      setMessage(
        failure instanceof ApiError && failure.status === 409
          ? 'Another admin changed these gold atomic facts meanwhile: the page now shows theirs.'
          : failure instanceof Error
            ? failure.message
            : 'The gold atomic facts were not saved.',
      );
    }
    onSaved();
  }

  return (
    <Stack gap={4} mt="xs" component="section" aria-label={`Atomic facts of ${name}`}>
      <Group gap="xs">
        <Text fw={600}>Atomic facts</Text>
        <Badge color={shown.gold.rule === 'adjudicated' ? 'grape' : 'blue'} variant="light" tt="none">
          {goldRuleText(shown.gold, 'verdicts', 'the first rater’s on the given ACUs')}
        </Badge>
        {answers.map((answer) => (
          <Button key={answer.rater} size="compact-xs" variant="light" onClick={() => void save(answer.facts)}>
            {mine === null ? `Copy ${answer.rater}'s atomic facts` : `Replace the gold atomic facts with ${answer.rater}'s`}
          </Button>
        ))}
      </Group>
      <Table withTableBorder={false} verticalSpacing={2} fz="sm" aria-label={`Verdicts on the atomic facts of ${name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Atomic fact</Table.Th>
            {answers.map((answer) => (
              <Table.Th key={answer.rater} scope="col">
                {answer.rater}
              </Table.Th>
            ))}
            <Table.Th scope="col">Gold</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {base.map((fact) => (
            <Table.Tr key={fact.position}>
              <Table.Th scope="row" fw={400}>
                {fact.position}. {fact.text}
              </Table.Th>
              {answers.map((answer) => {
                const theirs = answer.facts.find((candidate) => sameFact(fact, candidate));
                return <Table.Td key={answer.rater}>{theirs === undefined ? 'not in their list' : VERDICT_NAMES[theirs.verdict]}</Table.Td>;
              })}
              <Table.Td>
                <NativeSelect
                  size="xs"
                  aria-label={`Gold verdict on atomic fact ${fact.position} of ${name}`}
                  data={[
                    { value: '', label: mine === null ? '(not set)' : '–' },
                    { value: 'supported', label: 'supported' },
                    { value: 'not_supported', label: 'not supported' },
                  ]}
                  value={mine === null ? '' : fact.verdict}
                  onChange={(event) => {
                    const verdict = event.currentTarget.value as Verdict;
                    void save(base.map((each) => (each.position === fact.position ? { ...each, verdict } : each)));
                  }}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {answers.map((answer) => {
        // Facts a rater wrote that the list above does not have (written ACUs differ per rater).
        const others = answer.facts.filter((fact) => !base.some((listed) => sameFact(listed, fact)));
        if (others.length === 0) return null;
        return (
          <Text key={answer.rater} size="sm">
            {answer.rater}’s other atomic facts:{' '}
            {others.map((fact) => `${fact.position}. ${fact.text} (${VERDICT_NAMES[fact.verdict]})`).join('; ')}
          </Text>
        );
      })}
      {message !== null && (
        <Text size="sm" role="status">
          {message}
        </Text>
      )}
    </Stack>
  );
}
