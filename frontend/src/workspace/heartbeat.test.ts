import { describe, expect, it } from 'vitest';

import { beatSeconds } from './heartbeat';

describe('beatSeconds', () => {
  const base = { now: 100_000, lastTickAt: 85_000, lastActivityAt: 90_000, visible: true };

  it('reports the seconds since the last tick when the person was active', () => {
    expect(beatSeconds(base)).toBe(15);
  });

  it('reports nothing when hidden or idle for more than a minute', () => {
    expect(beatSeconds({ ...base, visible: false })).toBe(0);
    expect(beatSeconds({ ...base, lastActivityAt: 39_000 })).toBe(0);
    expect(beatSeconds({ ...base, lastActivityAt: null })).toBe(0);
  });

  it('never reports more than 60 seconds', () => {
    expect(beatSeconds({ ...base, lastTickAt: 0 })).toBe(60);
  });
});
