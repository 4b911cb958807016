import { describe, expect, it } from 'vitest';

import { ITEM_A2, ITEM_B1, itemsPayload } from '../test/reviewFixtures';
import { workspacePayload } from '../test/fixtures';
import { answersFromPayload, savedAnswersOn, versionsFromPayload } from '../workspace/answers';
import { sendSave } from '../workspace/sendSave';
import { fakeServer, savesLike } from '../test/fakeServer';
import { itemKey, kindsOf, parseItemKey } from './registry';
import { reviewKind, reviewMissing } from './review';

describe('the review kind', () => {
  it('reads the reviewer’s saved decisions from the item payload, with their versions', () => {
    const payload = itemsPayload('review', {
      judgements: {
        reviews: [{ sentence: ITEM_A2, decision: 'types_changed', note: 'Not a fact.', error_types: [33, 31], version: 3 }],
        second_reviews: [],
        typings: [],
        explanations: [],
      },
    });
    const { answers, versions } = savedAnswersOn('items', payload);
    expect(answers[itemKey(reviewKind, ITEM_A2)]).toEqual({ decision: 'types_changed', note: 'Not a fact.', error_types: [31, 33] });
    expect(versions[itemKey(reviewKind, ITEM_A2)]).toBe(3);
    expect(answers[itemKey(reviewKind, ITEM_B1)]).toBeUndefined();
  });

  it('belongs to the item screen: the workspace never reads or asks for it', () => {
    expect(kindsOf('items')).toContain(reviewKind);
    expect(kindsOf('workspace')).not.toContain(reviewKind);
    const payload = workspacePayload();
    expect(Object.keys(answersFromPayload(payload)).some((key) => key.startsWith('review:'))).toBe(false);
    expect(Object.keys(versionsFromPayload(payload))).toEqual(['sentence:sentence-4002-handle-x']);
  });

  it('takes only a known decision, a note and a list of type ids from a change', () => {
    const answer = reviewKind.apply(reviewKind.empty, { decision: 'false_positive', note: 'Hope, not fact.' });
    expect(answer).toEqual({ decision: 'false_positive', note: 'Hope, not fact.', error_types: [] });
    expect(reviewKind.apply(answer, { decision: 'maybe', note: 4, error_types: ['x'], verdict: 'confirm' })).toEqual(answer);
    expect(reviewKind.apply(answer, { error_types: [5, 2] }).error_types).toEqual([2, 5]);
  });

  it('needs a decision, the types when they changed, and a note for a false positive', () => {
    expect(reviewMissing(null)).toEqual(['decision']);
    expect(reviewMissing({ decision: 'types_changed', note: '', error_types: [] })).toEqual(['error_types']);
    expect(reviewMissing({ decision: 'false_positive', note: '  ', error_types: [] })).toEqual(['note']);
    expect(reviewMissing({ decision: 'confirmed', note: '', error_types: [] })).toEqual([]);
  });

  it('is saved by the save queue’s sender at its own route', async () => {
    const server = fakeServer({
      [`PATCH /api/assignments/41/reviews/${ITEM_A2}/`]: savesLike('PATCH /api/assignments/{assignment_id}/reviews/{sentence}/', { sentence: ITEM_A2, decision: '', note: '', error_types: [] }),
    });
    expect(parseItemKey(itemKey(reviewKind, ITEM_A2))).toEqual({ kind: reviewKind, target: ITEM_A2 });
    const saved = await sendSave(41, itemKey(reviewKind, ITEM_A2), { decision: 'confirmed', version: 0 });
    expect(saved).toEqual({ sentence: ITEM_A2, decision: 'confirmed', note: '', error_types: [], version: 1 });
    expect(server.saves()[0]?.path).toBe(`/api/assignments/41/reviews/${ITEM_A2}/`);
  });
});
