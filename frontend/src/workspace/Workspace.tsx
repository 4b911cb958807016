import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { useNavigate } from 'react-router';

import type { Evidence, MissingItem, WorkspacePayload } from '../api/types';
import { atomicFactsKind } from '../kinds/atomicFacts';
import type { Fields } from '../kinds/kind';
import { keyFactsKind } from '../kinds/keyFacts';
import { itemKey, parseItemKey, type ItemKey } from '../kinds/registry';
import { sentenceKind } from '../kinds/sentence';
import { summaryKind } from '../kinds/summary';
import { topicKind } from '../kinds/topic';
import { RevealContext, useReveal } from './reveal';
import { answerOf, flattenSentences, givenAtomicFacts, keyFactsOnScreen, navIdForMissing, navItems } from './answers';
import { DialoguePane, type Linking } from './DialoguePane';
import { acuNav } from './facts/AtomicFactRow';
import { effectiveAtomicFacts, linkFactEvidence, setFactNoEvidence } from './facts/atomicFactEdits';
import { atomicFactsNav, newAtomicFactNav } from './facts/AtomicFactsPanel';
import { shortText } from './facts/factLists';
import { NEW_KEY_FACT_NAV } from './facts/KeyFactList';
import { KEY_FACTS_NAV, KeyFactsPanel } from './facts/KeyFactsPanel';
import { focusNav } from './focus';
import { GuidelinesPanel } from './GuidelinesPanel';
import type { KeyAction, KeyContext, Pending } from './keyboard';
import { MissingList } from './MissingList';
import { ShortcutSheet } from './ShortcutSheet';
import { SubmitConfirm } from './SubmitConfirm';
import { scrollToTurn, SpanFocusContext, type EvidenceTarget } from './spans/activeSpan';
import { linkEvidence, setNoEvidence, spanAt } from './spans/spanEdits';
import { quote } from './spans/spanText';
import { SummaryCard } from './SummaryCard';
import { TopBar } from './TopBar';
import { TopicQuestion } from './TopicQuestion';
import { useHeartbeat } from './useHeartbeat';
import { WorkspaceItemsContext } from './useItem';
import { useWorkspaceSaving } from './useWorkspaceSaving';
import { useSubmit } from './useSubmit';
import { useWorkspaceKeys } from './useWorkspaceKeys';
import { WorkspaceFeedback } from './WorkspaceFeedback';
import { AnswerKeyPanel } from './AnswerKeyPanel';
import { WorkspaceNotices } from './WorkspaceNotices';

/** What the dialogue links evidence to now (the active span or atomic fact), in one shape. */
interface Linkable {
  kind: 'span' | 'atomic fact';
  /** "“Monday” in summary B, sentence 2", "atomic fact 2 of summary A (“…”)". */
  name: string;
  /** Its evidence may be linked: spans only where the scheme asks for evidence. */
  asked: boolean;
  evidence: readonly Evidence[];
  noEvidence: boolean;
  /** Where `d` goes first when there is no evidence yet: a turn hinted for its sentence (position). */
  hint: number | undefined;
  key: ItemKey;
  link: (evidence: Evidence) => Fields;
  setNone: (none: boolean) => Fields;
  /** Where Esc in the dialogue goes back to. */
  navId: string;
}

/** `data-nav` ids inside the key-fact panel, which may be closed. */
const isKeyFactNav = (id: string) => id === KEY_FACTS_NAV || id.startsWith('key_fact') || id.startsWith('coverage:');

const PENDING_HINTS: Record<Exclude<Pending, null>, string> = {
  relevance: 'Relevance: press 1–5',
  topic: 'Topic category: press 1 main, 2 marginal, 3 irrelevant',
  confidence: 'Confidence: press 1 low, 2 medium, 3 high',
};

/** One (dialogue, topic) unit: the dialogue on the left, the questions on the right (UI.md). */
export function Workspace({ payload }: { payload: WorkspacePayload }) {
  const { queue, snapshot, store, answers, change, undo, redo } = useWorkspaceSaving(payload);
  const { state: submitState, submit } = useSubmit(payload.id, queue);
  const submitted = submitState.phase === 'submitted';
  const readOnly =
    payload.read_only || submitted || submitState.phase === 'read_only' || snapshot.status === 'read_only';
  const activeSeconds = useHeartbeat(payload.id, !readOnly, payload.active_seconds);

  const { scheme } = payload;
  const errorTypes = useMemo(() => payload.taxonomy?.types ?? [], [payload.taxonomy]);
  const flat = useMemo(() => flattenSentences(payload.summaries), [payload.summaries]);
  const sentenceIds = useMemo(() => flat.map((entry) => entry.sentence.id), [flat]);
  const reveal = useReveal(payload.id, queue, store, sentenceIds);
  const items = useMemo(() => navItems(payload, answers), [payload, answers]);

  const answersPane = useRef<HTMLElement>(null);
  const currentItem = useRef<string | null>(null);
  const [focusedIndex, setFocusedIndex] = useState<number | null>(null);
  const [focusedSummary, setFocusedSummary] = useState<number | null>(null);
  const [confirmingSubmit, setConfirmingSubmit] = useState(false);
  const navigate = useNavigate();
  const [guidelinesOpen, setGuidelinesOpen] = useState(false);
  const guidelinesPane = useRef<HTMLElement>(null);
  // Shift+G asked to read the guidelines: focus them once they are shown.
  const [readingGuidelines, setReadingGuidelines] = useState(0);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [activeTarget, setActiveTarget] = useState<EvidenceTarget | null>(null);
  const spanFocus = useMemo(() => ({ active: activeTarget, setActive: setActiveTarget }), [activeTarget]);
  const [keyFactsOpen, setKeyFactsOpen] = useState(true);
  // A place to focus once the key-fact panel has opened.
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);
  // The active span or atomic fact as it is now (a removed one is no longer active).
  const linkable = useMemo((): Linkable | null => {
    if (activeTarget === null) return null;
    if (activeTarget.kind === 'span') {
      const place = flat.find((candidate) => candidate.sentence.id === activeTarget.sentence);
      const answer = answerOf(answers, sentenceKind, activeTarget.sentence);
      const span = spanAt(answer.spans, activeTarget.start);
      if (place === undefined || span === undefined) return null;
      return {
        kind: 'span',
        name: `${quote(place.sentence.text, span)} in summary ${place.summary.label}, sentence ${place.sentence.number}`,
        asked: scheme.evidence,
        evidence: span.evidence,
        noEvidence: span.no_evidence,
        hint: place.sentence.hints[0],
        key: itemKey(sentenceKind, place.sentence.id),
        link: (evidence) => ({ spans: linkEvidence(answer.spans, span.start, evidence) }),
        setNone: (none) => ({ spans: setNoEvidence(answer.spans, span.start, none) }),
        navId: `label:${place.sentence.id}`,
      };
    }
    const summary = payload.summaries.find((candidate) => candidate.id === activeTarget.summary);
    if (summary === undefined) return null;
    const facts = effectiveAtomicFacts(answerOf(answers, atomicFactsKind, summary.id).facts, givenAtomicFacts(payload, summary));
    const fact = facts.find((candidate) => candidate.position === activeTarget.position);
    if (fact === undefined) return null;
    return {
      kind: 'atomic fact',
      name: `atomic fact ${fact.position} of summary ${summary.label} (“${shortText(fact.text, 40)}”)`,
      asked: scheme.atomic_facts,
      evidence: fact.evidence,
      noEvidence: fact.no_evidence,
      hint: summary.sentences.find((sentence) => sentence.id === fact.sentence)?.hints[0],
      key: itemKey(atomicFactsKind, summary.id),
      link: (evidence) => ({ facts: linkFactEvidence(facts, fact.position, evidence) }),
      setNone: (none) => ({ facts: setFactNoEvidence(facts, fact.position, none) }),
      navId: acuNav(summary.id, fact.position),
    };
  }, [activeTarget, answers, flat, payload, scheme.evidence, scheme.atomic_facts]);
  const [stranded, setStranded] = useState(() =>
    payload.read_only ? queue.replayed.reduce((sum, change) => sum + Object.keys(change.fields).length, 0) : 0,
  );

  function confirmSubmit() {
    setConfirmingSubmit(false);
    submit();
  }

  const goTo = useCallback((id: string) => focusNav(answersPane.current, id), []);
  const toggleKeyFacts = useCallback(() => setKeyFactsOpen((open) => !open), []);
  /** Focus an item, opening the key-fact panel first when it is in there and closed. */
  const goToItem = useCallback(
    (id: string) => {
      if (isKeyFactNav(id) && !keyFactsOpen) {
        setKeyFactsOpen(true);
        setFocusRequest({ id });
      } else {
        goTo(id);
      }
    },
    [goTo, keyFactsOpen],
  );

  useEffect(() => {
    if (focusRequest !== null) {
      goTo(focusRequest.id);
      setFocusRequest(null);
    }
  }, [focusRequest, goTo]);

  // The app shell never scrolls while the workspace is open: only its two panes do.
  useEffect(() => {
    document.documentElement.classList.add('workspace-open');
    return () => document.documentElement.classList.remove('workspace-open');
  }, []);

  useEffect(() => {
    if (readingGuidelines > 0) guidelinesPane.current?.focus();
  }, [readingGuidelines]);

  // Remember where focus is, so `n` starts there and the keys act on that sentence, summary
  // or question.
  function onFocusIn(event: FocusEvent<HTMLElement>) {
    const target = event.target as HTMLElement;
    const nav = target.closest('[data-nav]');
    if (nav !== null) currentItem.current = nav.getAttribute('data-nav');
    const sentence = target.closest<HTMLElement>('[data-sentence-index]');
    if (sentence !== null) {
      const index = Number(sentence.dataset.sentenceIndex);
      setFocusedIndex(index);
      // Moving to another sentence ends linking evidence to this one's span (or to an atomic fact).
      if (activeTarget !== null && (activeTarget.kind !== 'span' || flat[index]?.sentence.id !== activeTarget.sentence)) {
        setActiveTarget(null);
      }
    }
    const summary = target.closest<HTMLElement>('[data-summary-index]');
    setFocusedSummary(summary === null ? null : Number(summary.dataset.summaryIndex));
  }

  /** Esc: from a text field or any other control back to its sentence (the last one focused
   * in that summary, else the summary's first); from a control of an atomic fact, or from the
   * dialogue while linking a fact's evidence, back to the fact. */
  function leaveField() {
    const active = document.activeElement;
    const factRow = active instanceof HTMLElement ? active.closest<HTMLElement>('[data-acu-row]') : null;
    if (factRow !== null && factRow !== active) {
      factRow.focus();
      return;
    }
    const inDialogue = active instanceof HTMLElement && active.closest('.workspace-pane--dialogue') !== null;
    if (inDialogue && linkable?.kind === 'atomic fact') {
      goTo(linkable.navId);
      return;
    }
    const block = active instanceof HTMLElement ? active.closest<HTMLElement>('[data-sentence-index]') : null;
    const summary = focusedSummary === null ? undefined : payload.summaries[focusedSummary];
    const last = focusedIndex === null ? undefined : flat[focusedIndex];
    if (block !== null) block.focus();
    else if (last !== undefined && (summary === undefined || last.summary.id === summary.id)) goTo(`label:${last.sentence.id}`);
    else if (summary?.sentences[0] !== undefined) goTo(`label:${summary.sentences[0].id}`);
    else if (active instanceof HTMLElement) active.blur();
  }

  /** Where an undone or redone change is, in words and as the place focus goes to. */
  function placeOf(key: ItemKey): { name: string; navId: string | null } {
    const { kind, target } = parseItemKey(key);
    if (kind === topicKind) return { name: 'the topic category', navId: 'topic' };
    if (kind === keyFactsKind) return { name: 'the key facts', navId: KEY_FACTS_NAV };
    const sentence = flat.find((candidate) => candidate.sentence.id === target);
    if (sentence !== undefined) {
      return { name: `summary ${sentence.summary.label}, sentence ${sentence.sentence.number}`, navId: `label:${sentence.sentence.id}` };
    }
    const summary = payload.summaries.find((candidate) => candidate.id === target);
    if (summary === undefined) return { name: 'your last change', navId: null };
    if (kind === atomicFactsKind) return { name: `the atomic facts of summary ${summary.label}`, navId: atomicFactsNav(summary.id) };
    return { name: `summary ${summary.label}`, navId: scheme.relevance ? `relevance:${summary.id}` : null };
  }

  function runAction(action: KeyAction) {
    setNotice(null);
    const target = 'index' in action ? flat[action.index] : undefined;
    switch (action.type) {
      case 'focusSentence':
        if (target !== undefined) goTo(`label:${target.sentence.id}`);
        break;
      case 'label':
        if (target !== undefined) change(itemKey(sentenceKind, target.sentence.id), { label: action.label });
        break;
      case 'clearLabel':
        if (target !== undefined && answerOf(answers, sentenceKind, target.sentence.id).label !== '') {
          change(itemKey(sentenceKind, target.sentence.id), { label: '' });
          setNotice('Label cleared (Ctrl+Z brings it back).');
        }
        break;
      case 'undo':
      case 'redo': {
        const step = action.type === 'undo' ? undo() : redo();
        if (step === null) {
          setNotice(action.type === 'undo' ? 'Nothing to undo.' : 'Nothing to redo.');
          break;
        }
        const place = placeOf(step.key);
        setNotice(`${action.type === 'undo' ? 'Undone' : 'Redone'}: ${place.name}.`);
        if (place.navId !== null) goToItem(place.navId);
        break;
      }
      case 'focusExplanation':
        if (target !== undefined) goTo(`explanation:${target.sentence.id}`);
        break;
      case 'openErrorTypes':
        if (target !== undefined) goTo(`error_types:${target.sentence.id}`);
        break;
      case 'focusComment':
        if (target !== undefined) goTo(`comment:${target.sentence.id}`);
        break;
      case 'relevance': {
        const summary = payload.summaries[action.summary];
        if (summary !== undefined) change(itemKey(summaryKind, summary.id), { relevance: action.value });
        break;
      }
      case 'toggleNotASummary': {
        const summary = payload.summaries[action.summary];
        if (summary !== undefined) {
          const current = answerOf(answers, summaryKind, summary.id).not_a_summary;
          change(itemKey(summaryKind, summary.id), { not_a_summary: !current });
        }
        break;
      }
      case 'focusSummaryComment': {
        const summary = payload.summaries[action.summary];
        if (summary !== undefined) goTo(`summary_comment:${summary.id}`);
        break;
      }
      case 'topic': {
        const category = payload.topic_categories[action.choice];
        if (category !== undefined) change(itemKey(topicKind, null), { category: category.value });
        break;
      }
      case 'confidence':
        if (target !== undefined) change(itemKey(sentenceKind, target.sentence.id), { confidence: action.value });
        break;
      case 'markSpan':
        if (target !== undefined) goTo(`spans:${target.sentence.id}`);
        break;
      case 'toDialogue': {
        if (linkable === null || !linkable.asked) {
          setNotice(
            scheme.atomic_facts
              ? 'Choose an error span or an atomic fact first: its evidence is what you point at in the dialogue.'
              : 'Mark or choose an error span first: its evidence is what you point at in the dialogue.',
          );
          break;
        }
        const first = linkable.evidence[0]?.turn;
        const hint = linkable.hint;
        const turn = first ?? payload.document.turns.find((candidate) => candidate.position === hint)?.id ?? payload.document.turns[0]?.id;
        if (turn !== undefined) {
          scrollToTurn(turn);
          document.querySelector<HTMLElement>(`[data-turn-id="${turn}"]`)?.focus({ preventScroll: true });
        }
        break;
      }
      case 'toggleNoEvidence':
        if (linkable === null || !linkable.asked) {
          setNotice(scheme.atomic_facts ? 'Choose an error span or an atomic fact first.' : 'Mark or choose an error span first.');
        } else if (linkable.evidence.length > 0) {
          setNotice(`This ${linkable.kind} has evidence; unlink it first to say there is none in the dialogue.`);
        } else {
          change(linkable.key, linkable.setNone(!linkable.noEvidence));
        }
        break;
      case 'focusKeyFacts': {
        // Written: the field for the next fact (Enter adds it). Given, or read-only: the grid.
        if ((payload.key_fact_source ?? '') === '' && !readOnly) {
          goToItem(NEW_KEY_FACT_NAV);
          break;
        }
        const open = items.find((entry) => entry.id.startsWith('coverage:') && !entry.answered);
        goToItem(open?.id ?? KEY_FACTS_NAV);
        break;
      }
      case 'focusAlignment': {
        const facts = keyFactsOnScreen(payload, answers);
        const first = payload.summaries[0];
        if (facts.length === 0 || first === undefined) {
          setNotice('There is no key fact to align yet: press p and write one.');
          break;
        }
        const open = items.find((entry) => entry.id.startsWith('coverage:') && !entry.answered);
        goToItem(open?.id ?? `coverage:1:${first.id}`);
        break;
      }
      case 'focusAtomicFacts': {
        const summary = payload.summaries[action.summary];
        if (summary === undefined) break;
        const given = givenAtomicFacts(payload, summary);
        if (given === null && !readOnly) {
          goTo(newAtomicFactNav(summary.id));
          break;
        }
        const open = items.find((entry) => entry.id.startsWith(`acu:${summary.id}:`) && !entry.answered);
        goTo(open?.id ?? atomicFactsNav(summary.id));
        break;
      }
      case 'focusFind':
        document.querySelector<HTMLInputElement>('[data-find-input]')?.focus();
        break;
      case 'nextUnit':
        void navigate(payload.next_assignment === null ? '/app/queue' : `/app/assignments/${payload.next_assignment}`);
        break;
      case 'toQueue':
        void navigate('/app/queue');
        break;
      case 'focusItem':
        goToItem(action.id);
        break;
      case 'allAnswered':
        setNotice(readOnly ? 'Everything is answered.' : 'Everything is answered. Press Ctrl+Enter to submit.');
        break;
      case 'toggleGuidelines':
        if (payload.guideline !== null) setGuidelinesOpen((open) => !open);
        break;
      case 'readGuidelines':
        if (payload.guideline !== null) {
          setGuidelinesOpen(true);
          setReadingGuidelines((count) => count + 1);
        }
        break;
      case 'showShortcuts':
        setShortcutsOpen(true);
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
      case 'leaveField':
        leaveField();
        break;
      case 'await':
      case 'cancelPending':
      case 'ignore':
        break;
    }
  }

  const keyContext = (): KeyContext => ({
    sentenceCount: flat.length,
    focusedSentence: focusedIndex,
    focusedSummary: focusedSummary ?? (focusedIndex === null ? null : summaryIndexOf(focusedIndex)),
    items,
    currentItem: currentItem.current,
    readOnly,
    canLabel: scheme.consistency,
    canErrorTypes: scheme.error_types && errorTypes.length > 0,
    canRelevance: scheme.relevance,
    canTopic: scheme.topic_category,
    canComment: scheme.sentence_comment,
    canConfidence: scheme.confidence && scheme.consistency,
    canNotASummary: scheme.not_a_summary,
    canSummaryComment: scheme.comment,
    canSpans: scheme.consistency && scheme.error_spans,
    canEvidence: (scheme.consistency && scheme.error_spans && scheme.evidence) || scheme.atomic_facts,
    canKeyFacts: scheme.completeness,
    canAtomicFacts: scheme.atomic_facts,
    dialog: confirmingSubmit ? 'submit' : shortcutsOpen ? 'shortcuts' : null,
  });
  function summaryIndexOf(sentenceIndex: number): number | null {
    const sentence = flat[sentenceIndex];
    return sentence === undefined ? null : payload.summaries.indexOf(sentence.summary);
  }
  const pending = useWorkspaceKeys(keyContext, runAction);

  const goToMissing = useCallback(
    (item: MissingItem) => goToItem(navIdForMissing(item, payload.summaries, keyFactsOnScreen(payload, store.get())) ?? 'topic'),
    [goToItem, payload, store],
  );
  // What every judgement's component reads through useItem; it changes only with read-only.
  const shared = useMemo(
    () => ({ payload, answers: store, queue, change, readOnly, errorTypes }),
    [payload, store, queue, change, readOnly, errorTypes],
  );

  const linking = useMemo((): Linking | null => {
    if (linkable === null || !linkable.asked) return null;
    return {
      spanName: linkable.name,
      kind: linkable.kind,
      evidence: linkable.evidence,
      canLink: !readOnly,
      onLink: (evidence) => change(linkable.key, linkable.link(evidence)),
    };
  }, [linkable, readOnly, change]);

  const stopMessage =
    submitState.phase === 'read_only' ? submitState.message : payload.read_only ? null : snapshot.stopMessage;
  let firstIndex = 0;

  return (
    <div className="workspace">
      <TopBar
        projectName={payload.project.name}
        roundName={payload.round.name}
        position={payload.position}
        count={payload.count}
        guidelineVersion={payload.guideline?.version ?? null}
        onOpenGuidelines={() => setGuidelinesOpen((open) => !open)}
        guidelinesOpen={guidelinesOpen}
        onShowShortcuts={() => setShortcutsOpen(true)}
        snapshot={snapshot}
        activeSeconds={activeSeconds}
        onSubmit={() => setConfirmingSubmit(true)}
        submitting={submitState.phase === 'submitting'}
        readOnly={readOnly}
        hint={pending !== null ? PENDING_HINTS[pending] : notice}
      />
      <div className="workspace-notices">
        <WorkspaceFeedback items={payload.feedback ?? []} />
        <AnswerKeyPanel payload={payload} />
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
      <WorkspaceItemsContext.Provider value={shared}>
      <RevealContext.Provider value={reveal}>
      <SpanFocusContext.Provider value={spanFocus}>
      <main className="workspace-panes" data-guidelines={guidelinesOpen && payload.guideline !== null ? '' : undefined}>
        <DialoguePane
          title={payload.document.title}
          turns={payload.document.turns}
          hinted={focusedIndex === null ? undefined : flat[focusedIndex]?.sentence.hints}
          linking={linking}
        />
        <section className="workspace-pane workspace-pane--answers" aria-label="Topic and summaries" ref={answersPane} onFocus={onFocusIn}>
          <TopicQuestion />
          {scheme.completeness && (
            <KeyFactsPanel open={keyFactsOpen} onToggle={toggleKeyFacts} showScores={scheme.show_fact_scores} />
          )}
          {payload.summaries.map((summary, summaryIndex) => {
            const start = firstIndex;
            firstIndex += summary.sentences.length;
            return (
              <SummaryCard
                key={summary.id}
                summary={summary}
                summaryIndex={summaryIndex}
                firstIndex={start}
                focusedIndex={focusedIndex}
              />
            );
          })}
        </section>
        {payload.guideline !== null && guidelinesOpen && (
          <GuidelinesPanel
            ref={guidelinesPane}
            onClose={() => setGuidelinesOpen(false)}
            version={payload.guideline.version}
            markdown={payload.guideline.markdown}
          />
        )}
      </main>
      </SpanFocusContext.Provider>
      </RevealContext.Provider>
      </WorkspaceItemsContext.Provider>
      <ShortcutSheet opened={shortcutsOpen} onClose={() => setShortcutsOpen(false)} scheme={scheme} />
      <SubmitConfirm
        opened={confirmingSubmit}
        onCancel={() => setConfirmingSubmit(false)}
        onConfirm={confirmSubmit}
      />
    </div>
  );
}
