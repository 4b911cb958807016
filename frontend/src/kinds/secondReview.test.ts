import { describe, expect, it } from 'vitest';

import { ITEM_A2, itemsPayload } from '../test/reviewFixtures';
import { savedAnswersOn } from '../workspace/answers';
import { itemKey, kindsOf } from './registry';
import { secondReviewKind, secondReviewMissing } from './secondReview';

describe('the second review kind', () => {
  it('reads the verdict and note, never the decision version the server keeps', () => {
    const payload = itemsPayload('second_review', {
      judgements: {
        reviews: [],
        second_reviews: [{ sentence: ITEM_A2, verdict: 'dispute', note: 'It is a hope.', reviewed_version: 2, version: 1 }],
        typings: [],
        explanations: [],
      },
    });
    const { answers, versions } = savedAnswersOn('items', payload);
    expect(answers[itemKey(secondReviewKind, ITEM_A2)]).toEqual({ verdict: 'dispute', note: 'It is a hope.' });
    expect(versions[itemKey(secondReviewKind, ITEM_A2)]).toBe(1);
  });

  it('takes only a known verdict and a note from a change', () => {
    const answer = secondReviewKind.apply(secondReviewKind.empty, { verdict: 'confirm', reviewed_version: 9 });
    expect(answer).toEqual({ verdict: 'confirm', note: '' });
    expect(secondReviewKind.apply(answer, { verdict: 'agree', note: null })).toEqual(answer);
  });

  it('needs a verdict, and a note to dispute', () => {
    expect(secondReviewMissing(undefined)).toEqual(['verdict']);
    expect(secondReviewMissing({ verdict: 'dispute', note: '' })).toEqual(['note']);
    expect(secondReviewMissing({ verdict: 'dispute', note: 'Turn 2 says so.' })).toEqual([]);
    expect(secondReviewMissing({ verdict: 'confirm', note: '' })).toEqual([]);
  });

  it('is saved at its own route, on the item screen only', () => {
    expect(secondReviewKind.url(41, ITEM_A2)).toBe(`/api/assignments/41/second_reviews/${ITEM_A2}/`);
    expect(kindsOf('workspace')).not.toContain(secondReviewKind);
  });
});
