import { describe, expect, it } from 'vitest';

import type { ErrorSpan } from '../../api/types';
import { linkEvidence, removeSpan, setNoEvidence, setSpanType, unlinkEvidence, withSentenceType } from './spanEdits';

const span = (start: number, extra: Partial<ErrorSpan> = {}): ErrorSpan => ({
  start,
  end: start + 4,
  error_type: null,
  note: '',
  no_evidence: false,
  evidence: [],
  ...extra,
});

describe('span edits', () => {
  it('change only the span named by its start', () => {
    const spans = [span(0), span(10)];
    expect(setSpanType(spans, 10, 5).map((s) => s.error_type)).toEqual([null, 5]);
    expect(removeSpan(spans, 0).map((s) => s.start)).toEqual([10]);
  });

  it('make evidence and "no evidence in the dialogue" exclude each other', () => {
    const none = setNoEvidence([span(0, { evidence: [{ turn: 1, start: 0, end: 3 }] })], 0, true);
    expect(none[0]).toMatchObject({ no_evidence: true, evidence: [] });
    const linked = linkEvidence(none, 0, { turn: 2, start: 4, end: 9 });
    expect(linked[0]).toMatchObject({ no_evidence: false, evidence: [{ turn: 2, start: 4, end: 9 }] });
    expect(unlinkEvidence(linked, 0, { turn: 2, start: 4, end: 9 })[0]?.evidence).toEqual([]);
  });

  it("add a span's type to the sentence's types once", () => {
    expect(withSentenceType([3], 5)).toEqual([3, 5]);
    expect(withSentenceType([3, 5], 5)).toEqual([3, 5]);
    expect(withSentenceType([3], null)).toEqual([3]);
  });
});
