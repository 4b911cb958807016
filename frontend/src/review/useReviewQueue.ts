import { useCallback, useEffect, useState } from 'react';

import { describeError } from '../useMe';
import { getReviewQueue } from './api';
import type { ReviewQueueResponse } from './types';

export type ReviewQueueState =
  | { status: 'loading' }
  | { status: 'ready'; queue: ReviewQueueResponse }
  | { status: 'error'; message: string };

/** Loads the reviewer's queue; `reload` tries again after an error. */
export function useReviewQueue(): { state: ReviewQueueState; reload: () => void } {
  const [state, setState] = useState<ReviewQueueState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getReviewQueue(controller.signal).then(
      (queue) => setState({ status: 'ready', queue }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: describeError(error) });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
