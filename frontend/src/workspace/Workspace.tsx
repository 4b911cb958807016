import { useCallback, useMemo, useRef, useState, type FocusEvent } from 'react';

import type { MissingItem, TopicCategory, WorkspacePayload } from '../api/types';
import { flattenSentences, navIdForMissing, navItems } from './answers';
import { DialoguePane } from './DialoguePane';
import { focusNav } from './focus';
import { GuidelinesDrawer } from './GuidelinesDrawer';
import type { KeyAction, KeyContext } from './keyboard';
import { MissingList } from './MissingList';
import { TOPIC_KEY, sentenceKey, summaryKey } from './saveQueue';
import { ShortcutSheet } from './ShortcutSheet';
import { SummaryCard } from './SummaryCard';
import { TopBar } from './TopBar';
import { TopicQuestion } from './TopicQuestion';
import { useHeartbeat } from './useHeartbeat';
import { useWorkspaceSaving } from './useWorkspaceSaving';
import { useSubmit } from './useSubmit';
import { useWorkspaceKeys } from './useWorkspaceKeys';
import { WorkspaceFeedback } from './WorkspaceFeedback';
import { WorkspaceNotices } from './WorkspaceNotices';

/** One (dialogue, topic) unit: the dialogue on the left, the questions on the right (UI.md). */
export function Workspace({ payload }: { payload: WorkspacePayload }) {
  const { queue, snapshot, answers, change } = useWorkspaceSaving(payload);
  const { state: submitState, submit } = useSubmit(payload.id, queue);
  const submitted = submitState.phase === 'submitted';
  const readOnly =
    payload.read_only || submitted || submitState.phase === 'read_only' || snapshot.status === 'read_only';
  const activeSeconds = useHeartbeat(payload.id, !readOnly, payload.active_seconds);

  const { scheme } = payload;
  const errorTypes = useMemo(() => payload.taxonomy?.types ?? [], [payload.taxonomy]);
  const flat = useMemo(() => flattenSentences(payload.summaries), [payload.summaries]);
  const items = useMemo(() => navItems(payload, answers), [payload, answers]);
  const conflicts = useMemo(() => new Map(snapshot.conflicts.map((conflict) => [conflict.key, conflict])), [snapshot.conflicts]);

  const answersPane = useRef<HTMLElement>(null);
  const currentItem = useRef<string | null>(null);
  const [focusedIndex, setFocusedIndex] = useState<number | null>(null);
  const [guidelinesOpen, setGuidelinesOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [stranded, setStranded] = useState(() =>
    payload.read_only ? queue.replayed.reduce((sum, change) => sum + Object.keys(change.fields).length, 0) : 0,
  );

  const goTo = useCallback((id: string) => focusNav(answersPane.current, id), []);

  // Remember where focus is, so `n` starts there and the keys act on that sentence.
  function onFocusIn(event: FocusEvent<HTMLElement>) {
    const target = event.target as HTMLElement;
    const nav = target.closest('[data-nav]');
    if (nav !== null) currentItem.current = nav.getAttribute('data-nav');
    const sentence = target.closest<HTMLElement>('[data-sentence-index]');
    if (sentence !== null) setFocusedIndex(Number(sentence.dataset.sentenceIndex));
  }

  function leaveField() {
    const active = document.activeElement;
    const block = active instanceof HTMLElement ? active.closest<HTMLElement>('[data-sentence-index]') : null;
    if (block !== null) block.focus();
    else if (focusedIndex !== null && flat[focusedIndex] !== undefined) goTo(`label:${flat[focusedIndex].sentence.id}`);
    else if (active instanceof HTMLElement) active.blur();
  }

  function runAction(action: KeyAction) {
    setNotice(null);
    const target = 'index' in action ? flat[action.index] : undefined;
    switch (action.type) {
      case 'focusSentence':
        if (target !== undefined) goTo(`label:${target.sentence.id}`);
        break;
      case 'label':
        if (target !== undefined) change(sentenceKey(target.sentence.id), { label: action.label });
        break;
      case 'focusExplanation':
        if (target !== undefined) goTo(`explanation:${target.sentence.id}`);
        break;
      case 'openErrorTypes':
        if (target !== undefined) goTo(`error_types:${target.sentence.id}`);
        break;
      case 'relevance':
        if (target !== undefined) change(summaryKey(target.summary.id), { relevance: action.value });
        break;
      case 'focusItem':
        goTo(action.id);
        break;
      case 'allAnswered':
        setNotice(readOnly ? 'Everything is answered.' : 'Everything is answered. Press Ctrl+Enter to submit.');
        break;
      case 'toggleGuidelines':
        if (payload.guideline !== null) setGuidelinesOpen((open) => !open);
        break;
      case 'showShortcuts':
        setShortcutsOpen(true);
        break;
      case 'submit':
        if (!readOnly) submit();
        break;
      case 'leaveField':
        leaveField();
        break;
      case 'awaitRelevance':
      case 'cancelRelevance':
        break;
    }
  }

  const keyContext = (): KeyContext => ({
    sentenceCount: flat.length,
    focusedSentence: focusedIndex,
    items,
    currentItem: currentItem.current,
    readOnly,
    canLabel: scheme.consistency,
    canErrorTypes: scheme.error_types && errorTypes.length > 0,
    canRelevance: scheme.relevance,
  });
  const awaitingRelevance = useWorkspaceKeys(keyContext, runAction);

  const goToMissing = useCallback(
    (item: MissingItem) => goTo(navIdForMissing(item, payload.summaries) ?? 'topic'),
    [goTo, payload.summaries],
  );
  const keepMine = useCallback((key: string) => queue.keepMine(key), [queue]);
  const adoptSaved = useCallback((key: string) => queue.useSaved(key), [queue]);

  const stopMessage =
    submitState.phase === 'read_only' ? submitState.message : payload.read_only ? null : snapshot.stopMessage;
  let firstIndex = 0;

  return (
    <div className="workspace">
      <TopBar
        roundName={payload.round.name}
        position={payload.position}
        count={payload.count}
        guidelineVersion={payload.guideline?.version ?? null}
        onOpenGuidelines={() => setGuidelinesOpen(true)}
        onShowShortcuts={() => setShortcutsOpen(true)}
        snapshot={snapshot}
        activeSeconds={activeSeconds}
        onSubmit={submit}
        submitting={submitState.phase === 'submitting'}
        readOnly={readOnly}
        hint={awaitingRelevance ? 'Relevance: press 1–5' : notice}
      />
      <div className="workspace-notices">
        <WorkspaceFeedback items={payload.feedback ?? []} />
        <WorkspaceNotices
          payload={payload}
          submitted={submitted}
          stopMessage={stopMessage}
          submitError={submitState.phase === 'error' ? submitState.message : null}
          strandedChanges={stranded}
          onDiscardStranded={() => {
            queue.discardAll();
            setStranded(0);
          }}
        />
        {submitState.phase === 'missing' && (
          <MissingList detail={submitState.detail} missing={submitState.missing} onGoTo={goToMissing} />
        )}
      </div>
      <main className="workspace-panes">
        <DialoguePane title={payload.document.title} turns={payload.document.turns} />
        <section className="workspace-pane workspace-pane--answers" aria-label="Topic and summaries" ref={answersPane} onFocus={onFocusIn}>
          <TopicQuestion
            topicName={payload.topic.name}
            ask={scheme.topic_category}
            categories={payload.topic_categories}
            value={answers.topic}
            onChange={(category: TopicCategory) => change(TOPIC_KEY, { category })}
            readOnly={readOnly}
            error={snapshot.errors[TOPIC_KEY]?.category ?? snapshot.errors[TOPIC_KEY]?.detail}
            conflict={conflicts.get(TOPIC_KEY)}
            errorTypes={errorTypes}
            onKeepMine={keepMine}
            onUseSaved={adoptSaved}
          />
          {payload.summaries.map((summary) => {
            const start = firstIndex;
            firstIndex += summary.sentences.length;
            return (
              <SummaryCard
                key={summary.id}
                summary={summary}
                firstIndex={start}
                focusedIndex={focusedIndex}
                answers={answers}
                scheme={scheme}
                anchors={payload.relevance_anchors}
                errorTypes={errorTypes}
                readOnly={readOnly}
                errors={snapshot.errors}
                conflicts={conflicts}
                onChange={change}
                onKeepMine={keepMine}
                onUseSaved={adoptSaved}
              />
            );
          })}
        </section>
      </main>
      {payload.guideline !== null && (
        <GuidelinesDrawer
          opened={guidelinesOpen}
          onClose={() => setGuidelinesOpen(false)}
          version={payload.guideline.version}
          markdown={payload.guideline.markdown}
        />
      )}
      <ShortcutSheet opened={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
    </div>
  );
}
