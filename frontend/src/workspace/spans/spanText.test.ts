import { describe, expect, it } from 'vitest';

import {
  cursorRange,
  moveCursor,
  overlapsAny,
  quote,
  segmentsOf,
  snapToWords,
  withEvidence,
  withSpan,
  wordsOf,
} from './spanText';

const TEXT = 'Anna said the well-known budget of 1,000 euros was final.';

describe('spanText', () => {
  it('finds words with their inner punctuation but not the punctuation around them', () => {
    const words = wordsOf(TEXT).map((word) => TEXT.slice(word.start, word.end));
    expect(words).toEqual(['Anna', 'said', 'the', 'well-known', 'budget', 'of', '1,000', 'euros', 'was', 'final']);
  });

  it('snaps a selection that cuts words to the whole words it touches', () => {
    // "ll-known bud" → "well-known budget"
    const start = TEXT.indexOf('ll-known');
    const snapped = snapToWords(TEXT, start, start + 12);
    expect(snapped && TEXT.slice(snapped.start, snapped.end)).toBe('well-known budget');
  });

  it('snaps a backwards selection too, and refuses one with no words or no width', () => {
    const end = TEXT.indexOf('final') + 2;
    const snapped = snapToWords(TEXT, end, end - 6);
    expect(snapped && TEXT.slice(snapped.start, snapped.end)).toBe('was final');
    expect(snapToWords(TEXT, TEXT.length - 1, TEXT.length)).toBeNull();
    expect(snapToWords(TEXT, 3, 3)).toBeNull();
  });

  it('says whether ranges overlap, touching ends not counting', () => {
    expect(overlapsAny([{ start: 0, end: 4 }], { start: 4, end: 9 })).toBe(false);
    expect(overlapsAny([{ start: 0, end: 5 }], { start: 4, end: 9 })).toBe(true);
  });

  it('keeps spans in the server order whatever order they were marked in', () => {
    const span = (start: number, end: number) => ({ start, end, error_type: null, note: '', no_evidence: false, evidence: [] });
    expect(withSpan([span(10, 14)], span(0, 4)).map((s) => s.start)).toEqual([0, 10]);
  });

  it('merges evidence overlapping in the same turn and ignores evidence already covered', () => {
    const first = withEvidence([], { turn: 7, start: 0, end: 10 });
    expect(withEvidence(first, { turn: 7, start: 2, end: 5 })).toEqual([{ turn: 7, start: 0, end: 10 }]);
    expect(withEvidence(first, { turn: 7, start: 8, end: 20 })).toEqual([{ turn: 7, start: 0, end: 20 }]);
    expect(withEvidence(first, { turn: 3, start: 8, end: 20 })).toEqual([
      { turn: 3, start: 8, end: 20 },
      { turn: 7, start: 0, end: 10 },
    ]);
  });

  it('cuts a text into segments each covered by a fixed set of ranges', () => {
    const segments = segmentsOf('abcdefgh', [
      { start: 2, end: 6 },
      { start: 4, end: 8 },
    ]);
    expect(segments.map((s) => [s.text, s.covering])).toEqual([
      ['ab', []],
      ['cd', [0]],
      ['ef', [0, 1]],
      ['gh', [1]],
    ]);
  });

  it('moves the word cursor by one word, Shift extending it from the anchor, within the text', () => {
    const words = wordsOf(TEXT);
    let cursor = { anchor: 0, head: 0 };
    cursor = moveCursor(cursor, 1, false, words.length);
    cursor = moveCursor(cursor, 1, true, words.length);
    cursor = moveCursor(cursor, 1, true, words.length);
    const range = cursorRange(words, cursor);
    expect(range && TEXT.slice(range.start, range.end)).toBe('said the well-known');
    expect(moveCursor({ anchor: 0, head: 0 }, -1, false, words.length)).toEqual({ anchor: 0, head: 0 });
    expect(moveCursor({ anchor: 9, head: 9 }, 1, true, words.length)).toEqual({ anchor: 9, head: 9 });
    // Shift+← after Shift+→ shrinks the run back towards the anchor.
    expect(cursorRange(words, moveCursor({ anchor: 1, head: 3 }, -1, true, words.length))).toEqual({
      start: TEXT.indexOf('said'),
      end: TEXT.indexOf('the') + 3,
    });
  });

  it('quotes a range, shortening a long one', () => {
    expect(quote(TEXT, { start: 0, end: 4 })).toBe('“Anna”');
    expect(quote(TEXT, { start: 0, end: TEXT.length }, 10)).toBe('“Anna said…”');
  });
});
