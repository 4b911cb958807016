import { describe, expect, it } from 'vitest';

import { buildNewRoundBody, type NewRoundValues } from './newRoundBody';
import { INITIAL_SELECTION } from './SelectedUnits';

const VALUES: NewRoundValues = {
  name: 'Hard pilot',
  kind: 'pilot',
  overlap: 2,
  guidelineVersion: '1',
  annotators: ['linguist1', 'linguist2'],
  unitsMode: 'hardest',
  hardRelease: '',
  hardBy: 'among_evaluators',
  hardCount: 20,
  selection: INITIAL_SELECTION,
  sample: '',
  seed: 1,
  includeBusy: false,
  evidenceHints: true,
  topics: [],
  keyFactSource: '',
  givenAtomicFacts: false,
  sourceRounds: [],
  reviewScope: 'any',
  typeMinCount: 2,
  goldPercent: '',
  pausePercent: '',
  explanationRelease: '',
  evaluators: [],
  assistRun: '',
  assistPercent: 50,
};

describe('a round from the units hardest for evaluators', () => {
  it('asks for the release, then sends it with the measure and the count', () => {
    expect(buildNewRoundBody(VALUES)).toEqual({ errors: { 'units.hardest.release': 'Choose a published release with evaluator runs.' } });
    const built = buildNewRoundBody({ ...VALUES, hardRelease: '4', hardCount: 7 });
    expect('body' in built && 'units' in built.body && built.body.units).toEqual({ hardest: { release: 4, by: 'among_evaluators', count: 7 } });
    expect(buildNewRoundBody({ ...VALUES, hardRelease: '4', hardCount: 0 })).toEqual({
      errors: { 'units.hardest.count': 'Enter how many units to take (at least 1).' },
    });
  });
});

describe('an explanation round', () => {
  const explaining: NewRoundValues = { ...VALUES, kind: 'explanation', overlap: 2 };

  it('asks for the release and two linguists per item', () => {
    expect(buildNewRoundBody(explaining)).toEqual({ errors: { release: 'Choose a published release with evaluator explanations.' } });
    expect(buildNewRoundBody({ ...explaining, explanationRelease: '3', overlap: 1 })).toEqual({
      errors: { overlap: 'At least 2 linguists per item, for agreement.' },
    });
  });

  it('sends the release and the chosen evaluators, and no units', () => {
    const built = buildNewRoundBody({ ...explaining, explanationRelease: '3', evaluators: ['MiniCheck'] });
    expect(built).toEqual({
      body: {
        name: 'Hard pilot',
        kind: 'explanation',
        overlap: 2,
        guideline_version: 1,
        annotators: ['linguist1', 'linguist2'],
        release: 3,
        evaluators: ['MiniCheck'],
      },
    });
  });
});

describe('an assisted round', () => {
  it('sends the corpus run and the share as a fraction, and checks both first', () => {
    const sampled = { ...VALUES, unitsMode: 'sample' as const, sample: 6 };
    const off = buildNewRoundBody(sampled);
    expect('body' in off && 'assistance' in off.body).toBe(false);
    const on = buildNewRoundBody({ ...sampled, assistRun: 3, assistPercent: 40 });
    expect('body' in on && 'assistance' in on.body && on.body.assistance).toEqual({ run: 3, share: 0.4 });
    expect(buildNewRoundBody({ ...sampled, assistRun: 3, assistPercent: 100 })).toEqual({
      errors: { 'assistance.share': 'Enter a share of assisted units between 5 and 95 %.' },
    });
  });
});

describe('a round of units chosen by corpus runs', () => {
  const select = { ...VALUES, unitsMode: 'select' as const, seed: 9 };

  it('sends the strategy, runs, reserve and count with the seed, weights only for a mix', () => {
    const built = buildNewRoundBody({ ...select, selection: { ...INITIAL_SELECTION, runs: [3, 5], count: 12 } });
    expect('body' in built && 'units' in built.body && built.body.units).toEqual({
      select: { strategy: 'disagreement', runs: [3, 5], count: 12, reserve: 0.2 },
      seed: 9,
    });
    const mix = buildNewRoundBody({
      ...select,
      selection: { ...INITIAL_SELECTION, strategy: 'mix', runs: [3, 5], disagreementPercent: 70, uncertaintyPercent: 30 },
    });
    expect('body' in mix && 'units' in mix.body && mix.body.units).toEqual({
      select: { strategy: 'mix', runs: [3, 5], count: 20, reserve: 0.2, weights: { disagreement: 0.7, uncertainty: 0.3 } },
      seed: 9,
    });
  });

  it('names what is missing with the server field keys', () => {
    expect(buildNewRoundBody(select)).toEqual({ errors: { 'units.select.runs': 'Choose the corpus runs to select by.' } });
    expect(buildNewRoundBody({ ...select, selection: { ...INITIAL_SELECTION, runs: [3] } })).toEqual({
      errors: { 'units.select.runs': 'Evaluator disagreement needs at least two runs.' },
    });
    expect(
      buildNewRoundBody({ ...select, selection: { ...INITIAL_SELECTION, strategy: 'uncertainty', runs: [3], reservePercent: 2 } }),
    ).toEqual({ errors: { 'units.select.reserve': 'Enter a reserve between 5 and 100 %.' } });
    expect(
      buildNewRoundBody({
        ...select,
        selection: { ...INITIAL_SELECTION, strategy: 'mix', runs: [3, 4], disagreementPercent: 0, uncertaintyPercent: 0 },
      }),
    ).toEqual({ errors: { 'units.select.weights': 'Enter two weights between 0 and 100 %, not both 0.' } });
  });
});
