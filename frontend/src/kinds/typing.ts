// An error-typing annotator's types for one item (docs/review.md): the error types only, chosen
// without seeing anyone else's (the server blinds them). Answered on the item screen
// (`judgements.typings`).

import type { ItemsPayload } from '../review/types';
import { itemUrl, typeIdsOf } from './itemFields';
import type { Fields, Kind } from './kind';

export interface TypingAnswer {
  error_types: number[];
}

const EMPTY: TypingAnswer = { error_types: [] };

function apply(answer: TypingAnswer, fields: Fields): TypingAnswer {
  return { error_types: typeIdsOf(fields.error_types) ?? answer.error_types };
}

/** The server's rule (annotations/kinds/review.py): at least one type. */
export function typingMissing(answer: TypingAnswer | null | undefined): string[] {
  return answer != null && answer.error_types.length > 0 ? [] : ['error_types'];
}

export const typingKind: Kind<TypingAnswer, 'items'> = {
  key: 'typing',
  target: 'handle',
  screen: 'items',
  askedBy: 'error_typing',
  empty: EMPTY,
  saved: (payload: ItemsPayload) =>
    payload.judgements.typings.map((state) => ({ target: state.sentence, version: state.version, answer: apply(EMPTY, state) })),
  apply,
  missing: typingMissing,
  url: itemUrl('typings'),
};
