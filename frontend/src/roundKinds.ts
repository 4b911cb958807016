// Round kinds in words: the one map every screen reads (the queue, the workspace and item
// screen headers, the admin's tables and forms, the release form), so a kind never reaches a
// person as its identifier ("error_typing").

import type { RoundKind } from './api/types';

/** The kinds an admin creates, in the new-round form's order. */
export const ROUND_KINDS: ReadonlyArray<{ value: RoundKind; label: string }> = [
  { value: 'practice', label: 'Practice' },
  { value: 'qualification', label: 'Qualification' },
  { value: 'pilot', label: 'Pilot' },
  { value: 'production', label: 'Production' },
  { value: 'error_typing', label: 'Error typing' },
  { value: 'review', label: 'Second-stage review' },
  { value: 'explanation', label: 'Explanation meta-annotation' },
];

/** Kinds the site creates itself (docs/review.md, docs/formats/imports.md). */
const OTHER_KINDS: Readonly<Record<string, string>> = {
  adjudication: 'Adjudication',
  reference: 'Reference',
};

/** A round kind as a person reads it; an unknown one (a newer server) reads as words too. */
export function kindLabel(kind: string): string {
  const known = ROUND_KINDS.find((option) => option.value === kind)?.label ?? OTHER_KINDS[kind];
  if (known !== undefined) return known;
  const words = kind.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
