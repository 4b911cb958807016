import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

/**
 * A fake clock for polling tests: the page's setTimeout polls run when the test moves time
 * on, never on their own, so a test counts polls exactly and waits for no real time. Undo
 * with `vi.useRealTimers(); vi.unstubAllGlobals()`.
 *
 * Testing Library drains pending work with a setTimeout(0) after each user action, which a
 * fake clock never runs unless it finds a `jest` global to move it (it has no hook for
 * vitest): the stub below is that hook. With it, findBy* and waitFor also move the clock, in
 * 50 ms steps, so a test that counts polls uses `advance` and getBy* instead.
 */
export function fakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  return {
    /** Runs the timeouts due within `ms` and lets the answers they fetch settle. */
    advance: (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms)),
    /** A user whose pauses between actions run on the fake clock. */
    user: () => userEvent.setup({ advanceTimers: (ms: number) => vi.advanceTimersByTime(ms) }),
  };
}
