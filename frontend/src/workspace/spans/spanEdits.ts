// The edits a linguist makes to a sentence's spans, as pure functions from the span set to
// the next one. A save sends the whole set (the server replaces it), so every edit here
// returns a full, ordered set; spans are named by their start, which no two spans share.

import type { ErrorSpan, Evidence } from '../../api/types';
import { withLink, withNoEvidence, withoutLink } from './evidenceEdits';

function edit(spans: readonly ErrorSpan[], start: number, change: (span: ErrorSpan) => ErrorSpan): ErrorSpan[] {
  return spans.map((span) => (span.start === start ? change(span) : span));
}

export const spanAt = (spans: readonly ErrorSpan[], start: number): ErrorSpan | undefined =>
  spans.find((span) => span.start === start);

export function removeSpan(spans: readonly ErrorSpan[], start: number): ErrorSpan[] {
  return spans.filter((span) => span.start !== start);
}

export function setSpanType(spans: readonly ErrorSpan[], start: number, errorType: number | null): ErrorSpan[] {
  return edit(spans, start, (span) => ({ ...span, error_type: errorType }));
}

export function setSpanNote(spans: readonly ErrorSpan[], start: number, note: string): ErrorSpan[] {
  return edit(spans, start, (span) => ({ ...span, note }));
}

/** Links evidence to a span (the one rule of evidenceEdits.ts). */
export function linkEvidence(spans: readonly ErrorSpan[], start: number, link: Evidence): ErrorSpan[] {
  return edit(spans, start, (span) => withLink(span, link));
}

export function unlinkEvidence(spans: readonly ErrorSpan[], start: number, link: Evidence): ErrorSpan[] {
  return edit(spans, start, (span) => withoutLink(span, link));
}

/** "No evidence in the dialogue" (extrinsic information: nothing to point at). Saying so
 * drops evidence linked before; it can only be said of a span without any. */
export function setNoEvidence(spans: readonly ErrorSpan[], start: number, none: boolean): ErrorSpan[] {
  return edit(spans, start, (span) => withNoEvidence(span, none));
}

/** The sentence's error types with `errorType` added: a sentence's types include its spans'. */
export function withSentenceType(types: readonly number[], errorType: number | null): number[] {
  return errorType === null || types.includes(errorType) ? [...types] : [...types, errorType];
}
