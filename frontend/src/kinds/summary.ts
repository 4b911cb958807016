import type { Kind } from './kind';

/** A summary's answers: its relevance to the topic, or that it is not a summary at all. */
export interface SummaryAnswer {
  relevance: number | null;
  not_a_summary: boolean;
  comment: string;
}

/** The server's rule (annotations/kinds/summary.py): relevance, unless it is not a summary. */
export function summaryMissing(answer: Pick<SummaryAnswer, 'relevance' | 'not_a_summary'> | null | undefined): string[] {
  return answer != null && (answer.relevance !== null || answer.not_a_summary) ? [] : ['relevance'];
}

export const summaryKind: Kind<SummaryAnswer> = {
  key: 'summary',
  target: 'handle',
  askedBy: 'relevance',
  empty: { relevance: null, not_a_summary: false, comment: '' },
  saved: (payload) =>
    payload.judgements.summaries.map((judgement) => ({
      target: judgement.summary,
      version: judgement.version,
      answer: { relevance: judgement.relevance, not_a_summary: judgement.not_a_summary, comment: judgement.comment },
    })),
  apply(answer, fields) {
    const next = { ...answer };
    const relevance = fields.relevance;
    if (relevance === null || (typeof relevance === 'number' && Number.isInteger(relevance) && relevance >= 1 && relevance <= 5)) {
      next.relevance = relevance;
    }
    if (typeof fields.not_a_summary === 'boolean') next.not_a_summary = fields.not_a_summary;
    if (typeof fields.comment === 'string') next.comment = fields.comment;
    return next;
  },
  missing: (answer) => summaryMissing(answer),
  url: (assignmentId, target) => `/api/assignments/${assignmentId}/summaries/${target}/`,
};
