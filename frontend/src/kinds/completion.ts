// What each judgement kind still needs: the server's completion rules (annotations/kinds/),
// checked against the same case files (fixtures/kinds/completion.json) so they cannot drift.
// The rules themselves live in each kind's module; this is the registry's view of them.

import type { Scheme } from '../api/types';
import { kindByKey, missingOf } from './registry';

/** The missing item keys of one target of the kind named `key`; none when the scheme does not ask. */
export function missingItems(key: string, state: unknown, scheme: Scheme): string[] {
  return missingOf(kindByKey(key), state, scheme);
}
