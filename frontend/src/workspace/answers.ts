// The person's answers as the workspace shows them, and what counts as answered.
// Pure functions over the payload and the kind registry (kinds/), so completion dots, `n`
// and replay share one definition.

import type { Handle, MissingItem, Scheme, Summary, SummarySentence, WorkspacePayload } from '../api/types';
import type { Fields, Kind } from '../kinds/kind';
import { allKinds, itemKey, missingOf, parseItemKey, schemeInEffect, type ItemKey } from '../kinds/registry';
import { sentenceKind, type SentenceAnswer } from '../kinds/sentence';
import { summaryKind, summaryMissing, type SummaryAnswer } from '../kinds/summary';
import { topicKind } from '../kinds/topic';
import type { NavItem } from './keyboard';

export type { SentenceAnswer } from '../kinds/sentence';
export type { SummaryAnswer } from '../kinds/summary';

/** Every judgement's answer, by item key; an item never saved or changed is absent. */
export type Answers = Readonly<Record<ItemKey, unknown>>;

/** The answer of one target of `kind`, its kind's empty answer when it has none yet. */
export function answerOf<A>(answers: Answers, kind: Kind<A>, target: Handle | null): A {
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

export function answersFromPayload(payload: WorkspacePayload): Answers {
  const answers: Record<ItemKey, unknown> = {};
  for (const kind of allKinds()) {
    for (const saved of kind.saved(payload)) answers[itemKey(kind, saved.target)] = saved.answer;
  }
  return answers;
}

/** The version of every saved item; unsaved items are version 0. */
export function versionsFromPayload(payload: WorkspacePayload): Record<ItemKey, number> {
  const versions: Record<ItemKey, number> = {};
  for (const kind of allKinds()) {
    for (const saved of kind.saved(payload)) versions[itemKey(kind, saved.target)] = saved.version;
  }
  return versions;
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

/** The answerable items in reading order, for `n` (next unanswered). Ids match `data-nav`. */
export function navItems(payload: WorkspacePayload, answers: Answers): NavItem[] {
  const { scheme } = payload;
  const hasErrorTypes = (payload.taxonomy?.types.length ?? 0) > 0;
  const items: NavItem[] = [];
  if (scheme.topic_category) items.push({ id: 'topic', answered: answerOf(answers, topicKind, null).category !== '' });
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
  }
  return items;
}

/** Where a "missing" entry of a refused submit lives on screen (a `data-nav` id). */
export function navIdForMissing(missing: MissingItem, summaries: readonly Summary[]): string | null {
  if (missing.item === 'topic_category') return 'topic';
  const summary = summaries.find((candidate) => candidate.label === missing.summary);
  if (summary === undefined) return null;
  if (missing.sentence === null) return missing.item === 'relevance' ? `relevance:${summary.id}` : `summary:${summary.id}`;
  const sentence = summary.sentences.find((candidate) => candidate.number === missing.sentence);
  if (sentence === undefined) return `summary:${summary.id}`;
  if (missing.item === 'explanation' || missing.item === 'error_types') return `${missing.item}:${sentence.id}`;
  if (missing.item === 'error_spans' || missing.item === 'evidence') return `error_spans:${sentence.id}`;
  return `label:${sentence.id}`;
}
