import { describe, expect, it } from 'vitest';

import { formatDuration } from './format';

describe('formatDuration', () => {
  it('rounds down to whole minutes and switches to hours past 60', () => {
    expect(formatDuration(0)).toBe('< 1 min');
    expect(formatDuration(59)).toBe('< 1 min');
    expect(formatDuration(12 * 60 + 30)).toBe('12 min');
    expect(formatDuration(65 * 60)).toBe('1 h 05 min');
  });
});
