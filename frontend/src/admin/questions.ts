// The agreement questions of docs/api/admin.md, in the order the dashboard shows them.

import type { AgreementTargets, RoundKind } from '../api/types';

/** A question that can have a target: the keys of the server's targets. */
export type QuestionKey = keyof AgreementTargets;

export const QUESTIONS: ReadonlyArray<{ key: QuestionKey; label: string }> = [
  { key: 'sentence_consistency', label: 'Sentence consistency' },
  { key: 'summary_consistency', label: 'Summary consistency' },
  { key: 'error_types', label: 'Error types' },
  { key: 'relevance', label: 'Relevance' },
  { key: 'relevance_binned', label: 'Relevance (binned)' },
  { key: 'topic_category', label: 'Topic category' },
  { key: 'topic_category_merged', label: 'Topic category (merged)' },
  { key: 'not_a_summary', label: 'Not a summary' },
];

export const ROUND_KINDS: ReadonlyArray<{ value: RoundKind; label: string }> = [
  { value: 'practice', label: 'Practice' },
  { value: 'pilot', label: 'Pilot' },
  { value: 'production', label: 'Production' },
  { value: 'error_typing', label: 'Error typing' },
];

export function kindLabel(kind: string): string {
  return ROUND_KINDS.find((option) => option.value === kind)?.label ?? kind;
}
