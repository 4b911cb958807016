import type { AtomicVerdict, Evidence, Handle } from '../api/types';
import { evidenceListOf, isOffset } from './evidence';
import type { Kind } from './kind';

/**
 * One atomic fact (ACU) of a summary with the linguist's verdict on it: written by them (split
 * from `sentence`) or given by the round (`given`, the given ACU's id; its text is the given
 * one). Evidence in the dialogue is linked as an error span's is.
 */
export interface AtomicFact {
  position: number;
  text: string;
  /** The given ACU's handle (never a database id). */
  given: Handle | null;
  sentence: Handle | null;
  verdict: AtomicVerdict;
  /** The linguist looked and the dialogue has nothing to point at. */
  no_evidence: boolean;
  evidence: Evidence[];
}

/** A summary's atomic facts (one judgement per summary; a save replaces the whole list). */
export interface AtomicFactsAnswer {
  facts: AtomicFact[];
}

/** As the server (annotations/kinds/atomic_facts.py). */
export const MAX_ATOMIC_FACTS = 60;
export const MAX_ATOMIC_TEXT = 1000;

const VERDICTS: readonly string[] = ['supported', 'not_supported', ''];

function factOf(value: unknown, index: number): AtomicFact | null {
  if (typeof value !== 'object' || value === null) return null;
  const { position, text, given, sentence, verdict, no_evidence, evidence } = value as Record<string, unknown>;
  if (!isOffset(position) || position !== index + 1 || typeof text !== 'string' || text.length > MAX_ATOMIC_TEXT) return null;
  if (given !== null && given !== undefined && (typeof given !== 'string' || given === '')) return null;
  if (sentence !== null && sentence !== undefined && (typeof sentence !== 'string' || sentence === '')) return null;
  if (typeof verdict !== 'string' || !VERDICTS.includes(verdict)) return null;
  const links = evidenceListOf(evidence ?? []);
  // Evidence and "none in the dialogue" exclude each other (the server refuses both).
  if (links === null || (no_evidence === true && links.length > 0)) return null;
  return {
    position,
    text,
    given: given ?? null,
    sentence: sentence ?? null,
    verdict: verdict as AtomicVerdict,
    no_evidence: no_evidence === true,
    evidence: links,
  };
}

/** A whole list from a stored change or a server state, or null when anything in it is not
 * an atomic fact numbered in order. */
export function atomicFactsOf(value: unknown): AtomicFact[] | null {
  if (!Array.isArray(value) || value.length > MAX_ATOMIC_FACTS) return null;
  const facts = value.map(factOf);
  return facts.every((fact) => fact !== null) ? (facts as AtomicFact[]) : null;
}

/** The server's rule (atomic_facts.py `missing`): some atomic facts, each with a verdict. */
export function atomicFactsMissing(answer: AtomicFactsAnswer | null | undefined): string[] {
  if (answer == null || answer.facts.length === 0) return ['atomic_facts'];
  return answer.facts.filter((fact) => fact.verdict === '').map((fact) => `verdict:${fact.position}`);
}

export const atomicFactsKind: Kind<AtomicFactsAnswer> = {
  key: 'atomic_facts',
  target: 'handle',
  askedBy: 'atomic_facts',
  empty: { facts: [] },
  saved: (payload) =>
    (payload.judgements.atomic_facts ?? []).map((state) => ({
      target: state.summary,
      version: state.version,
      answer: { facts: atomicFactsOf(state.facts) ?? [] },
    })),
  apply(answer, fields) {
    const facts = atomicFactsOf(fields.facts);
    return facts === null ? answer : { facts };
  },
  missing: (answer) => atomicFactsMissing(answer),
  url: (assignmentId, target) => `/api/assignments/${assignmentId}/atomic_facts/${target}/`,
};
