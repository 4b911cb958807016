import { useCallback, useEffect, useState } from 'react';

import { getQueue, markFeedbackRead } from '../api/client';
import type { QueueResponse } from '../api/types';
import { describeError } from '../useMe';

export type QueueState =
  | { status: 'loading' }
  | { status: 'ready'; queue: QueueResponse }
  | { status: 'error'; message: string };

export function useQueue(): { state: QueueState; reload: () => void; markRead: (feedbackId: number) => Promise<void> } {
  const [state, setState] = useState<QueueState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getQueue(controller.signal).then(
      (queue) => setState({ status: 'ready', queue }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: describeError(error) });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  /** Throws on failure so the feedback card can say so; on success the card disappears. */
  const markRead = useCallback(async (feedbackId: number) => {
    await markFeedbackRead(feedbackId);
    setState((current) =>
      current.status === 'ready'
        ? {
            status: 'ready',
            queue: { ...current.queue, feedback: current.queue.feedback.filter((item) => item.id !== feedbackId) },
          }
        : current,
    );
  }, []);

  return { state, reload, markRead };
}
