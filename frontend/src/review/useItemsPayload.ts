import { useEffect, useState } from 'react';

import { ApiError } from '../api/client';
import { describeError } from '../useMe';
import { getItems } from './api';
import type { ItemsPayload } from './types';

export type ItemsState =
  | { status: 'loading' }
  | { status: 'ready'; payload: ItemsPayload }
  | { status: 'not_found' }
  | { status: 'unauthenticated' }
  | { status: 'error'; message: string };

/** Loads the item payload once per id; a new `attempt` loads it again after an error. */
export function useItemsPayload(assignmentId: number | null, attempt: number): ItemsState {
  const [state, setState] = useState<ItemsState>({ status: 'loading' });

  useEffect(() => {
    if (assignmentId === null) {
      setState({ status: 'not_found' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    getItems(assignmentId, controller.signal).then(
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
