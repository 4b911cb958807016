import type { NewRoundBody, RoundKind } from '../api/types';

/** What the new-round form holds; numbers are '' while their input is empty. */
export interface NewRoundValues {
  name: string;
  kind: RoundKind;
  overlap: number | string;
  guidelineVersion: string;
  annotators: string[];
  unitsMode: 'sample' | 'topics';
  sample: number | string;
  seed: number | string;
  /** Let the sample take units already in another open round of the same kind. */
  includeBusy: boolean;
  /** Mark the turns most related to a sentence while linking evidence. */
  evidenceHints: boolean;
  /** The units chosen from the list (their topic ids; the admin sees names only). */
  topics: number[];
  /** '' : each linguist writes the unit's key facts; else the source of the given list they align. */
  keyFactSource: string;
  /** Each summary's atomic facts are given, to verify, instead of written. */
  givenAtomicFacts: boolean;
}

/** Checks what the browser can check and builds the POST body; errors use the server's field keys. */
export function buildNewRoundBody(values: NewRoundValues): { body: NewRoundBody } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'Give the round a name.';
  const overlap = wholeNumber(values.overlap);
  if (overlap === null || overlap < 1) errors.overlap = 'Enter a whole number of at least 1.';
  const guideline = wholeNumber(values.guidelineVersion);
  if (guideline === null) errors.guideline_version = 'Choose a guideline version.';

  let units: NewRoundBody['units'] | null = null;
  if (values.unitsMode === 'sample') {
    const sample = wholeNumber(values.sample);
    const seed = wholeNumber(values.seed);
    if (sample === null || sample < 1) errors['units.sample'] = 'Enter how many units to sample (at least 1).';
    if (seed === null) errors['units.seed'] = 'Enter a whole number as the seed.';
    if (sample !== null && seed !== null) units = values.includeBusy ? { sample, seed, include_busy: true } : { sample, seed };
  } else if (values.topics.length === 0) errors['units.topics'] = 'Choose at least one unit from the list.';
  else units = { topics: [...new Set(values.topics)] };

  if (Object.keys(errors).length > 0 || overlap === null || guideline === null || units === null) return { errors };
  return {
    body: {
      name,
      kind: values.kind,
      overlap,
      guideline_version: guideline,
      annotators: values.annotators,
      units,
      evidence_hints: values.evidenceHints,
      key_fact_source: values.keyFactSource,
      given_atomic_facts: values.givenAtomicFacts,
    },
  };
}

function wholeNumber(value: number | string): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  return /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : null;
}
