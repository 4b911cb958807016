import type { Handle, KeyFactAlignment } from '../api/types';
import { isOffset } from './evidence';
import type { Kind } from './kind';

/**
 * One key fact of the unit's topic as the linguist numbered it, with its alignments: per
 * summary, whether the summary states it and, if so, the sentences that do. `given` is the
 * given fact's id in a round that aligns a given list (its text is then the list's).
 */
export interface KeyFact {
  position: number;
  text: string;
  given: number | null;
  /** In the order decided (the server keeps it; never sorted by handle). */
  alignments: KeyFactAlignment[];
}

/** The unit's key facts (one judgement per assignment; a save replaces the whole list). */
export interface KeyFactsAnswer {
  facts: KeyFact[];
}

/** As the server (annotations/kinds/key_facts.py). */
export const MAX_KEY_FACTS = 50;
export const MAX_FACT_TEXT = 1000;

const isHandle = (value: unknown): value is Handle => typeof value === 'string' && value !== '';

function alignmentOf(value: unknown): KeyFactAlignment | null {
  if (typeof value !== 'object' || value === null) return null;
  const { summary, covered, sentences } = value as Record<string, unknown>;
  if (!isHandle(summary) || typeof covered !== 'boolean' || !Array.isArray(sentences)) return null;
  const handles = sentences.map((item: unknown) =>
    typeof item === 'object' && item !== null ? (item as Record<string, unknown>).sentence : undefined,
  );
  if (!handles.every(isHandle) || new Set(handles).size !== handles.length) return null;
  // A summary that does not state the fact has no sentence stating it.
  if (!covered && handles.length > 0) return null;
  return { summary, covered, sentences: handles.map((sentence) => ({ sentence })) };
}

function factOf(value: unknown, index: number): KeyFact | null {
  if (typeof value !== 'object' || value === null) return null;
  const { position, text, given, alignments } = value as Record<string, unknown>;
  if (position !== index + 1 || typeof text !== 'string' || text.length > MAX_FACT_TEXT) return null;
  if (given !== null && given !== undefined && !isOffset(given)) return null;
  if (!Array.isArray(alignments)) return null;
  const aligned = alignments.map(alignmentOf);
  if (!aligned.every((alignment) => alignment !== null)) return null;
  const summaries = aligned.map((alignment) => (alignment as KeyFactAlignment).summary);
  if (new Set(summaries).size !== summaries.length) return null;
  return { position, text, given: given ?? null, alignments: aligned as KeyFactAlignment[] };
}

/** A whole list from a stored change or a server state, or null when anything in it is not
 * a key fact numbered in order: half a list would be wrong. */
export function keyFactsOf(value: unknown): KeyFact[] | null {
  if (!Array.isArray(value) || value.length > MAX_KEY_FACTS) return null;
  const facts = value.map(factOf);
  return facts.every((fact) => fact !== null) ? (facts as KeyFact[]) : null;
}

/** The server's rule (key_facts.py `missing`): some key facts, and for each fact a summary
 * states, the sentences that state it. */
export function keyFactsMissing(answer: KeyFactsAnswer | null | undefined): string[] {
  if (answer == null || answer.facts.length === 0) return ['key_facts'];
  return answer.facts
    .filter((fact) => fact.alignments.some((alignment) => alignment.covered && alignment.sentences.length === 0))
    .map((fact) => `sentences:${fact.position}`);
}

/** The server's per-summary rule (`missing_in_summary`): every fact decided for the summary,
 * stated by it or not. Nothing before the list is saved (that is `key_facts`, above). */
export function keyFactsMissingInSummary(answer: KeyFactsAnswer | null | undefined, summary: Handle): string[] {
  if (answer == null) return [];
  return answer.facts
    .filter((fact) => !fact.alignments.some((alignment) => alignment.summary === summary))
    .map((fact) => `coverage:${fact.position}`);
}

export const keyFactsKind: Kind<KeyFactsAnswer> = {
  key: 'key_facts',
  target: 'assignment',
  askedBy: 'completeness',
  empty: { facts: [] },
  saved: (payload) => {
    const state = payload.judgements.key_facts;
    return state == null ? [] : [{ target: null, version: state.version, answer: { facts: keyFactsOf(state.facts) ?? [] } }];
  },
  apply(answer, fields) {
    const facts = keyFactsOf(fields.facts);
    return facts === null ? answer : { facts };
  },
  missing: (answer) => keyFactsMissing(answer),
  missingInSummary: (answer, summary) => keyFactsMissingInSummary(answer, summary),
  url: (assignmentId) => `/api/assignments/${assignmentId}/key_facts/`,
};
