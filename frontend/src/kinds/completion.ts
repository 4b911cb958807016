// What each judgement kind still needs: the server's completion rules (annotations/kinds/),
// checked against the same case files (fixtures/kinds/completion.json) so they cannot drift.

import type { Scheme } from '../api/types';

export type KindKey = 'sentence' | 'summary' | 'topic';

export interface SentenceState {
  label: string;
  explanation: string;
  error_types: readonly number[];
}

export interface SummaryState {
  relevance: number | null;
  not_a_summary: boolean;
}

export interface TopicState {
  category: string;
}

/** The scheme switches that ask for each kind. */
const ASKED_BY: Record<KindKey, keyof Scheme> = {
  sentence: 'consistency',
  summary: 'relevance',
  topic: 'topic_category',
};

/** Error types cannot be asked for when the taxonomy has none (no picker is shown). */
export function schemeInEffect(scheme: Scheme, taxonomyHasTypes: boolean): Scheme {
  return { ...scheme, error_types: scheme.error_types && taxonomyHasTypes };
}

export function sentenceMissing(state: SentenceState | null | undefined, scheme: Pick<Scheme, 'error_types'>): string[] {
  if (state == null || state.label === '') return ['label'];
  if (state.label === 'consistent') return [];
  const items: string[] = [];
  if (state.explanation.trim() === '') items.push('explanation');
  if (scheme.error_types && state.error_types.length === 0) items.push('error_types');
  return items;
}

export function summaryMissing(state: SummaryState | null | undefined): string[] {
  return state != null && (state.relevance !== null || state.not_a_summary) ? [] : ['relevance'];
}

export function topicMissing(state: TopicState | null | undefined): string[] {
  return state != null && state.category !== '' ? [] : ['topic_category'];
}

/** The missing item keys of one target of `kind`; none when the scheme does not ask. */
export function missingItems(kind: KindKey, state: unknown, scheme: Scheme): string[] {
  if (!scheme[ASKED_BY[kind]]) return [];
  if (kind === 'sentence') return sentenceMissing(state as SentenceState | null, scheme);
  if (kind === 'summary') return summaryMissing(state as SummaryState | null);
  return topicMissing(state as TopicState | null);
}
