import { describe, expect, it } from 'vitest';

import { ITEM_B1, itemsPayload } from '../test/reviewFixtures';
import { savedAnswersOn } from '../workspace/answers';
import { explanationRowsOf, explanationsKind, explanationsMissing, verdictsStillNeeded, withVerdict } from './explanations';
import { itemKey, kindsOf } from './registry';

const FIRST = 'explanationHandle0001AA';
const SECOND = 'explanationHandle0002BB';
const SHOWN = [{ id: FIRST }, { id: SECOND }];

describe('the explanations kind', () => {
  it('reads the verdicts saved for an item', () => {
    const rows = [
      { position: 1, item: FIRST, verdict: 'same' as const },
      { position: 2, item: SECOND, verdict: 'different' as const },
    ];
    const payload = itemsPayload('explanation', {
      judgements: { reviews: [], second_reviews: [], typings: [], explanations: [{ sentence: ITEM_B1, explanations: rows, version: 3 }] },
    });
    const { answers, versions } = savedAnswersOn('items', payload);
    expect(answers[itemKey(explanationsKind, ITEM_B1)]).toEqual({ explanations: rows });
    expect(versions[itemKey(explanationsKind, ITEM_B1)]).toBe(3);
  });

  it('takes only whole lists numbered in order with known verdicts', () => {
    expect(explanationRowsOf([{ position: 1, item: FIRST, verdict: 'different' }])).toEqual([{ position: 1, item: FIRST, verdict: 'different' }]);
    expect(explanationRowsOf([{ position: 2, item: FIRST, verdict: 'same' }])).toBeNull();
    expect(explanationRowsOf([{ position: 1, item: FIRST, verdict: 'maybe' }])).toBeNull();
    expect(explanationRowsOf([{ position: 1, item: '', verdict: '' }])).toBeNull();
    expect(explanationRowsOf('same')).toBeNull();
    const kept = { explanations: [{ position: 1, item: FIRST, verdict: 'same' as const }] };
    expect(explanationsKind.apply(kept, { explanations: [{ position: 1, verdict: 'same' }] })).toBe(kept);
  });

  it('saves the whole list when one explanation gets a verdict, keeping the others', () => {
    const first = withVerdict(explanationsKind.empty, SHOWN, 2, 'model_wrong');
    expect(first).toEqual([
      { position: 1, item: FIRST, verdict: '' },
      { position: 2, item: SECOND, verdict: 'model_wrong' },
    ]);
    expect(withVerdict({ explanations: first }, SHOWN, 1, 'partially').map((row) => row.verdict)).toEqual(['partially', 'model_wrong']);
  });

  it('needs a verdict on every explanation, as the server says (verdict:n)', () => {
    expect(explanationsMissing(null)).toEqual(['explanations']);
    expect(explanationsMissing({ explanations: withVerdict(explanationsKind.empty, SHOWN, 2, 'same') })).toEqual(['verdict:1']);
    expect(verdictsStillNeeded(explanationsKind.empty, SHOWN)).toEqual(['verdict:1', 'verdict:2']);
  });

  it('is saved at its own route, on the item screen only', () => {
    expect(explanationsKind.url(41, ITEM_B1)).toBe(`/api/assignments/41/explanations/${ITEM_B1}/`);
    expect(kindsOf('workspace')).not.toContain(explanationsKind);
    expect(kindsOf('items')).toContain(explanationsKind);
  });
});
