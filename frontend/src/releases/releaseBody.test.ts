import { describe, expect, it } from 'vitest';

import { INITIAL_RELEASE_VALUES, buildReleaseBody, parseSplitFile, type NewReleaseValues } from './releaseBody';

const ORDER = { roundOrder: [1, 2, 9], formatOrder: ['native', 'tofueval', 'aggrefact'] as const };

function build(overrides: Partial<NewReleaseValues>) {
  return buildReleaseBody({ ...INITIAL_RELEASE_VALUES, version: '1.0.0', rounds: ['1'], ...overrides }, ORDER);
}

describe('buildReleaseBody', () => {
  it('builds the default body: seeded document split 0.7 / 13, native only, no mappings', () => {
    expect(build({})).toEqual({
      body: {
        version: '1.0.0',
        rounds: [1],
        gold: 'majority',
        split: { method: 'document', dev: 0.7, seed: 13 },
        formats: ['native'],
        only_complete: false,
      },
    });
  });

  it('keeps the server order of rounds and formats, and sends chosen mappings', () => {
    const built = build({ rounds: ['9', '1'], formats: ['tofueval', 'native'], mergeMarginal: true, binaryRelevance: true });
    expect(built).toMatchObject({
      body: { rounds: [1, 9], formats: ['native', 'tofueval'], mappings: { topic_category: 'merge_marginal', relevance: 'binary' } },
    });
  });

  it('asks to leave out outputs that are not a summary only when chosen', () => {
    expect(build({ dropNotASummary: true })).toMatchObject({ body: { drop_not_a_summary: true } });
    expect(build({})).not.toMatchObject({ body: { drop_not_a_summary: expect.anything() } });
  });

  it('names the fields at fault with the server keys', () => {
    expect(build({ version: '1.0', rounds: [], formats: [], devShare: 1.5, seed: '' })).toEqual({
      errors: {
        version: expect.stringContaining('MAJOR.MINOR.PATCH') as unknown,
        rounds: 'Choose at least one round.',
        formats: 'Choose at least one format.',
        'split.dev': expect.any(String) as unknown,
        'split.seed': expect.any(String) as unknown,
      },
    });
  });

  it('sends a file split as documents', () => {
    expect(build({ splitMethod: 'file', splitFile: '{"dev": ["d1", "d2"], "test": ["d3"]}' })).toMatchObject({
      body: { split: { method: 'file', documents: { dev: ['d1', 'd2'], test: ['d3'] } } },
    });
  });
});

describe('parseSplitFile', () => {
  it.each([
    ['', /Paste the split/],
    ['{"dev": [', /not valid JSON/],
    ['["d1"]', /Expected an object/],
    ['{"dev": [], "tset": []}', /found "tset"/],
    ['{"dev": ["d1"]}', /"test" must be a list/],
    ['{"dev": [1], "test": []}', /non-empty strings; found 1/],
    ['{"dev": [], "test": []}', /Both lists are empty/],
    ['{"dev": ["d1", "d2"], "test": ["d2"]}', /both splits: d2/],
  ])('explains what is wrong with %j', (text, message) => {
    const parsed = parseSplitFile(text);
    expect('error' in parsed && parsed.error).toMatch(message);
  });
});
