import { useCallback, useEffect, useState } from 'react';

import { ApiError, getMe } from './api/client';
import type { Me } from './api/types';

export type MeState =
  | { status: 'loading' }
  | { status: 'ready'; me: Me }
  | { status: 'unauthenticated' }
  | { status: 'error'; message: string };

/** Loads the signed-in person once; `reload` tries again after an error. */
export function useMe(): { state: MeState; reload: () => void } {
  const [state, setState] = useState<MeState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getMe(controller.signal).then(
      (me) => setState({ status: 'ready', me }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.isAuthError) {
          setState({ status: 'unauthenticated' });
        } else {
          setState({ status: 'error', message: describeError(error) });
        }
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}

export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) {
    // fetch rejects with a TypeError when the server cannot be reached at all.
    return `The server could not be reached (${error.message}). Check your connection and try again.`;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}
