import { Button, Group, Kbd, Table, Text, Title } from '@mantine/core';
import { memo, useCallback, useId, useMemo, useRef } from 'react';

import { KeyHint } from '../../components/KeyHint';
import type { Summary } from '../../api/types';
import { keyFactsKind, type KeyFact } from '../../kinds/keyFacts';
import { ConflictPanel } from '../ConflictPanel';
import { focusNav } from '../focus';
import { useItem, useWorkspacePayload } from '../useItem';
import { AlignmentGrid, coverageNav } from './AlignmentGrid';
import { ratio } from './factLists';
import { alignedNumbers, completeness, conciseness, describeKeyFacts, effectiveKeyFacts } from './keyFactEdits';
import { GivenKeyFactList, KeyFactList, keyFactNav } from './KeyFactList';

/** The panel's `data-nav` id: its first control (the first fact, or the grid in a given-list round). */
export const KEY_FACTS_NAV = 'key_facts';

interface KeyFactsPanelProps {
  open: boolean;
  onToggle: () => void;
  /** The scheme's `show_fact_scores`: the linguist's own completeness and conciseness. */
  showScores: boolean;
}

/**
 * The topic's key facts (when the scheme asks for completeness): the list the linguist writes
 * (or the round's given list, read-only), the grid aligning each fact with the summaries and
 * their sentences, and (when the scheme shows them) the linguist's own completeness and
 * conciseness per summary. One
 * judgement (`key_facts`): every edit saves the whole list, versioned, through the save queue.
 */
export const KeyFactsPanel = memo(function KeyFactsPanel({ open, onToggle, showScores }: KeyFactsPanelProps) {
  const headingId = useId();
  const bodyId = useId();
  const root = useRef<HTMLElement>(null);
  const payload = useWorkspacePayload();
  const item = useItem(keyFactsKind, null);
  const source = payload.key_fact_source ?? '';
  const given = useMemo(() => (source !== '' ? (payload.given_key_facts ?? []) : null), [source, payload.given_key_facts]);
  const facts = useMemo(() => effectiveKeyFacts(item.answer.facts, given), [item.answer, given]);
  const { current: currentAnswer, readOnly, save: saveItem } = item;
  const current = useCallback(() => effectiveKeyFacts(currentAnswer().facts, given), [currentAnswer, given]);
  const summaries = payload.summaries;
  const error = item.errors?.facts ?? item.errors?.detail;

  const save = useCallback(
    (next: KeyFact[], options?: { debounceMs?: number }) => {
      if (!readOnly) saveItem({ facts: next }, options);
    },
    [readOnly, saveItem],
  );
  const focus = useCallback((navId: string) => {
    focusNav(root.current, navId);
  }, []);
  /** Esc in the grid: back to the fact's own field when the linguist writes the list, else
   * (a given list, whose facts are text) to the summary's sentence that states the fact, or
   * its first sentence. */
  const leaveGrid = useCallback(
    (fact: KeyFact, summary: Summary) => {
      if (given === null && focusNav(root.current, keyFactNav(fact.position))) return;
      const number = alignedNumbers(fact, summary)[0] ?? 1;
      const sentence = summary.sentences.find((candidate) => candidate.number === number) ?? summary.sentences[0];
      if (sentence !== undefined) focusNav(root.current?.closest('.workspace-pane') ?? document, `label:${sentence.id}`);
    },
    [given],
  );

  return (
    <section aria-labelledby={headingId} className="key-facts" ref={root}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} id={headingId} className="pane-title">
          Key facts
        </Title>
        <Button
          variant="subtle"
          size="compact-xs"
          aria-expanded={open}
          aria-controls={bodyId}
          aria-keyshortcuts="p"
          onClick={onToggle}
          rightSection={<KeyHint keys="p" />}
        >
          {open ? 'Hide' : 'Show'} key facts
        </Button>
      </Group>
      {open ? (
        <div id={bodyId} data-nav={KEY_FACTS_NAV} className="key-facts__body">
          {given !== null ? (
            <GivenKeyFactList facts={facts} source={source} />
          ) : (
            <KeyFactList
              facts={facts}
              current={current}
              readOnly={readOnly}
              onSave={save}
              focus={focus}
              onLeave={(position) => {
                const first = summaries[0];
                if (first !== undefined && facts.length > 0) focus(coverageNav(Math.min(position, facts.length), first.id));
              }}
            />
          )}
          <AlignmentGrid facts={facts} current={current} summaries={summaries} readOnly={readOnly} onSave={save} onLeave={leaveGrid} />
          {showScores && facts.length > 0 && <FactScores facts={facts} summaries={summaries} />}
        </div>
      ) : (
        <Text size="sm" c="dimmed" id={bodyId}>
          {facts.length === 1 ? '1 key fact' : `${facts.length} key facts`}. Press <Kbd size="xs">p</Kbd> to open.
        </Text>
      )}
      {error !== undefined && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      {item.conflict !== undefined && (
        <ConflictPanel
          itemName="The key facts"
          conflict={item.conflict}
          errorTypes={item.errorTypes}
          fieldNames={{ facts: 'Key facts' }}
          describe={(field, value) => (field === 'facts' ? describeKeyFacts(value, summaries) : null)}
          onKeepMine={item.keepMine}
          onUseSaved={item.adoptSaved}
        />
      )}
    </section>
  );
});

/** The linguist's own scores so far, per summary (by letter): FineSurE's completeness and
 * conciseness of their alignment, when the scheme shows them (seeing a summary's score while
 * aligning it may steer the decisions, so a study chooses): they are the linguist's own
 * numbers, not anyone else's answer. */
function FactScores({ facts, summaries }: { facts: readonly KeyFact[]; summaries: readonly Summary[] }) {
  return (
    <div className="fact-scores">
      <Table withTableBorder={false} verticalSpacing={2} fz="sm" aria-label="Your completeness and conciseness per summary">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Summary</Table.Th>
            <Table.Th scope="col">Completeness</Table.Th>
            <Table.Th scope="col">Conciseness</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summaries.map((summary) => {
            const complete = completeness(facts, summary.id);
            const concise = conciseness(facts, summary);
            return (
              <Table.Tr key={summary.id}>
                <Table.Th scope="row">{summary.label}</Table.Th>
                <Table.Td data-score="completeness">{ratio(complete.part, complete.whole)}</Table.Td>
                <Table.Td data-score="conciseness">{ratio(concise.part, concise.whole)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        Completeness: key facts the summary states ÷ key facts. Conciseness: its sentences that state a key fact ÷ its
        sentences.
      </Text>
    </div>
  );
}
