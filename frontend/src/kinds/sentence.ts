import type { Confidence, ErrorSpan, Scheme, SentenceLabel } from '../api/types';
import { evidenceListOf, isOffset } from './evidence';
import type { Kind } from './kind';

/** A summary sentence's answer: the consistency label and what explains an inconsistent one. */
export interface SentenceAnswer {
  label: SentenceLabel;
  explanation: string;
  error_types: number[];
  comment: string;
  confidence: Confidence | null;
  /** The wrong words, each with its evidence in the dialogue; a save replaces the set. */
  spans: ErrorSpan[];
}

/** A span from a stored change or a server state, or null when it is not one. */
function spanOf(value: unknown): ErrorSpan | null {
  if (typeof value !== 'object' || value === null) return null;
  const { start, end, error_type, note, no_evidence, evidence } = value as Record<string, unknown>;
  const links = evidenceListOf(evidence);
  if (!isOffset(start) || !isOffset(end) || start >= end || links === null) return null;
  return {
    start,
    end,
    error_type: isOffset(error_type) ? error_type : null,
    note: typeof note === 'string' ? note : '',
    no_evidence: no_evidence === true,
    evidence: links,
  };
}

const LABELS: readonly string[] = ['consistent', 'inconsistent', ''];

/** The server's rule (annotations/kinds/sentence.py): an inconsistent sentence needs an
 * explanation, and error types when the scheme in effect asks for them. */
export function sentenceMissing(
  answer:
    | (Pick<SentenceAnswer, 'label' | 'explanation' | 'error_types'> & { spans?: readonly ErrorSpan[] })
    | null
    | undefined,
  scheme: Pick<Scheme, 'error_types'> & Partial<Pick<Scheme, 'require_error_spans' | 'require_evidence'>>,
): string[] {
  if (answer == null || answer.label === '') return ['label'];
  if (answer.label === 'consistent') return [];
  const items: string[] = [];
  if (answer.explanation.trim() === '') items.push('explanation');
  if (scheme.error_types && answer.error_types.length === 0) items.push('error_types');
  const spans = answer.spans ?? [];
  if (scheme.require_error_spans === true && spans.length === 0) items.push('error_spans');
  if (scheme.require_evidence === true && spans.some((span) => span.evidence.length === 0 && !span.no_evidence)) {
    items.push('evidence');
  }
  return items;
}

export const sentenceKind: Kind<SentenceAnswer> = {
  key: 'sentence',
  target: 'handle',
  askedBy: 'consistency',
  empty: { label: '', explanation: '', error_types: [], comment: '', confidence: null, spans: [] },
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
        spans: judgement.spans,
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
    if (Array.isArray(fields.spans)) {
      const spans = fields.spans.map(spanOf);
      // A set with anything that is not a span is not taken at all: half a set would be wrong.
      if (spans.every((span) => span !== null)) next.spans = spans as ErrorSpan[];
    }
    return next;
  },
  missing: sentenceMissing,
  url: (assignmentId, target) => `/api/assignments/${assignmentId}/sentences/${target}/`,
};
