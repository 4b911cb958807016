import { describe, expect, it } from 'vitest';

import { diffLines } from './diffLines';

describe('diffLines', () => {
  it('splits a unified diff into file headers, hunks, added, removed and context lines', () => {
    const diff = [
      '--- v1',
      '+++ v2',
      '@@ -1,3 +1,3 @@',
      ' # Guidelines',
      '-Label hopes as consistent.',
      '+Label hopes as inconsistent.',
      ' ',
      '',
    ].join('\n');

    expect(diffLines(diff)).toEqual([
      { kind: 'file', text: '--- v1' },
      { kind: 'file', text: '+++ v2' },
      { kind: 'hunk', text: '@@ -1,3 +1,3 @@' },
      { kind: 'context', text: ' # Guidelines' },
      { kind: 'removed', text: '-Label hopes as consistent.' },
      { kind: 'added', text: '+Label hopes as inconsistent.' },
      { kind: 'context', text: ' ' },
    ]);
  });

  it('reads a removed Markdown rule inside a hunk as removed, not as a file header', () => {
    const diff = '--- v1\n+++ v2\n@@ -1,2 +1 @@\n----\n-+++ plus\n+text\n';

    expect(diffLines(diff).map((line) => line.kind)).toEqual(['file', 'file', 'hunk', 'removed', 'removed', 'added']);
  });

  it('handles several hunks and the no-newline marker', () => {
    const diff = '@@ -1 +1 @@\n-a\n+b\n\\ No newline at end of file\n@@ -10,2 +10,2 @@\n x\n-y\n+z\n';

    expect(diffLines(diff).map((line) => line.kind)).toEqual([
      'hunk',
      'removed',
      'added',
      'meta',
      'hunk',
      'context',
      'removed',
      'added',
    ]);
  });

  it('gives nothing for an empty diff', () => {
    expect(diffLines('')).toEqual([]);
  });
});
