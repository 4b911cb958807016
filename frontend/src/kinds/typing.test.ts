import { describe, expect, it } from 'vitest';

import { ITEM_B1, itemsPayload } from '../test/reviewFixtures';
import { savedAnswersOn } from '../workspace/answers';
import { itemKey, kindsOf } from './registry';
import { typingKind, typingMissing } from './typing';

describe('the typing kind', () => {
  it('reads the types saved for an item', () => {
    const payload = itemsPayload('error_typing', {
      judgements: { reviews: [], second_reviews: [], typings: [{ sentence: ITEM_B1, error_types: [32], version: 4 }], explanations: [] },
    });
    const { answers, versions } = savedAnswersOn('items', payload);
    expect(answers[itemKey(typingKind, ITEM_B1)]).toEqual({ error_types: [32] });
    expect(versions[itemKey(typingKind, ITEM_B1)]).toBe(4);
  });

  it('takes only a list of type ids, as a set in id order', () => {
    expect(typingKind.apply(typingKind.empty, { error_types: [33, 31] })).toEqual({ error_types: [31, 33] });
    expect(typingKind.apply({ error_types: [31] }, { error_types: [1.5], label: 'x' })).toEqual({ error_types: [31] });
  });

  it('needs at least one type', () => {
    expect(typingMissing(null)).toEqual(['error_types']);
    expect(typingMissing({ error_types: [] })).toEqual(['error_types']);
    expect(typingMissing({ error_types: [31] })).toEqual([]);
  });

  it('is saved at its own route, on the item screen only', () => {
    expect(typingKind.url(41, ITEM_B1)).toBe(`/api/assignments/41/typings/${ITEM_B1}/`);
    expect(kindsOf('workspace')).not.toContain(typingKind);
  });
});
