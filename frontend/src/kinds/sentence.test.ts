import { describe, expect, it } from 'vitest';

import { workspacePayload } from '../test/fixtures';
import { sentenceKind } from './sentence';

const SPAN = { start: 0, end: 4, error_type: 7, note: 'Tuesday, not Monday.', no_evidence: false, evidence: [{ turn: 501, start: 3, end: 9 }] };

describe('a sentence answer takes spans only when the whole set is spans', () => {
  it('takes a set of spans with their evidence', () => {
    const next = sentenceKind.apply(sentenceKind.empty, { spans: [SPAN, { start: 6, end: 9, no_evidence: true, evidence: [] }] });
    expect(next.spans).toEqual([SPAN, { start: 6, end: 9, error_type: null, note: '', no_evidence: true, evidence: [] }]);
  });

  it.each([
    ['a span that ends before it starts', { ...SPAN, start: 5, end: 5 }],
    ['a negative offset', { ...SPAN, start: -1 }],
    ['evidence without a turn', { ...SPAN, evidence: [{ start: 0, end: 3 }] }],
    ['evidence that is not a list', { ...SPAN, evidence: 'turn 3' }],
    ['not an object', 'span'],
  ])('refuses the whole set with %s', (_name, bad) => {
    const before = sentenceKind.apply(sentenceKind.empty, { spans: [SPAN] });
    expect(sentenceKind.apply(before, { spans: [SPAN, bad] }).spans).toEqual([SPAN]);
  });

  it('asks for spans and evidence only when the scheme requires them', () => {
    const inconsistent = { ...sentenceKind.empty, label: 'inconsistent' as const, explanation: 'Wrong day.' };
    const scheme = { ...workspacePayload().scheme, error_types: false, require_error_spans: true, require_evidence: true };
    expect(sentenceKind.missing(inconsistent, scheme)).toEqual(['error_spans']);
    const withSpan = sentenceKind.apply(inconsistent, { spans: [{ ...SPAN, evidence: [] }] });
    expect(sentenceKind.missing(withSpan, scheme)).toEqual(['evidence']);
    expect(sentenceKind.missing(withSpan, { ...scheme, require_evidence: false })).toEqual([]);
  });
});
