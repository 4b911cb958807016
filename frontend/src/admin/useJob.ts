import { useEffect, useRef, useState } from 'react';

import { getJob } from '../api/client';
import type { Job } from '../api/types';
import { describeError } from '../useMe';

/** How often a running job is asked about: often enough for a live bar, light on the server. */
export const JOB_POLL_MS = 700;

/** Network hiccups tolerated in a row before giving up on following a job. */
const MAX_FAILURES = 3;

export type JobState =
  | { status: 'idle' }
  | { status: 'following'; job: Job | null }
  | { status: 'done'; job: Job }
  | { status: 'lost'; message: string };

export function isFinished(job: Job): boolean {
  return job.status === 'succeeded' || job.status === 'failed';
}

/**
 * Polls `GET /api/admin/jobs/{id}/` every `intervalMs` until the job succeeds or fails, then
 * calls `onFinished` once. A new `jobId` starts over; null stops; a new `generation` follows
 * the same job again (after a retry queued it anew).
 */
export function useJob(
  jobId: number | null,
  onFinished?: (job: Job) => void,
  intervalMs = JOB_POLL_MS,
  generation = 0,
): JobState {
  const [state, setState] = useState<JobState>({ status: 'idle' });
  const finishedRef = useRef(onFinished);
  finishedRef.current = onFinished;

  useEffect(() => {
    if (jobId === null) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    setState({ status: 'following', job: null });

    async function poll() {
      try {
        const job = await getJob(jobId as number, controller.signal);
        if (controller.signal.aborted) return;
        failures = 0;
        if (isFinished(job)) {
          setState({ status: 'done', job });
          finishedRef.current?.(job);
          return;
        }
        setState({ status: 'following', job });
      } catch (error) {
        if (controller.signal.aborted) return;
        failures += 1;
        if (failures >= MAX_FAILURES) {
          setState({ status: 'lost', message: describeError(error) });
          return;
        }
      }
      timer = setTimeout(() => void poll(), intervalMs);
    }

    void poll();
    return () => {
      controller.abort();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [jobId, intervalMs, generation]);

  return state;
}
