// The answers of review and error-typing rounds (docs/review.md): a reviewer's decision on an
// item, the second reviewer's verdict on it, and an error-typing annotator's types. Each is
// about one item (a sentence, by its handle) and is answered on the item screen, whose payload
// carries them (GET /api/assignments/{id}/items/); the workspace payload never does.

import type { Kind } from './kind';

export type ReviewDecision = '' | 'confirmed' | 'false_positive' | 'types_changed';
export type SecondVerdict = '' | 'confirm' | 'dispute';

export interface ReviewAnswer {
  decision: ReviewDecision;
  note: string;
  error_types: number[];
}

export interface SecondReviewAnswer {
  verdict: SecondVerdict;
  note: string;
}

export interface TypingAnswer {
  error_types: number[];
}

const DECISIONS: readonly string[] = ['', 'confirmed', 'false_positive', 'types_changed'];
const VERDICTS: readonly string[] = ['', 'confirm', 'dispute'];

function typeIds(value: unknown, fallback: number[]): number[] {
  return Array.isArray(value) && value.every((id) => Number.isInteger(id)) ? [...(value as number[])].sort((a, b) => a - b) : fallback;
}

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

function itemUrl(route: string) {
  return (assignmentId: number, target: string | null) => `/api/assignments/${assignmentId}/${route}/${target ?? ''}/`;
}

export const reviewKind: Kind<ReviewAnswer> = {
  key: 'review',
  target: 'handle',
  askedBy: 'review',
  empty: { decision: '', note: '', error_types: [] },
  saved: () => [],
  apply: (answer, fields) => ({
    decision: typeof fields.decision === 'string' && DECISIONS.includes(fields.decision) ? (fields.decision as ReviewDecision) : answer.decision,
    note: text(fields.note, answer.note),
    error_types: typeIds(fields.error_types, answer.error_types),
  }),
  missing(answer) {
    if (answer == null || answer.decision === '') return ['decision'];
    if (answer.decision === 'types_changed' && answer.error_types.length === 0) return ['error_types'];
    if (answer.decision === 'false_positive' && answer.note.trim() === '') return ['note'];
    return [];
  },
  url: itemUrl('reviews'),
};

export const secondReviewKind: Kind<SecondReviewAnswer> = {
  key: 'second_review',
  target: 'handle',
  askedBy: 'second_review',
  empty: { verdict: '', note: '' },
  saved: () => [],
  apply: (answer, fields) => ({
    verdict: typeof fields.verdict === 'string' && VERDICTS.includes(fields.verdict) ? (fields.verdict as SecondVerdict) : answer.verdict,
    note: text(fields.note, answer.note),
  }),
  missing(answer) {
    if (answer == null || answer.verdict === '') return ['verdict'];
    if (answer.verdict === 'dispute' && answer.note.trim() === '') return ['note'];
    return [];
  },
  url: itemUrl('second_reviews'),
};

export const typingKind: Kind<TypingAnswer> = {
  key: 'typing',
  target: 'handle',
  askedBy: 'error_typing',
  empty: { error_types: [] },
  saved: () => [],
  apply: (answer, fields) => ({ error_types: typeIds(fields.error_types, answer.error_types) }),
  missing: (answer) => (answer != null && answer.error_types.length > 0 ? [] : ['error_types']),
  url: itemUrl('typings'),
};
