import { useEffect, useState } from 'react';

import { ApiError, getAssignment } from '../api/client';
import type { WorkspacePayload } from '../api/types';
import { describeError } from '../useMe';

export type AssignmentState =
  | { status: 'loading' }
  | { status: 'ready'; payload: WorkspacePayload }
  | { status: 'not_found' }
  | { status: 'unauthenticated' }
  | { status: 'error'; message: string };

/** Loads the workspace payload once per id; `retry` loads it again after an error. */
export function useAssignment(assignmentId: number | null, attempt: number): AssignmentState {
  const [state, setState] = useState<AssignmentState>({ status: 'loading' });

  useEffect(() => {
    if (assignmentId === null) {
      setState({ status: 'not_found' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    getAssignment(assignmentId, controller.signal).then(
      (payload) => setState({ status: 'ready', payload }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setState({ status: 'not_found' });
        else if (error instanceof ApiError && error.isAuthError) setState({ status: 'unauthenticated' });
        else setState({ status: 'error', message: describeError(error) });
      },
    );
    return () => controller.abort();
  }, [assignmentId, attempt]);

  return state;
}
