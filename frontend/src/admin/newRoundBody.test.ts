import { describe, expect, it } from 'vitest';

import { buildNewRoundBody, type NewRoundValues } from './newRoundBody';

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
