import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { useNavigate } from 'react-router';

import type { Evidence, MissingItem } from '../api/types';
import { explanationsKind, verdictOf, withVerdict } from '../kinds/explanations';
import { reviewKind } from '../kinds/review';
import { itemKey } from '../kinds/registry';
import { secondReviewKind } from '../kinds/secondReview';
import { answerOf, savedAnswersOn } from '../workspace/answers';
import { DialoguePane, type Linking } from '../workspace/DialoguePane';
import { focusNav } from '../workspace/focus';
import { MissingList } from '../workspace/MissingList';
import { ShortcutTable } from '../workspace/ShortcutSheet';
import { scrollToTurn } from '../workspace/spans/activeSpan';
import { SubmitConfirm } from '../workspace/SubmitConfirm';
import { ItemSavingContext } from '../workspace/useItem';
import { useSubmit } from '../workspace/useSubmit';
import { useAnswerSaving } from '../workspace/useWorkspaceSaving';
import { ItemBar } from './ItemBar';
import { ItemCard } from './ItemCard';
import { itemShortcuts, type ItemKeyAction, type ItemKeyContext } from './itemKeys';
import { ItemNotices } from './ItemNotices';
import { queuePath, type ExplanationChoice } from './stages';
import type { ItemsPayload } from './types';
import { useItemKeys } from './useItemKeys';

const NONE: readonly Evidence[] = [];

type ExplanationVerdictValue = ExplanationChoice['value'];

/** Where a "missing" entry of a refused submit lives: the item (by summary letter and sentence
 * number) and the control that needs an answer (`data-nav` ids of the stage controls). */
function missingTarget(missing: MissingItem, payload: ItemsPayload): { index: number; navId: string } | null {
  const summary = payload.summaries.find((candidate) => candidate.label === missing.summary);
  const sentence = summary?.sentences.find((candidate) => candidate.number === missing.sentence);
  const index = payload.items.findIndex((item) => item.sentence === sentence?.id);
  return sentence === undefined || index === -1 ? null : { index, navId: `${missing.item}:${sentence.id}` };
}

/**
 * The item screen of a review or error-typing assignment (docs/review.md): the dialogue on the
 * left with the active item's evidence, the items on the right, keyboard-first like the
 * workspace and saved by the same queue (versioned autosave, conflicts, offline replay).
 */
export function ItemScreen({ payload }: { payload: ItemsPayload }) {
  const { queue, snapshot, store, change } = useAnswerSaving(payload, () => savedAnswersOn('items', payload));
  const { state: submitState, submit } = useSubmit(payload.id, queue);
  const submitted = submitState.phase === 'submitted';
  const readOnly = payload.read_only || submitted || submitState.phase === 'read_only' || snapshot.status === 'read_only';
  const errorTypes = payload.taxonomy.types;
  const { items, stage } = payload;
  const navigate = useNavigate();

  const pane = useRef<HTMLElement>(null);
  const [active, setActive] = useState<number | null>(items.length > 0 ? 0 : null);
  const [confirmingSubmit, setConfirmingSubmit] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // Whether the person has reached an item yet (itemKeys.ts, `entered`).
  const entered = useRef(false);

  const summaryOf = useMemo(() => new Map(payload.summaries.map((summary) => [summary.id, summary])), [payload.summaries]);
  const sentenceOf = useMemo(
    () => new Map(payload.summaries.flatMap((summary) => summary.sentences.map((sentence) => [sentence.id, sentence] as const))),
    [payload.summaries],
  );
  const activeItem = active === null ? undefined : items[active];

  // Every annotator's evidence for the active item, highlighted in the dialogue.
  const evidence = useMemo(
    () => activeItem?.labels.flatMap((label) => label.spans.flatMap((span) => span.evidence)) ?? NONE,
    [activeItem],
  );
  const linking = useMemo(
    (): Linking | null =>
      activeItem === undefined ? null : { spanName: 'the active item', kind: 'item', evidence, canLink: false, onLink: () => undefined },
    [activeItem, evidence],
  );
  useEffect(() => {
    const first = evidence[0];
    if (first !== undefined) scrollToTurn(first.turn);
  }, [evidence]);

  // The page never scrolls while the screen is open: only its two panes do (as the workspace).
  useEffect(() => {
    document.documentElement.classList.add('workspace-open');
    return () => document.documentElement.classList.remove('workspace-open');
  }, []);

  const focusItem = useCallback((index: number) => {
    setActive(index);
    const card = pane.current?.querySelector<HTMLElement>(`[data-item-index="${index}"]`);
    card?.focus({ preventScroll: true });
    card?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  function confirmSubmit() {
    setConfirmingSubmit(false);
    submit();
  }

  /** Focus a control of the active item, or say why there is none. */
  function focusControl(navId: string, otherwise: string) {
    if (!focusNav(pane.current, navId)) setNotice(otherwise);
  }

  /** An explanation round's digit: the focused explanation of the active item gets the
   * verdict (else its first one not judged), then focus moves to the next one. */
  function judgeExplanation(verdict: ExplanationVerdictValue) {
    if (activeItem === undefined || activeItem.explanations.length === 0) return;
    const answer = answerOf(store.get(), explanationsKind, activeItem.sentence);
    const focused = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('[data-explanation]');
    const inItem = focused !== null && focused !== undefined && focused.closest('[data-item-index]') === cardOf(active);
    const firstOpen = activeItem.explanations.findIndex((explanation) => verdictOf(answer, explanation.id) === '') + 1;
    const position = inItem ? Number(focused.dataset.explanation) : firstOpen > 0 ? firstOpen : 1;
    change(itemKey(explanationsKind, activeItem.sentence), {
      explanations: withVerdict(answer, activeItem.explanations, position, verdict),
    });
    const next = Math.min(position + 1, activeItem.explanations.length);
    focusNav(pane.current, `verdict:${next}:${activeItem.sentence}`);
  }

  function cardOf(index: number | null): HTMLElement | null {
    return index === null ? null : (pane.current?.querySelector<HTMLElement>(`[data-item-index="${index}"]`) ?? null);
  }

  function onFocusIn(event: FocusEvent<HTMLElement>) {
    const card = (event.target as HTMLElement).closest<HTMLElement>('[data-item-index]');
    if (card !== null) {
      entered.current = true;
      setActive(Number(card.dataset.itemIndex));
    }
  }

  function runAction(action: ItemKeyAction) {
    setNotice(null);
    if (action.type !== 'showShortcuts' && action.type !== 'ignore' && action.type !== 'closeDialog') entered.current = true;
    const sentence = activeItem?.sentence;
    switch (action.type) {
      case 'focusItem':
        focusItem(action.index);
        break;
      case 'decide':
        if (sentence === undefined) break;
        change(itemKey(reviewKind, sentence), { decision: action.decision });
        if (action.decision === 'types_changed') setNotice('Press t to pick the types.');
        break;
      case 'verdict':
        if (activeItem === undefined) break;
        if (activeItem.decision === null) setNotice('The reviewer has not decided this item yet: there is nothing to confirm.');
        else change(itemKey(secondReviewKind, activeItem.sentence), { verdict: action.verdict });
        break;
      case 'explanationVerdict':
        judgeExplanation(action.verdict);
        break;
      case 'focusNote':
        if (sentence !== undefined) focusControl(`note:${sentence}`, 'This item has no note to write.');
        break;
      case 'focusTypes':
        if (sentence !== undefined) {
          focusControl(`error_types:${sentence}`, 'The types are picked when the types changed: press 3 first.');
        }
        break;
      case 'leaveField':
        if (active !== null) focusItem(active);
        break;
      case 'showShortcuts':
        setShortcutsOpen(true);
        break;
      case 'toQueue':
        void navigate(queuePath(stage));
        break;
      case 'submit':
        if (!readOnly) setConfirmingSubmit(true);
        break;
      case 'confirmSubmit':
        confirmSubmit();
        break;
      case 'closeDialog':
        setConfirmingSubmit(false);
        setShortcutsOpen(false);
        break;
      case 'ignore':
        break;
    }
  }

  const keyContext = (): ItemKeyContext => ({
    stage,
    count: items.length,
    active,
    entered: entered.current || (cardOf(active)?.contains(document.activeElement) ?? false),
    readOnly,
    dialog: confirmingSubmit ? 'submit' : shortcutsOpen ? 'shortcuts' : null,
  });
  useItemKeys(keyContext, runAction);

  const goToMissing = useCallback(
    (missing: MissingItem) => {
      const target = missingTarget(missing, payload);
      if (target === null) return;
      setActive(target.index);
      const sentence = items[target.index]?.sentence;
      if (!focusNav(pane.current, target.navId) && sentence !== undefined) focusNav(pane.current, `item:${sentence}`);
    },
    [payload, items],
  );

  // What every item's controls read through useItem; it changes only with read-only.
  const saving = useMemo(
    () => ({ answers: store, queue, change, readOnly, errorTypes }),
    [store, queue, change, readOnly, errorTypes],
  );
  const stopMessage = submitState.phase === 'read_only' ? submitState.message : payload.read_only ? null : snapshot.stopMessage;
  const shortcuts = useMemo(() => itemShortcuts(stage), [stage]);

  return (
    <ItemSavingContext.Provider value={saving}>
      <div className="workspace">
        <ItemBar
          payload={payload}
          snapshot={snapshot}
          onShowShortcuts={() => setShortcutsOpen(true)}
          onSubmit={() => setConfirmingSubmit(true)}
          submitting={submitState.phase === 'submitting'}
          readOnly={readOnly}
          hint={notice}
        />
        <div className="workspace-notices">
          <ItemNotices
            payload={payload}
            submitted={submitted}
            stopMessage={stopMessage}
            submitError={submitState.phase === 'error' ? submitState.message : null}
          />
          {submitState.phase === 'missing' && (
            <MissingList detail={submitState.detail} missing={submitState.missing} onGoTo={goToMissing} />
          )}
        </div>
        <main className="workspace-panes">
          <DialoguePane title={payload.document.title} turns={payload.document.turns} linking={linking} />
          <section className="workspace-pane workspace-pane--answers" aria-label="Items" ref={pane} onFocus={onFocusIn}>
            {items.length === 0 && <p>This unit has no items to answer.</p>}
            {items.map((item, index) => {
              const summary = summaryOf.get(item.summary);
              const sentence = sentenceOf.get(item.sentence);
              // An item always names a sentence of the payload's summaries; skip one that does not
              // rather than show a sentence without its summary.
              if (summary === undefined || sentence === undefined) return null;
              return (
                <ItemCard
                  key={item.sentence}
                  item={item}
                  index={index}
                  count={items.length}
                  active={index === active}
                  stage={stage}
                  summary={summary}
                  sentence={sentence}
                  errorTypes={errorTypes}
                  turns={payload.document.turns}
                />
              );
            })}
          </section>
        </main>
        <ShortcutTable opened={shortcutsOpen} onClose={() => setShortcutsOpen(false)} shortcuts={shortcuts} />
        <SubmitConfirm opened={confirmingSubmit} onCancel={() => setConfirmingSubmit(false)} onConfirm={confirmSubmit} />
      </div>
    </ItemSavingContext.Provider>
  );
}
