// A reviewer's decision on one item of a review round (docs/review.md): the error is
// confirmed, a false positive, or confirmed with other types. Answered on the item screen,
// whose payload carries it (`judgements.reviews`); the workspace never reads or asks for it.

import type { ItemsPayload, ReviewDecision } from '../review/types';
import { choiceOf, hasText, itemUrl, typeIdsOf } from './itemFields';
import type { Fields, Kind } from './kind';

export interface ReviewAnswer {
  decision: ReviewDecision;
  note: string;
  /** The types the sentence has instead, when the decision is `types_changed`. */
  error_types: number[];
}

const DECISIONS: readonly ReviewDecision[] = ['', 'confirmed', 'false_positive', 'types_changed'];
const EMPTY: ReviewAnswer = { decision: '', note: '', error_types: [] };

function apply(answer: ReviewAnswer, fields: Fields): ReviewAnswer {
  return {
    decision: choiceOf(fields.decision, DECISIONS) ?? answer.decision,
    note: typeof fields.note === 'string' ? fields.note : answer.note,
    error_types: typeIdsOf(fields.error_types) ?? answer.error_types,
  };
}

/** The server's rule (annotations/kinds/review.py): a decision; the new types when the types
 * changed; a note when the error is a false positive (the annotators read why). */
export function reviewMissing(answer: ReviewAnswer | null | undefined): string[] {
  if (answer == null || answer.decision === '') return ['decision'];
  if (answer.decision === 'types_changed' && answer.error_types.length === 0) return ['error_types'];
  if (answer.decision === 'false_positive' && !hasText(answer.note)) return ['note'];
  return [];
}

export const reviewKind: Kind<ReviewAnswer, 'items'> = {
  key: 'review',
  target: 'handle',
  screen: 'items',
  askedBy: 'review',
  empty: EMPTY,
  saved: (payload: ItemsPayload) =>
    payload.judgements.reviews.map((state) => ({ target: state.sentence, version: state.version, answer: apply(EMPTY, state) })),
  apply,
  missing: reviewMissing,
  url: itemUrl('reviews'),
};
