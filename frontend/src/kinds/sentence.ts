import type { Confidence, Scheme, SentenceLabel } from '../api/types';
import type { Kind } from './kind';

/** A summary sentence's answer: the consistency label and what explains an inconsistent one. */
export interface SentenceAnswer {
  label: SentenceLabel;
  explanation: string;
  error_types: number[];
  comment: string;
  confidence: Confidence | null;
}

const LABELS: readonly string[] = ['consistent', 'inconsistent', ''];

/** The server's rule (annotations/kinds/sentence.py): an inconsistent sentence needs an
 * explanation, and error types when the scheme in effect asks for them. */
export function sentenceMissing(
  answer: Pick<SentenceAnswer, 'label' | 'explanation' | 'error_types'> | null | undefined,
  scheme: Pick<Scheme, 'error_types'>,
): string[] {
  if (answer == null || answer.label === '') return ['label'];
  if (answer.label === 'consistent') return [];
  const items: string[] = [];
  if (answer.explanation.trim() === '') items.push('explanation');
  if (scheme.error_types && answer.error_types.length === 0) items.push('error_types');
  return items;
}

export const sentenceKind: Kind<SentenceAnswer> = {
  key: 'sentence',
  target: 'handle',
  askedBy: 'consistency',
  empty: { label: '', explanation: '', error_types: [], comment: '', confidence: null },
  saved: (payload) =>
    payload.judgements.sentences.map((judgement) => ({
      target: judgement.sentence,
      version: judgement.version,
      answer: {
        label: judgement.label,
        explanation: judgement.explanation,
        error_types: judgement.error_types,
        comment: judgement.comment,
        confidence: judgement.confidence,
      },
    })),
  apply(answer, fields) {
    const next = { ...answer };
    if (typeof fields.label === 'string' && LABELS.includes(fields.label)) next.label = fields.label as SentenceLabel;
    if (typeof fields.explanation === 'string') next.explanation = fields.explanation;
    if (Array.isArray(fields.error_types)) {
      next.error_types = fields.error_types.filter((id): id is number => typeof id === 'number');
    }
    if (typeof fields.comment === 'string') next.comment = fields.comment;
    if (fields.confidence === null || fields.confidence === 1 || fields.confidence === 2 || fields.confidence === 3) {
      next.confidence = fields.confidence;
    }
    return next;
  },
  missing: sentenceMissing,
  url: (assignmentId, target) => `/api/assignments/${assignmentId}/sentences/${target}/`,
};
