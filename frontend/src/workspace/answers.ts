// The person's answers as the workspace shows them, and what counts as answered.
// Pure functions over the payload, so completion dots, `n` and replay share one definition.

import type {
  Confidence,
  Handle,
  MissingItem,
  Scheme,
  SentenceLabel,
  Summary,
  SummarySentence,
  TopicCategory,
  WorkspacePayload,
} from '../api/types';
import { schemeInEffect, sentenceMissing, summaryMissing } from '../kinds/completion';
import type { NavItem } from './keyboard';
import { TOPIC_KEY, parseKey, sentenceKey, summaryKey, type Fields, type ItemKey } from './saveQueue';

export interface SentenceAnswer {
  label: SentenceLabel;
  explanation: string;
  error_types: number[];
  comment: string;
  confidence: Confidence | null;
}

export interface SummaryAnswer {
  relevance: number | null;
  not_a_summary: boolean;
  comment: string;
}

export interface Answers {
  sentences: Record<Handle, SentenceAnswer>;
  summaries: Record<Handle, SummaryAnswer>;
  topic: TopicCategory | '';
}

export const EMPTY_SENTENCE: SentenceAnswer = { label: '', explanation: '', error_types: [], comment: '', confidence: null };
export const EMPTY_SUMMARY: SummaryAnswer = { relevance: null, not_a_summary: false, comment: '' };

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
  const answers: Answers = { sentences: {}, summaries: {}, topic: payload.judgements.topic?.category ?? '' };
  for (const judgement of payload.judgements.sentences) {
    answers.sentences[judgement.sentence] = {
      label: judgement.label,
      explanation: judgement.explanation,
      error_types: judgement.error_types,
      comment: judgement.comment,
      confidence: judgement.confidence,
    };
  }
  for (const judgement of payload.judgements.summaries) {
    answers.summaries[judgement.summary] = {
      relevance: judgement.relevance,
      not_a_summary: judgement.not_a_summary,
      comment: judgement.comment,
    };
  }
  return answers;
}

/** The version of every saved item; unsaved items are version 0. */
export function versionsFromPayload(payload: WorkspacePayload): Record<ItemKey, number> {
  const versions: Record<ItemKey, number> = {};
  for (const judgement of payload.judgements.sentences) versions[sentenceKey(judgement.sentence)] = judgement.version;
  for (const judgement of payload.judgements.summaries) versions[summaryKey(judgement.summary)] = judgement.version;
  if (payload.judgements.topic !== null) versions[TOPIC_KEY] = payload.judgements.topic.version;
  return versions;
}

const SENTENCE_LABELS: readonly string[] = ['consistent', 'inconsistent', ''];
const TOPIC_CATEGORIES: readonly string[] = ['main', 'marginal', 'irrelevant', ''];

/**
 * Applies saved or replayed fields to the answers. Only known fields with the right type are
 * taken: a stored change or a server state can never put anything else on screen.
 */
export function applyFields(answers: Answers, key: ItemKey, fields: Fields): Answers {
  const parsed = parseKey(key);
  if (parsed.kind === 'topic') {
    const category = fields.category;
    if (typeof category === 'string' && TOPIC_CATEGORIES.includes(category)) {
      return { ...answers, topic: category as TopicCategory | '' };
    }
    return answers;
  }
  if (parsed.kind === 'sentence') {
    const next: SentenceAnswer = { ...(answers.sentences[parsed.id] ?? EMPTY_SENTENCE) };
    if (typeof fields.label === 'string' && SENTENCE_LABELS.includes(fields.label)) {
      next.label = fields.label as SentenceLabel;
    }
    if (typeof fields.explanation === 'string') next.explanation = fields.explanation;
    if (Array.isArray(fields.error_types)) {
      next.error_types = fields.error_types.filter((id): id is number => typeof id === 'number');
    }
    if (typeof fields.comment === 'string') next.comment = fields.comment;
    if (fields.confidence === null || fields.confidence === 1 || fields.confidence === 2 || fields.confidence === 3) {
      next.confidence = fields.confidence;
    }
    return { ...answers, sentences: { ...answers.sentences, [parsed.id]: next } };
  }
  const next: SummaryAnswer = { ...(answers.summaries[parsed.id] ?? EMPTY_SUMMARY) };
  if (fields.relevance === null || (typeof fields.relevance === 'number' && fields.relevance >= 1 && fields.relevance <= 5)) {
    next.relevance = fields.relevance;
  }
  if (typeof fields.not_a_summary === 'boolean') next.not_a_summary = fields.not_a_summary;
  if (typeof fields.comment === 'string') next.comment = fields.comment;
  return { ...answers, summaries: { ...answers.summaries, [parsed.id]: next } };
}

export type Completion = 'done' | 'partial' | 'empty';

/** The server's rule for what a sentence needs (kinds/completion.ts, shared case files). */
export function sentenceCompletion(answer: SentenceAnswer | undefined, scheme: Scheme, hasErrorTypes: boolean): Completion {
  const missing = sentenceMissing(answer, schemeInEffect(scheme, hasErrorTypes));
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
  if (scheme.topic_category) items.push({ id: 'topic', answered: answers.topic !== '' });
  for (const summary of payload.summaries) {
    for (const sentence of summary.sentences) {
      const answer = answers.sentences[sentence.id] ?? EMPTY_SENTENCE;
      if (!scheme.consistency) continue;
      items.push({ id: `label:${sentence.id}`, answered: answer.label !== '' });
      if (answer.label === 'inconsistent') {
        items.push({ id: `explanation:${sentence.id}`, answered: answer.explanation.trim() !== '' });
        if (scheme.error_types && hasErrorTypes) {
          items.push({ id: `error_types:${sentence.id}`, answered: answer.error_types.length > 0 });
        }
      }
    }
    if (scheme.relevance) {
      items.push({ id: `relevance:${summary.id}`, answered: relevanceAnswered(answers.summaries[summary.id]) });
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
  return `label:${sentence.id}`;
}
