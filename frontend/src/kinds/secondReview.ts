// A second reviewer's verdict on an item's review decision (docs/review.md): confirm it, or
// dispute it with a note, which sends the item to an admin. Answered on the item screen
// (`judgements.second_reviews`). The decision's version the verdict was given on
// (`reviewed_version`) is set by the server, never sent: it is not part of the answer.

import type { ItemsPayload, SecondVerdict } from '../review/types';
import { choiceOf, hasText, itemUrl } from './itemFields';
import type { Fields, Kind } from './kind';

export interface SecondReviewAnswer {
  verdict: SecondVerdict;
  note: string;
}

const VERDICTS: readonly SecondVerdict[] = ['', 'confirm', 'dispute'];
const EMPTY: SecondReviewAnswer = { verdict: '', note: '' };

function apply(answer: SecondReviewAnswer, fields: Fields): SecondReviewAnswer {
  return {
    verdict: choiceOf(fields.verdict, VERDICTS) ?? answer.verdict,
    note: typeof fields.note === 'string' ? fields.note : answer.note,
  };
}

/** The server's rule (annotations/kinds/review.py): a verdict, and a note saying why when it
 * disputes the decision. */
export function secondReviewMissing(answer: SecondReviewAnswer | null | undefined): string[] {
  if (answer == null || answer.verdict === '') return ['verdict'];
  if (answer.verdict === 'dispute' && !hasText(answer.note)) return ['note'];
  return [];
}

export const secondReviewKind: Kind<SecondReviewAnswer, 'items'> = {
  key: 'second_review',
  target: 'handle',
  screen: 'items',
  askedBy: 'second_review',
  empty: EMPTY,
  saved: (payload: ItemsPayload) =>
    payload.judgements.second_reviews.map((state) => ({ target: state.sentence, version: state.version, answer: apply(EMPTY, state) })),
  apply,
  missing: secondReviewMissing,
  url: itemUrl('second_reviews'),
};
