import { useCallback, useRef, useState } from 'react';

import { ApiError, errorEnvelope, submitAssignment } from '../api/client';
import type { MissingItem, QueueEntry } from '../api/types';
import { describeError } from '../useMe';
import type { SaveQueue } from './saveQueue';

export type SubmitState =
  | { phase: 'idle' }
  | { phase: 'submitting' }
  | { phase: 'missing'; detail: string; missing: MissingItem[] }
  | { phase: 'error'; message: string }
  | { phase: 'read_only'; message: string }
  | { phase: 'submitted'; entry: QueueEntry };

const NOT_SAVED: Record<string, string> = {
  offline: 'Some changes are not saved yet because the server cannot be reached. Submit once they are saved.',
  conflict: 'A change conflicts with the saved version. Choose which to keep, then submit.',
  stopped: 'Saving stopped, so the unit cannot be submitted. Reload the page to try again.',
  read_only: 'This unit is read-only.',
};

function missingFrom(body: unknown): { detail: string; missing: MissingItem[] } | null {
  const envelope = errorEnvelope(body);
  if (envelope === null || !Array.isArray(envelope.missing)) return null;
  return { detail: envelope.message, missing: envelope.missing as MissingItem[] };
}

/** Submit: first wait until every change is saved, then ask the server, which lists what is missing. */
export function useSubmit(assignmentId: number, queue: SaveQueue): { state: SubmitState; submit: () => void } {
  const [state, setState] = useState<SubmitState>({ phase: 'idle' });
  const busy = useRef(false);

  const submit = useCallback(() => {
    if (busy.current) return;
    busy.current = true;
    setState({ phase: 'submitting' });
    void (async () => {
      try {
        const status = await queue.settled();
        // 'invalid' is let through: the server's missing list names what still needs an answer.
        if (status !== 'saved' && status !== 'invalid') {
          setState({ phase: 'error', message: NOT_SAVED[status] ?? 'Some changes are not saved yet.' });
          return;
        }
        const entry = await submitAssignment(assignmentId);
        setState({ phase: 'submitted', entry });
      } catch (error) {
        const missing = error instanceof ApiError && error.status === 400 ? missingFrom(error.body) : null;
        if (missing !== null) setState({ phase: 'missing', ...missing });
        else if (error instanceof ApiError && error.status === 403) {
          const body = error.body as { detail?: unknown } | null;
          setState({ phase: 'read_only', message: typeof body?.detail === 'string' ? body.detail : error.message });
        } else setState({ phase: 'error', message: describeError(error) });
      } finally {
        busy.current = false;
      }
    })();
  }, [assignmentId, queue]);

  return { state, submit };
}
