import { describe, expect, it } from 'vitest';

import { countLabel, formatBytes, formatLabel, shortHash } from './format';

describe('release formatting', () => {
  it('prints sizes in binary multiples', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(12345)).toBe('12.1 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatBytes(-1)).toBe('—');
  });

  it('abbreviates checksums and names formats and counts', () => {
    expect(shortHash('0123456789abcdef')).toBe('0123456789ab…');
    expect(formatLabel('llm_aggrefact')).toBe('LLM-AggreFact');
    expect(formatLabel('new_format')).toBe('new_format');
    expect(countLabel('dev')).toBe('Dev');
    expect(countLabel('left_out')).toBe('Left out');
  });
});
