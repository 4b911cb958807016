import { Group, NativeSelect, Text, Title } from '@mantine/core';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';

import type { Handle, Summary } from '../../api/types';
import { atomicFactsKind, MAX_ATOMIC_FACTS, MAX_ATOMIC_TEXT, type AtomicFact } from '../../kinds/atomicFacts';
import { ConflictPanel } from '../ConflictPanel';
import { focusNav } from '../focus';
import { activeFactPosition, useSpanFocus } from '../spans/activeSpan';
import { withoutLink } from '../spans/evidenceEdits';
import { useItem, useWorkspacePayload } from '../useItem';
import { acuScore, describeAtomicFacts, effectiveAtomicFacts, setFactNoEvidence, setVerdict, writtenFact } from './atomicFactEdits';
import { acuNav, acuTextNav, AtomicFactRow, type AtomicFactEdits } from './AtomicFactRow';
import { FACT_TEXT_DEBOUNCE_MS, NewFact } from './FactText';
import { ratio, shortText, withEdited, withInserted, withMoved, withRemoved } from './factLists';
import { keepDigits } from './ownDigits';

/** The panel (its first control) and its new-claim field, by `data-nav` id. */
export const atomicFactsNav = (summary: string) => `atomic_facts:${summary}`;
export const newAtomicFactNav = (summary: string) => `atomic_new:${summary}`;

interface AtomicFactsPanelProps {
  summary: Summary;
  /** The sentence of this summary focused last: a new claim is split from it. */
  activeSentence: Handle | null;
  /** The scheme's `show_fact_scores`: the linguist's own ACU score of the summary. */
  showScore: boolean;
}

/**
 * A summary's atomic facts (when the scheme asks for them), each verified against the
 * dialogue. Written mode: the linguist splits sentences into claims (each linked to its
 * sentence); given mode: the round's ACUs for the summary, read-only, verdict and evidence
 * only. Shows the ACU score (supported ÷ all) when the scheme shows scores. One judgement per
 * summary (`atomic_facts`),
 * saved whole through the save queue.
 */
export const AtomicFactsPanel = memo(function AtomicFactsPanel({
  summary,
  activeSentence,
  showScore,
}: AtomicFactsPanelProps) {
  const headingId = useId();
  const root = useRef<HTMLElement>(null);
  const payload = useWorkspacePayload();
  const item = useItem(atomicFactsKind, summary.id);
  const evidenceFocus = useSpanFocus();
  const given = useMemo(
    () => (payload.given_atomic_facts === true ? (summary.given_atomic_facts ?? []) : null),
    [payload.given_atomic_facts, summary.given_atomic_facts],
  );
  const written = given === null;
  const facts = useMemo(() => effectiveAtomicFacts(item.answer.facts, given), [item.answer, given]);
  const { current: currentAnswer, readOnly, save: saveItem } = item;
  const activePosition = activeFactPosition(evidenceFocus.active, summary.id);
  const [sentence, setSentence] = useState<Handle | null>(activeSentence ?? summary.sentences[0]?.id ?? null);
  useEffect(() => {
    if (activeSentence !== null) setSentence(activeSentence);
  }, [activeSentence]);

  const focus = useCallback((navId: string) => {
    focusNav(root.current, navId);
  }, []);
  const setActive = evidenceFocus.setActive;
  const onActivate = useCallback(
    (position: number) => setActive({ kind: 'atomic_fact', summary: summary.id, position }),
    [setActive, summary.id],
  );

  const edits = useMemo((): AtomicFactEdits => {
    const current = () => effectiveAtomicFacts(currentAnswer().facts, given);
    const save = (next: AtomicFact[], options?: { debounceMs?: number }) => {
      if (!readOnly) saveItem({ facts: next }, options);
    };
    return {
      verdict: (position, verdict) => save(setVerdict(current(), position, verdict)),
      text: (position, text) =>
        save(withEdited(current(), position, (fact) => ({ ...fact, text })), { debounceMs: FACT_TEXT_DEBOUNCE_MS }),
      move: (position, step) => {
        const to = position + step;
        if (to < 1 || to > current().length) return;
        save(withMoved(current(), position, step));
        focus(acuTextNav(summary.id, to));
      },
      remove: (position) => {
        const before = current();
        save(withRemoved(before, position));
        focus(position > 1 ? acuNav(summary.id, position - 1) : before.length > 1 ? acuNav(summary.id, 1) : newAtomicFactNav(summary.id));
      },
      unlink: (position, evidence) => save(withEdited(current(), position, (fact) => withoutLink(fact, evidence))),
      noEvidence: (position, none) => save(setFactNoEvidence(current(), position, none)),
    };
  }, [currentAnswer, given, readOnly, saveItem, focus, summary.id]);

  const score = acuScore(facts);
  const error = item.errors?.facts ?? item.errors?.detail;
  const chosen = summary.sentences.find((candidate) => candidate.id === sentence);

  return (
    <section aria-labelledby={headingId} className="atomic-facts" ref={root} onKeyDown={keepDigits}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} id={headingId} className="pane-title">
          Atomic facts of summary {summary.label}
        </Title>
        {showScore && (
          <Text size="sm" data-score="acu">
            ACU score {ratio(score.part, score.whole)}
          </Text>
        )}
      </Group>
      <div data-nav={atomicFactsNav(summary.id)}>
        {written && facts.length === 0 && !readOnly && (
          <Text size="sm" c="dimmed">
            Split each sentence into its claims, one per fact, and say whether the dialogue supports each.
          </Text>
        )}
        {!written && facts.length === 0 && (
          <Text size="sm" c="dimmed">
            No atomic facts are given for this summary.
          </Text>
        )}
        <ol className="plain-list fact-list__items" aria-label={`Atomic facts of summary ${summary.label}`}>
          {facts.map((fact) => (
            <AtomicFactRow
              key={fact.position}
              fact={fact}
              summary={summary}
              count={facts.length}
              written={written}
              active={activePosition === fact.position}
              readOnly={readOnly}
              turns={payload.document.turns}
              edits={edits}
              onActivate={onActivate}
              focus={focus}
            />
          ))}
        </ol>
        {written && !readOnly && (
          <div className="new-claim">
            <NewFact
              label={`Atomic fact ${facts.length + 1} of summary ${summary.label}`}
              description={
                chosen === undefined
                  ? 'Enter adds it; the field is then ready for the next claim.'
                  : `Enter adds a claim of sentence ${chosen.number}: “${shortText(chosen.text, 90)}”`
              }
              placeholder="One claim, then Enter"
              navId={newAtomicFactNav(summary.id)}
              keys="Enter"
              readOnly={readOnly}
              maxLength={MAX_ATOMIC_TEXT}
              full={facts.length >= MAX_ATOMIC_FACTS ? `A summary holds at most ${MAX_ATOMIC_FACTS} atomic facts.` : null}
              onAdd={(text) => {
                const next = withInserted<AtomicFact>(effectiveAtomicFacts(currentAnswer().facts, null), writtenFact(text, sentence));
                saveItem({ facts: next });
              }}
              onEscape={() => {
                if (facts.length > 0) focus(acuNav(summary.id, facts.length));
              }}
            />
            <NativeSelect
              size="xs"
              label="Split from sentence"
              aria-label={`Sentence of summary ${summary.label} the next atomic fact is split from`}
              aria-keyshortcuts="a"
              value={sentence ?? ''}
              data={[
                ...summary.sentences.map((candidate) => ({
                  value: candidate.id,
                  label: `${candidate.number}. ${shortText(candidate.text, 50)}`,
                })),
                { value: '', label: 'No particular sentence' },
              ]}
              onChange={(event) => setSentence(event.currentTarget.value === '' ? null : event.currentTarget.value)}
            />
          </div>
        )}
      </div>
      {error !== undefined && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      {item.conflict !== undefined && (
        <ConflictPanel
          itemName={`The atomic facts of summary ${summary.label}`}
          conflict={item.conflict}
          errorTypes={item.errorTypes}
          fieldNames={{ facts: 'Atomic facts' }}
          describe={(field, value) => (field === 'facts' ? describeAtomicFacts(value, summary) : null)}
          onKeepMine={item.keepMine}
          onUseSaved={item.adoptSaved}
        />
      )}
    </section>
  );
});
