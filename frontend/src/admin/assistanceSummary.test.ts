import { describe, expect, it } from 'vitest';

import type { Assistance } from '../api/types';
import wording from '../../../fixtures/agreement/assistance_wording.json';
import { assistanceSummary } from './assistanceSummary';

interface Case {
  name: string;
  section: Assistance;
  text: string;
}

const CASES = wording.cases as unknown as Case[];

describe('the hint comparison in words, as the server prints it (fixtures/agreement/assistance_wording.json)', () => {
  it('has a case for every branch', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(6);
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(assistanceSummary(c.section)).toBe(c.text);
  });
});
