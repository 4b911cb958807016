// The agreement questions of docs/api/admin.md, in the order the dashboard shows them.

import type { AgreementTargets } from '../api/types';

/** A question that can have a target: the keys of the server's targets. */
export type QuestionKey = keyof AgreementTargets;

/** The scheme switch a question needs, when it is not always asked. */
export type QuestionNeeds = 'error_spans' | 'evidence' | 'completeness' | 'atomic_facts';

export const QUESTIONS: ReadonlyArray<{ key: QuestionKey; label: string; needs?: QuestionNeeds }> = [
  { key: 'sentence_consistency', label: 'Sentence consistency' },
  { key: 'summary_consistency', label: 'Summary consistency' },
  { key: 'error_types', label: 'Error types' },
  { key: 'relevance', label: 'Relevance' },
  { key: 'relevance_binned', label: 'Relevance (binned)' },
  { key: 'topic_category', label: 'Topic category' },
  { key: 'topic_category_merged', label: 'Topic category (merged)' },
  { key: 'not_a_summary', label: 'Not a summary' },
  { key: 'span_exact', label: 'Error spans (exact)', needs: 'error_spans' },
  { key: 'span_overlap', label: 'Error spans (overlap)', needs: 'error_spans' },
  { key: 'span_character', label: 'Error spans (characters)', needs: 'error_spans' },
  { key: 'evidence_turns', label: 'Evidence (turns cited)', needs: 'evidence' },
  { key: 'key_fact_coverage', label: 'Key facts stated (given list)', needs: 'completeness' },
  { key: 'key_fact_alignment', label: 'Key-fact sentences (given list)', needs: 'completeness' },
  { key: 'key_fact_completeness', label: 'Completeness (own lists)', needs: 'completeness' },
  { key: 'key_fact_count', label: 'Key facts written', needs: 'completeness' },
  { key: 'acu_verdict', label: 'Atomic facts (given)', needs: 'atomic_facts' },
  { key: 'acu_score', label: 'ACU score (own facts)', needs: 'atomic_facts' },
];

export { ROUND_KINDS, kindLabel } from '../roundKinds';

/** Rounds over the items of other rounds (docs/review.md): no units of their own to choose. */
export const ITEM_ROUND_KINDS: ReadonlySet<string> = new Set(['error_typing', 'review']);
/** The rounds whose labels a review or error-typing round takes. */
export const ANNOTATION_ROUND_KINDS: ReadonlySet<string> = new Set(['practice', 'qualification', 'pilot', 'production']);
