import type { AnnotationRoundKind, HardnessMeasure, NewRoundBody, RoundKind } from '../api/types';
import { ITEM_ROUND_KINDS } from './questions';
import type { SelectionValues } from './SelectedUnits';

/** What the new-round form holds; numbers are '' while their input is empty. */
export interface NewRoundValues {
  name: string;
  kind: RoundKind;
  overlap: number | string;
  guidelineVersion: string;
  annotators: string[];
  unitsMode: 'sample' | 'topics' | 'hardest' | 'select';
  /** Units chosen by corpus runs, with recorded inclusion probabilities (seeded by `seed`). */
  selection: SelectionValues;
  /** Hardest units: the published release whose evaluator runs measure them ('' : none). */
  hardRelease: string;
  hardBy: HardnessMeasure;
  hardCount: number | string;
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
  /** Review and error typing: the rounds whose labels they take. */
  sourceRounds: number[];
  /** Review: sentences labelled inconsistent by anyone, or by the gold rule. */
  reviewScope: 'any' | 'gold';
  /** Error typing: a type is gold when at least this many chose it. */
  typeMinCount: number | string;
  /** Production: the share of gold units, in percent ('' or 0: none). */
  goldPercent: number | string;
  /** Production: pause below this gold-unit accuracy, in percent ('' : never). */
  pausePercent: number | string;
  /** Explanation rounds: the published release whose evaluator explanations are judged. */
  explanationRelease: string;
  /** Explanation rounds: the evaluators (none: every one with explanations). */
  evaluators: string[];
  /** Assisted rounds: the corpus run whose verdicts are revealed after each label ('' : off). */
  assistRun: number | string;
  /** Assisted rounds: the share of (annotator, unit) pairs assisted, in percent. */
  assistPercent: number | string;
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

  if (values.kind === 'explanation') return explanationRoundBody(values, name, overlap, guideline, errors);
  const items = ITEM_ROUND_KINDS.has(values.kind);
  if (items) return itemRoundBody(values, name, overlap, guideline, errors);
  let units: Units | null = null;
  if (values.unitsMode === 'sample') {
    const sample = wholeNumber(values.sample);
    const seed = wholeNumber(values.seed);
    if (sample === null || sample < 1) errors['units.sample'] = 'Enter how many units to sample (at least 1).';
    if (seed === null) errors['units.seed'] = 'Enter a whole number as the seed.';
    if (sample !== null && seed !== null) units = values.includeBusy ? { sample, seed, include_busy: true } : { sample, seed };
  } else if (values.unitsMode === 'hardest') {
    const release = wholeNumber(values.hardRelease);
    const count = wholeNumber(values.hardCount);
    if (release === null) errors['units.hardest.release'] = 'Choose a published release with evaluator runs.';
    if (count === null || count < 1) errors['units.hardest.count'] = 'Enter how many units to take (at least 1).';
    if (release !== null && count !== null && count >= 1) units = { hardest: { release, by: values.hardBy, count } };
  } else if (values.unitsMode === 'select') units = selectedUnits(values, errors);
  else if (values.topics.length === 0) errors['units.topics'] = 'Choose at least one unit from the list.';
  else units = { topics: [...new Set(values.topics)] };

  const gold = values.kind === 'production' ? percent(values.goldPercent, 0, 50) : 0;
  const pause = values.kind === 'production' && values.pausePercent !== '' ? percent(values.pausePercent, 0, 100) : null;
  if (gold === undefined) errors.gold_rate = 'Enter a share of gold units between 0 and 50 %.';
  if (pause === undefined) errors.pause_below = 'Enter an accuracy between 0 and 100 %, or leave it empty.';
  const assistRun = values.assistRun === '' ? null : wholeNumber(values.assistRun);
  const assistShare = percent(values.assistPercent, 5, 95);
  if (values.assistRun !== '' && (assistRun === null || assistRun < 1)) errors['assistance.run'] = 'Choose a corpus run, or Off.';
  if (values.assistRun !== '' && assistShare === undefined) errors['assistance.share'] = 'Enter a share of assisted units between 5 and 95 %.';
  if (Object.keys(errors).length > 0 || overlap === null || guideline === null || units === null) return { errors };
  const annotation = {
    name,
    overlap,
    guideline_version: guideline,
    annotators: values.annotators,
    units,
    evidence_hints: values.evidenceHints,
    key_fact_source: values.keyFactSource,
    given_atomic_facts: values.givenAtomicFacts,
    // Sent only when on: off is the server's default.
    ...(assistRun === null || assistShare === undefined ? {} : { assistance: { run: assistRun, share: assistShare } }),
  };
  return {
    body:
      values.kind === 'production'
        ? { ...annotation, kind: 'production', gold_rate: gold ?? 0, pause_below: pause ?? null }
        : // Not explanation, review nor error typing (returned above): an annotation kind.
          { ...annotation, kind: values.kind as AnnotationRoundKind },
  };
}

type Units = Extract<NewRoundBody, { kind: 'production' }>['units'];

/** `units.select`: what the browser can check of a selection (the server checks the runs). */
function selectedUnits(values: NewRoundValues, errors: Record<string, string>): Units | null {
  const chosen = values.selection;
  const seed = wholeNumber(values.seed);
  const count = wholeNumber(chosen.count);
  const reserve = percent(chosen.reservePercent, 5, 100);
  const disagreement = percent(chosen.disagreementPercent, 0, 100);
  const uncertainty = percent(chosen.uncertaintyPercent, 0, 100);
  const mix = chosen.strategy === 'mix';
  const needsTwo = chosen.strategy === 'disagreement' || (mix && (disagreement ?? 0) > 0);
  if (chosen.runs.length === 0) errors['units.select.runs'] = 'Choose the corpus runs to select by.';
  else if (needsTwo && chosen.runs.length < 2) errors['units.select.runs'] = 'Evaluator disagreement needs at least two runs.';
  if (count === null || count < 1) errors['units.select.count'] = 'Enter how many units to select (at least 1).';
  if (reserve === undefined) errors['units.select.reserve'] = 'Enter a reserve between 5 and 100 %.';
  if (seed === null) errors['units.seed'] = 'Enter a whole number as the seed.';
  if (mix && (disagreement === undefined || uncertainty === undefined || disagreement + uncertainty <= 0))
    errors['units.select.weights'] = 'Enter two weights between 0 and 100 %, not both 0.';
  if (Object.keys(errors).some((key) => key.startsWith('units.')) || count === null || seed === null || reserve === undefined)
    return null;
  const select = { strategy: chosen.strategy, runs: [...new Set(chosen.runs)], count, reserve };
  return {
    select: mix ? { ...select, weights: { disagreement: disagreement ?? 0, uncertainty: uncertainty ?? 0 } } : select,
    seed,
  };
}

/** A share typed in percent as a fraction; undefined when out of [low, high] or not a number. */
function percent(value: number | string, low: number, high: number): number | undefined {
  const number = typeof value === 'number' ? value : value.trim() === '' ? 0 : Number(value);
  return Number.isFinite(number) && number >= low && number <= high ? number / 100 : undefined;
}

function itemRoundBody(
  values: NewRoundValues,
  name: string,
  overlap: number | null,
  guideline: number | null,
  errors: Record<string, string>,
): { body: NewRoundBody } | { errors: Record<string, string> } {
  if (values.sourceRounds.length === 0) errors.source_rounds = 'Choose the rounds whose labels it takes.';
  const review = values.kind === 'review';
  if (review && values.annotators.length < 2) errors.annotators = 'Choose at least two reviewers: every decision has a second reviewer.';
  if (!review && overlap !== null && overlap < 3) errors.overlap = 'Error typing needs at least 3 annotators per sentence.';
  const typeMinCount = wholeNumber(values.typeMinCount);
  if (!review && (typeMinCount === null || typeMinCount < 1)) errors.type_min_count = 'Enter a whole number of at least 1.';
  if (Object.keys(errors).length > 0 || overlap === null || guideline === null) return { errors };
  const common = { name, guideline_version: guideline, annotators: values.annotators, source_rounds: values.sourceRounds };
  return {
    body: review
      ? { ...common, kind: 'review', overlap: 1, review_scope: values.reviewScope }
      : { ...common, kind: 'error_typing', overlap, type_min_count: typeMinCount ?? 2 },
  };
}

function explanationRoundBody(
  values: NewRoundValues,
  name: string,
  overlap: number | null,
  guideline: number | null,
  errors: Record<string, string>,
): { body: NewRoundBody } | { errors: Record<string, string> } {
  const release = wholeNumber(values.explanationRelease);
  if (release === null) errors.release = 'Choose a published release with evaluator explanations.';
  if (overlap !== null && overlap < 2) errors.overlap = 'At least 2 linguists per item, for agreement.';
  if (Object.keys(errors).length > 0 || overlap === null || guideline === null || release === null) return { errors };
  return {
    body: {
      name,
      kind: 'explanation',
      overlap,
      guideline_version: guideline,
      annotators: values.annotators,
      release,
      evaluators: values.evaluators,
    },
  };
}

function wholeNumber(value: number | string): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  return /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : null;
}
