// Evidence in the dialogue as stored changes and server states carry it: one check for every
// kind that links evidence (a sentence's error spans, an atomic fact), as on the server
// (annotations/kinds/evidence.py).

import type { Evidence } from '../api/types';

export const isOffset = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** One piece of evidence, or null when `value` is not one. */
export function evidenceOf(value: unknown): Evidence | null {
  if (typeof value !== 'object' || value === null) return null;
  const { turn, start, end } = value as Record<string, unknown>;
  return isOffset(turn) && isOffset(start) && isOffset(end) && start < end ? { turn, start, end } : null;
}

/** A whole evidence list, or null when anything in it is not evidence (half a list would be wrong). */
export function evidenceListOf(value: unknown): Evidence[] | null {
  if (!Array.isArray(value)) return null;
  const links = value.map(evidenceOf);
  return links.every((link) => link !== null) ? (links as Evidence[]) : null;
}
