// Error spans and evidence as character ranges over a text: snapping a selection to whole
// words, the word cursor of keyboard marking, and cutting a text into the segments to draw.
// Pure, so the rules a linguist relies on (a span is whole words, spans never overlap) are
// unit-tested apart from the DOM.

import type { ErrorSpan, Evidence } from '../../api/types';

export interface Range {
  start: number;
  end: number;
}

// A word is letters or digits, with inner apostrophes, hyphens and number punctuation kept
// ("don't", "well-known", "3.5", "1,000"); punctuation around it is not part of it.
const WORD = /[\p{L}\p{N}]+(?:['’.,\-][\p{L}\p{N}]+)*/gu;

/** The words of `text`, in order, as ranges. */
export function wordsOf(text: string): Range[] {
  return [...text.matchAll(WORD)].map((found) => ({ start: found.index, end: found.index + found[0].length }));
}

/** The selection `[start, end)` widened to the whole words it touches, or null when it
 * touches none (a click, or only spaces and punctuation). */
export function snapToWords(text: string, start: number, end: number): Range | null {
  const lo = Math.min(start, end);
  const hi = Math.max(start, end);
  if (lo === hi) return null;
  const touched = wordsOf(text).filter((word) => word.start < hi && word.end > lo);
  const first = touched[0];
  const last = touched[touched.length - 1];
  return first === undefined || last === undefined ? null : { start: first.start, end: last.end };
}

/** Whether `range` overlaps any of `spans` (touching ends do not overlap). */
export function overlapsAny(spans: readonly Range[], range: Range): boolean {
  return spans.some((span) => span.start < range.end && range.start < span.end);
}

/** `spans` with `span` added, kept in the server's order (by start), so an index names the
 * same span on both sides. */
export function withSpan(spans: readonly ErrorSpan[], span: ErrorSpan): ErrorSpan[] {
  return [...spans, span].sort((a, b) => a.start - b.start || a.end - b.end);
}

/** The span's evidence with `link` added; a link already covered changes nothing, and one
 * overlapping another in the same turn merges with it (one place, not two). */
export function withEvidence(evidence: readonly Evidence[], link: Evidence): Evidence[] {
  let merged = link;
  const kept: Evidence[] = [];
  for (const item of evidence) {
    if (item.turn === merged.turn && item.start <= merged.end && merged.start <= item.end) {
      merged = { turn: item.turn, start: Math.min(item.start, merged.start), end: Math.max(item.end, merged.end) };
    } else {
      kept.push(item);
    }
  }
  return [...kept, merged].sort((a, b) => a.turn - b.turn || a.start - b.start);
}

/** A stretch of text and the ranges (by their index in the list given) covering it. */
export interface Segment {
  text: string;
  start: number;
  covering: number[];
}

/** Cuts `text` at every range boundary, so each segment is covered by a fixed set of ranges. */
export function segmentsOf(text: string, ranges: readonly Range[]): Segment[] {
  const cuts = new Set([0, text.length]);
  for (const range of ranges) {
    cuts.add(Math.max(0, Math.min(text.length, range.start)));
    cuts.add(Math.max(0, Math.min(text.length, range.end)));
  }
  const points = [...cuts].sort((a, b) => a - b);
  const segments: Segment[] = [];
  for (let i = 0; i + 1 < points.length; i += 1) {
    const start = points[i] as number;
    const end = points[i + 1] as number;
    if (end === start) continue;
    const covering = ranges.flatMap((range, index) => (range.start <= start && end <= range.end ? [index] : []));
    segments.push({ text: text.slice(start, end), start, covering });
  }
  return segments;
}

/** Keyboard marking: a run of words from `anchor` to `head` (indexes into `wordsOf`). */
export interface WordCursor {
  anchor: number;
  head: number;
}

/** Arrow keys move the cursor one word; with Shift they move only its head (extending or
 * shrinking the run), as in a text editor. */
export function moveCursor(cursor: WordCursor, step: -1 | 1, extend: boolean, wordCount: number): WordCursor {
  const head = Math.max(0, Math.min(wordCount - 1, cursor.head + step));
  return extend ? { anchor: cursor.anchor, head } : { anchor: head, head };
}

/** The characters the cursor covers, or null in a text without words. */
export function cursorRange(words: readonly Range[], cursor: WordCursor): Range | null {
  const first = words[Math.min(cursor.anchor, cursor.head)];
  const last = words[Math.max(cursor.anchor, cursor.head)];
  return first === undefined || last === undefined ? null : { start: first.start, end: last.end };
}

/** A short quotation of `text[start:end]` for labels and lists. */
export function quote(text: string, range: Range, max = 60): string {
  const words = text.slice(range.start, range.end);
  return `“${words.length > max ? `${words.slice(0, max - 1)}…` : words}”`;
}
