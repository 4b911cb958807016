// Linking evidence in the dialogue to whatever takes it (an error span, an atomic fact), as
// pure functions from the item to the next one: one rule for every kind, as on the server
// (annotations/kinds/evidence.py).

import type { Evidence } from '../../api/types';
import { withEvidence } from './spanText';

/** Anything evidence is linked to. */
export interface Evidenced {
  no_evidence: boolean;
  evidence: Evidence[];
}

/** Links `link`; evidence and "no evidence in the dialogue" exclude each other, so pointing at
 * the dialogue withdraws the latter. Overlapping evidence in a turn merges. */
export function withLink<T extends Evidenced>(item: T, link: Evidence): T {
  return { ...item, no_evidence: false, evidence: withEvidence(item.evidence, link) };
}

export function withoutLink<T extends Evidenced>(item: T, link: Evidence): T {
  return {
    ...item,
    evidence: item.evidence.filter((piece) => !(piece.turn === link.turn && piece.start === link.start && piece.end === link.end)),
  };
}

/** "No evidence in the dialogue" (nothing to point at). Saying so drops evidence linked before. */
export function withNoEvidence<T extends Evidenced>(item: T, none: boolean): T {
  return { ...item, no_evidence: none, evidence: none ? [] : item.evidence };
}
