// The person's answers as the workspace shows them, and what counts as answered.
// Pure functions over the payload and the kind registry (kinds/), so completion dots, `n`
// and replay share one definition.

import type { GivenAtomicFact, GivenFact, Handle, MissingItem, Scheme, Summary, SummarySentence, WorkspacePayload } from '../api/types';
import { atomicFactsKind } from '../kinds/atomicFacts';
import type { Fields, KindScreen, ScreenKind, ScreenPayloads } from '../kinds/kind';
import { keyFactsKind, type KeyFact } from '../kinds/keyFacts';
import { itemKey, kindsOf, missingOf, parseItemKey, schemeInEffect, type ItemKey } from '../kinds/registry';
import { sentenceKind, type SentenceAnswer } from '../kinds/sentence';
import { summaryKind, summaryMissing, type SummaryAnswer } from '../kinds/summary';
import { topicKind } from '../kinds/topic';
import { effectiveAtomicFacts } from './facts/atomicFactEdits';
import { alignmentOf, effectiveKeyFacts } from './facts/keyFactEdits';
import type { NavItem } from './keyboard';

export type { SentenceAnswer } from '../kinds/sentence';
export type { SummaryAnswer } from '../kinds/summary';

/** Every judgement's answer, by item key; an item never saved or changed is absent. */
export type Answers = Readonly<Record<ItemKey, unknown>>;

/** The answer of one target of `kind`, its kind's empty answer when it has none yet. */
export function answerOf<A>(answers: Answers, kind: ScreenKind<A>, target: Handle | null): A {
  return (answers[itemKey(kind, target)] as A | undefined) ?? kind.empty;
}

/** A sentence with its place across all summaries (the index `j`/`k` move through). */
export interface FlatSentence {
  index: number;
  summary: Summary;
  sentence: SummarySentence;
}

export function flattenSentences(summaries: readonly Summary[]): FlatSentence[] {
  const flat: FlatSentence[] = [];
  for (const summary of summaries) {
    for (const sentence of summary.sentences) flat.push({ index: flat.length, summary, sentence });
  }
  return flat;
}

/** What a screen's payload says was saved: each answer and its version, read by the kinds of
 * that screen only (unsaved items are absent: version 0). */
export interface SavedAnswers {
  answers: Answers;
  versions: Record<ItemKey, number>;
}

export function savedAnswersOn<S extends KindScreen>(screen: S, payload: ScreenPayloads[S]): SavedAnswers {
  const answers: Record<ItemKey, unknown> = {};
  const versions: Record<ItemKey, number> = {};
  for (const kind of kindsOf(screen)) {
    for (const saved of kind.saved(payload)) {
      answers[itemKey(kind, saved.target)] = saved.answer;
      versions[itemKey(kind, saved.target)] = saved.version;
    }
  }
  return { answers, versions };
}

export function answersFromPayload(payload: WorkspacePayload): Answers {
  return savedAnswersOn('workspace', payload).answers;
}

/** The version of every saved item; unsaved items are version 0. */
export function versionsFromPayload(payload: WorkspacePayload): Record<ItemKey, number> {
  return savedAnswersOn('workspace', payload).versions;
}

/** Applies saved, replayed or server-sent fields through the item's kind (`Kind.apply`). */
export function applyFields(answers: Answers, key: ItemKey, fields: Fields): Answers {
  const { kind, target } = parseItemKey(key);
  return { ...answers, [key]: kind.apply(answerOf(answers, kind, target), fields) };
}

export type Completion = 'done' | 'partial' | 'empty';

/** The server's rule for what a sentence needs (kinds/sentence.ts, shared case files). */
export function sentenceCompletion(answer: SentenceAnswer | undefined, scheme: Scheme, hasErrorTypes: boolean): Completion {
  const missing = missingOf(sentenceKind, answer, { ...schemeInEffect(scheme, hasErrorTypes), consistency: true });
  if (missing.includes('label')) return 'empty';
  return missing.length === 0 ? 'done' : 'partial';
}

export function relevanceAnswered(answer: SummaryAnswer | undefined): boolean {
  return summaryMissing(answer).length === 0;
}

/** The given key-fact list the round aligns, or null when the linguist writes the facts. */
export function givenKeyFacts(payload: WorkspacePayload): readonly GivenFact[] | null {
  return (payload.key_fact_source ?? '') !== '' ? (payload.given_key_facts ?? []) : null;
}

/** The summary's given atomic facts when the round gives them, or null when they are written. */
export function givenAtomicFacts(payload: WorkspacePayload, summary: Summary): readonly GivenAtomicFact[] | null {
  return payload.given_atomic_facts === true ? (summary.given_atomic_facts ?? []) : null;
}

/** The key facts on screen (a given list merged with the alignments saved for it). */
export function keyFactsOnScreen(payload: WorkspacePayload, answers: Answers): KeyFact[] {
  return effectiveKeyFacts(answerOf(answers, keyFactsKind, null).facts, givenKeyFacts(payload));
}

/** The answerable items in reading order, for `n` (next unanswered). Ids match `data-nav`. */
export function navItems(payload: WorkspacePayload, answers: Answers): NavItem[] {
  const { scheme } = payload;
  const hasErrorTypes = (payload.taxonomy?.types.length ?? 0) > 0;
  const items: NavItem[] = [];
  if (scheme.topic_category) items.push({ id: 'topic', answered: answerOf(answers, topicKind, null).category !== '' });
  if (scheme.completeness) {
    // The key-fact panel comes after the topic: the list, then the grid row by row.
    items.push({ id: 'key_facts', answered: answerOf(answers, keyFactsKind, null).facts.length > 0 });
    for (const fact of keyFactsOnScreen(payload, answers)) {
      for (const summary of payload.summaries) {
        const alignment = alignmentOf(fact, summary.id);
        items.push({
          id: `coverage:${fact.position}:${summary.id}`,
          answered: alignment !== undefined && (!alignment.covered || alignment.sentences.length > 0),
        });
      }
    }
  }
  for (const summary of payload.summaries) {
    for (const sentence of summary.sentences) {
      const answer = answerOf(answers, sentenceKind, sentence.id);
      if (!scheme.consistency) continue;
      items.push({ id: `label:${sentence.id}`, answered: answer.label !== '' });
      if (answer.label === 'inconsistent') {
        items.push({ id: `explanation:${sentence.id}`, answered: answer.explanation.trim() !== '' });
        if (scheme.error_types && hasErrorTypes) {
          items.push({ id: `error_types:${sentence.id}`, answered: answer.error_types.length > 0 });
        }
        if (scheme.error_spans && scheme.require_error_spans) {
          const evidenced = !scheme.require_evidence || answer.spans.every((span) => span.no_evidence || span.evidence.length > 0);
          items.push({ id: `error_spans:${sentence.id}`, answered: answer.spans.length > 0 && evidenced });
        }
      }
    }
    if (scheme.relevance) {
      items.push({ id: `relevance:${summary.id}`, answered: relevanceAnswered(answerOf(answers, summaryKind, summary.id)) });
    }
    if (scheme.atomic_facts) {
      const saved = answerOf(answers, atomicFactsKind, summary.id).facts;
      items.push({ id: `atomic_facts:${summary.id}`, answered: saved.length > 0 });
      for (const fact of effectiveAtomicFacts(saved, givenAtomicFacts(payload, summary))) {
        items.push({ id: `acu:${summary.id}:${fact.position}`, answered: fact.verdict !== '' });
      }
    }
  }
  return items;
}

/** Where a "missing" entry of a refused submit lives on screen (a `data-nav` id). `keyFacts`
 * (the list on screen) finds the cell of a stated key fact that needs its sentences. */
export function navIdForMissing(missing: MissingItem, summaries: readonly Summary[], keyFacts: readonly KeyFact[] = []): string | null {
  if (missing.item === 'topic_category') return 'topic';
  const [item, number] = missing.item.split(':');
  const position = Number(number);
  if (item === 'key_facts') return 'key_facts';
  if (item === 'sentences') {
    const fact = keyFacts.find((candidate) => candidate.position === position);
    const summary = summaries.find((candidate) => {
      const alignment = fact === undefined ? undefined : alignmentOf(fact, candidate.id);
      return alignment?.covered === true && alignment.sentences.length === 0;
    });
    return summary === undefined ? 'key_facts' : `coverage:${position}:${summary.id}`;
  }
  const summary = summaries.find((candidate) => candidate.label === missing.summary);
  if (summary === undefined) return null;
  if (item === 'coverage') return `coverage:${position}:${summary.id}`;
  if (item === 'atomic_facts') return `atomic_facts:${summary.id}`;
  if (item === 'verdict') return `acu:${summary.id}:${position}`;
  if (missing.sentence === null) return missing.item === 'relevance' ? `relevance:${summary.id}` : `summary:${summary.id}`;
  const sentence = summary.sentences.find((candidate) => candidate.number === missing.sentence);
  if (sentence === undefined) return `summary:${summary.id}`;
  if (missing.item === 'explanation' || missing.item === 'error_types') return `${missing.item}:${sentence.id}`;
  if (missing.item === 'error_spans' || missing.item === 'evidence') return `error_spans:${sentence.id}`;
  return `label:${sentence.id}`;
}
