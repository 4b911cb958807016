// The judgement kinds the workspace and the item screen save, by key, and the item keys that
// name one judgement in the answers, the save queue and its storage: `<kind>:<handle>`, or
// `<kind>` for a kind with one judgement per assignment.

import type { Handle, Scheme } from '../api/types';
import { atomicFactsKind } from './atomicFacts';
import { explanationsKind } from './explanations';
import { screenOf, type AnyKind, type AskingScheme, type KindScreen, type ScreenKind } from './kind';
import { keyFactsKind } from './keyFacts';
import { reviewKind } from './review';
import { secondReviewKind } from './secondReview';
import { sentenceKind } from './sentence';
import { summaryKind } from './summary';
import { topicKind } from './topic';
import { typingKind } from './typing';

/** `sentence:<handle>`, `summary:<handle>`, `topic`… */
export type ItemKey = string;

const REGISTERED: AnyKind[] = [
  sentenceKind,
  summaryKind,
  topicKind,
  keyFactsKind,
  atomicFactsKind,
  // Answered on the item screen of review and error-typing rounds (`screen: 'items'`), never
  // in the workspace, which reads only its own (kindsOf).
  reviewKind,
  secondReviewKind,
  typingKind,
  explanationsKind,
];
const BY_KEY = new Map<string, AnyKind>(REGISTERED.map((kind) => [kind.key, kind]));

/** A handle's shape (annotations/handles.py); anything else, such as an old numeric id, is refused. */
const HANDLE = /^[A-Za-z0-9_-]{22}$/;

/**
 * Adds a kind. The nine above are registered here; a test registers its own to prove a kind
 * needs nothing else (kinds/newKind.test.ts).
 */
export function registerKind(kind: AnyKind): void {
  if (BY_KEY.has(kind.key)) throw new Error(`The kind "${kind.key}" is already registered.`);
  REGISTERED.push(kind);
  BY_KEY.set(kind.key, kind);
}

/** Removes a kind registered by a test. */
export function unregisterKind(key: string): void {
  const kind = BY_KEY.get(key);
  if (kind === undefined) return;
  REGISTERED.splice(REGISTERED.indexOf(kind), 1);
  BY_KEY.delete(key);
}

export function allKinds(): readonly AnyKind[] {
  return REGISTERED;
}

/** The kinds one screen answers and reads from its payload. */
export function kindsOf(screen: KindScreen): readonly AnyKind[] {
  return REGISTERED.filter((kind) => screenOf(kind) === screen);
}

export function itemKey<A>(kind: ScreenKind<A>, target: Handle | null): ItemKey {
  return kind.target === 'assignment' ? kind.key : `${kind.key}:${target}`;
}

export interface ParsedItem {
  kind: AnyKind;
  target: Handle | null;
}

/** The kind and target an item key names; throws for anything no registered kind makes. */
export function parseItemKey(key: ItemKey): ParsedItem {
  const [name, target, ...rest] = key.split(':');
  const kind = name === undefined ? undefined : BY_KEY.get(name);
  if (kind !== undefined && rest.length === 0) {
    if (kind.target === 'assignment' && target === undefined) return { kind, target: null };
    if (kind.target === 'handle' && target !== undefined && HANDLE.test(target)) return { kind, target };
  }
  throw new Error(`Unknown save item "${key}".`);
}

/** Error types cannot be asked for when the taxonomy has none (no picker is shown). */
export function schemeInEffect(scheme: Scheme, taxonomyHasTypes: boolean): Scheme {
  return { ...scheme, error_types: scheme.error_types && taxonomyHasTypes };
}

/** What one judgement still needs; nothing when the scheme does not ask for its kind. */
export function missingOf<A>(kind: ScreenKind<A>, answer: A | null | undefined, scheme: AskingScheme): string[] {
  return scheme[kind.askedBy] === true ? kind.missing(answer, scheme) : [];
}

/** What a per-assignment judgement still needs for one summary (key facts: each fact decided
 * for it); nothing when the scheme does not ask for its kind or the kind has no such rule. */
export function missingInSummaryOf<A>(kind: ScreenKind<A>, answer: A | null | undefined, summary: Handle, scheme: AskingScheme): string[] {
  return scheme[kind.askedBy] === true && kind.missingInSummary !== undefined ? kind.missingInSummary(answer, summary, scheme) : [];
}

export function kindByKey(key: string): AnyKind {
  const kind = BY_KEY.get(key);
  if (kind === undefined) throw new Error(`Unknown judgement kind "${key}".`);
  return kind;
}
