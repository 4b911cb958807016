import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';

import { ApiError, api } from '../../api/client';
import type { Summary } from '../../api/types';
import type { KeyFact } from '../../kinds/keyFacts';
import { AlignmentGrid } from '../../workspace/facts/AlignmentGrid';
import { ratio } from '../../workspace/facts/factLists';
import { alignedNumbers, completeness, coverageOf } from '../../workspace/facts/keyFactEdits';
import { KeyFactList } from '../../workspace/facts/KeyFactList';
import { focusNav } from '../../workspace/focus';
import type { AdjudicationPayload, FactGold } from './types';

/** The grid and the list read only a summary's handle, letter and sentences (handle, number,
 * text), which the adjudication payload's summaries carry under the admin's handles. */
function asSummaries(payload: AdjudicationPayload): Summary[] {
  return payload.summaries as unknown as Summary[];
}

/** Where a release's gold list comes from now, in words. */
export function goldRuleText(gold: FactGold, what: string, given = "the given list, by the raters' majority"): string {
  if (gold.rule === 'adjudicated') return `Gold ${what}: yours (adjudicated)`;
  if (gold.rule === 'given') return `Gold ${what}: ${given} (given)`;
  if (gold.rule === 'written') return `Gold ${what}: ${gold.rater ?? 'the first rater'}'s (written)`;
  return `No gold ${what} yet`;
}

function cellText(fact: KeyFact, summary: Summary): string {
  const coverage = coverageOf(fact, summary.id);
  if (coverage === 'undecided') return '·';
  if (coverage === 'not_covered') return '✗';
  const numbers = alignedNumbers(fact, summary);
  return `✓ ${numbers.join(', ') || '?'}`;
}

function cellName(fact: KeyFact, summary: Summary): string {
  const coverage = coverageOf(fact, summary.id);
  if (coverage === 'undecided') return 'not decided';
  if (coverage === 'not_covered') return 'does not state it';
  const numbers = alignedNumbers(fact, summary);
  return numbers.length === 0 ? 'states it, no sentence marked' : `states it in sentence ${numbers.join(', ')}`;
}

/** One rater's list, read only: each fact and, per summary (by letter), whether the summary
 * states it and in which sentences; their completeness of each summary below. */
export function RaterKeyFacts({
  rater,
  facts,
  summaries,
  onCopy,
  copyLabel,
}: {
  rater: string;
  facts: readonly KeyFact[];
  summaries: readonly Summary[];
  onCopy: () => void;
  copyLabel: string;
}) {
  return (
    <Paper withBorder p="xs" component="section" aria-label={`${rater}'s key facts`}>
      <Group justify="space-between" mb={4}>
        <Title order={3} size="h5">
          {rater}
        </Title>
        <Button size="compact-xs" variant="light" disabled={facts.length === 0} onClick={onCopy}>
          {copyLabel}
        </Button>
      </Group>
      {facts.length === 0 ? (
        <Text size="sm" c="dimmed">
          No key facts.
        </Text>
      ) : (
        <Table withTableBorder={false} verticalSpacing={2} fz="sm" aria-label={`${rater}'s key facts and their alignment`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Key fact</Table.Th>
              {summaries.map((summary) => (
                <Table.Th key={summary.id} scope="col">
                  {summary.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {facts.map((fact) => (
              <Table.Tr key={fact.position}>
                <Table.Th scope="row" fw={400}>
                  {fact.position}. {fact.text}
                </Table.Th>
                {summaries.map((summary) => (
                  <Table.Td key={summary.id} data-cell={`${fact.position}:${summary.label}`}>
                    <span aria-hidden="true">{cellText(fact, summary)}</span>
                    <VisuallyHidden>{cellName(fact, summary)}</VisuallyHidden>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row">Completeness</Table.Th>
              {summaries.map((summary) => {
                const score = completeness(facts, summary.id);
                return <Table.Td key={summary.id}>{ratio(score.part, score.whole)}</Table.Td>;
              })}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** The admin's gold list, saved through the ordinary key-fact save of their adjudication
 * assignment (versioned: a stale version is a 409 with the saved list; audited). Text edits
 * wait a moment so a word typed is not a save. */
function useGoldKeyFacts(payload: AdjudicationPayload, onSaved: () => void) {
  const saved = payload.judgements.key_facts;
  const [facts, setFacts] = useState<KeyFact[]>(saved?.facts ?? []);
  const [message, setMessage] = useState<string | null>(null);
  const latest = useRef<KeyFact[]>(facts);
  const version = useRef(saved?.version ?? 0);
  const timer = useRef<number | undefined>(undefined);
  const pending = useRef(false);

  // A refetch after another admin's save (or our 409) brings a newer list: show it, unless
  // an edit of ours is still waiting to be sent.
  useEffect(() => {
    const incoming = saved?.version ?? 0;
    if (!pending.current && incoming !== version.current) {
      version.current = incoming;
      latest.current = saved?.facts ?? [];
      setFacts(latest.current);
    }
  }, [saved]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  // One save at a time: a second edit made while the first is on its way waits for the
  // version the first returns, instead of conflicting with it.
  const inflight = useRef<Promise<void>>(Promise.resolve());
  const sendNow = useCallback(async () => {
    pending.current = false;
    try {
      const state = await api.patch<{ version: number }>(`/api/assignments/${payload.assignment}/key_facts/`, {
        facts: latest.current,
        version: version.current,
      });
      version.current = state.version;
      setMessage('Gold key facts saved.');
    } catch (failure: unknown) {
      setMessage(
        failure instanceof ApiError && failure.status === 409
          ? 'Another admin changed the gold key facts meanwhile: the page now shows theirs.'
          : failure instanceof Error
            ? failure.message
            : 'The gold key facts were not saved.',
      );
      // Whatever is on the server wins: a refused edit must not stay on screen as if saved.
      version.current = -1;
    }
    onSaved();
  }, [payload.assignment, onSaved]);
  const send = useCallback(() => {
    inflight.current = inflight.current.then(sendNow);
    return inflight.current;
  }, [sendNow]);

  const save = useCallback(
    (next: KeyFact[], options?: { debounceMs?: number }) => {
      latest.current = next;
      setFacts(next);
      pending.current = true;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void send(), options?.debounceMs ?? 0);
    },
    [send],
  );
  const current = useCallback(() => latest.current, []);
  return { facts, save, current, message };
}

/**
 * The key-fact layer of the adjudication screen: every rater's list side by side (their facts,
 * which summaries and sentences state each, their completeness), and the admin's gold list,
 * started by copying one rater's list (one save) or written, then edited and aligned with the
 * workspace's own list and grid. Releases take it as `adjudicated` (docs/completeness.md).
 */
export function KeyFactAdjudication({ payload, onSaved }: { payload: AdjudicationPayload; onSaved: () => void }) {
  const summaries = asSummaries(payload);
  const root = useRef<HTMLDivElement>(null);
  const { facts, save, current, message } = useGoldKeyFacts(payload, onSaved);
  const lists = payload.key_facts.lists;
  if (lists.every((entry) => entry.facts.length === 0) && facts.length === 0) return null;

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="key-fact-adjudication">
      <Group gap="xs" mb="xs">
        <Title order={2} size="h4" id="key-fact-adjudication">
          Key facts
        </Title>
        <Badge color={payload.key_facts.gold.rule === 'adjudicated' ? 'grape' : 'blue'} variant="light" tt="none">
          {goldRuleText(payload.key_facts.gold, 'list')}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, md: Math.min(Math.max(lists.length, 1), 3) }} spacing="xs">
        {lists.map((entry) => (
          <RaterKeyFacts
            key={entry.rater}
            rater={entry.rater}
            facts={entry.facts}
            summaries={summaries}
            copyLabel={facts.length === 0 ? `Copy ${entry.rater}'s list` : `Replace the gold list with ${entry.rater}'s`}
            onCopy={() => save(entry.facts.map((fact) => ({ ...fact, given: null })))}
          />
        ))}
      </SimpleGrid>
      <Stack gap="xs" mt="sm" component="section" aria-label="Gold key facts" ref={root}>
        <Title order={3} size="h5">
          Gold key facts
        </Title>
        <Text size="sm" c="dimmed">
          Copy a rater’s list above, or write the list here; then edit it and align it with the summaries.
        </Text>
        <KeyFactList facts={facts} current={current} readOnly={false} onSave={save} focus={(navId) => focusNav(root.current, navId)} onLeave={() => undefined} />
        <AlignmentGrid facts={facts} current={current} summaries={summaries} readOnly={false} onSave={save} onLeave={() => undefined} />
        {message !== null && (
          <Text size="sm" role="status">
            {message}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
