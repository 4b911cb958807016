import { describe, expect, it } from 'vitest';

import { findMatches } from './findMatches';

describe('find in dialogue', () => {
  const turns = ['Who pays for the river bus?', 'The RIVER authority pays. (river)'];

  it('finds every case-insensitive occurrence, treating the query as plain text', () => {
    expect(findMatches(turns, 'river')).toEqual([
      { turn: 0, start: 17, end: 22 },
      { turn: 1, start: 4, end: 9 },
      { turn: 1, start: 27, end: 32 },
    ]);
    expect(findMatches(turns, '(river)')).toEqual([{ turn: 1, start: 26, end: 33 }]);
    expect(findMatches(turns, '   ')).toEqual([]);
  });
});
