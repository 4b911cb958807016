import { describe, expect, it } from 'vitest';

import type { Scheme } from '../api/types';
import completion from '../../../fixtures/kinds/completion.json';
import { NOTHING_ASKED } from './kind';
import { kindByKey, missingInSummaryOf, missingOf } from './registry';

interface Case {
  name: string;
  kind: string;
  scheme: Partial<Scheme>;
  state: unknown;
  missing: string[];
}

const CASES = completion.cases as Case[];
/** A per-assignment kind's rule for one summary (key facts decided for it). */
const IN_SUMMARY_CASES = completion.in_summary_cases as (Case & { summary: string })[];


describe('the completion rules the server applies (fixtures/kinds/completion.json)', () => {
  it('has cases to run', () => {
    expect(CASES.length).toBeGreaterThan(10);
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(missingOf(kindByKey(c.kind), c.state, { ...NOTHING_ASKED, ...c.scheme })).toEqual(c.missing);
  });
});

describe('the per-summary completion rules of a unit kind (fixtures/kinds/completion.json)', () => {
  it('has cases to run', () => {
    expect(IN_SUMMARY_CASES.length).toBeGreaterThan(2);
  });

  it.each(IN_SUMMARY_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(missingInSummaryOf(kindByKey(c.kind), c.state, c.summary, { ...NOTHING_ASKED, ...c.scheme })).toEqual(c.missing);
  });
});
