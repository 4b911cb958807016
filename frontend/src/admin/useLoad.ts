import { useCallback, useEffect, useRef, useState } from 'react';

import { ApiError } from '../api/client';
import { describeError } from '../useMe';

export type LoadState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; message: string; notFound: boolean };

/**
 * Loads `load` whenever `key` changes (and on `reload`). `setData` lets a page apply a change
 * the server already confirmed (a round opened, a guideline published) without refetching.
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>) {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The latest loader, so callers may pass an inline function without refetching each render.
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const notFound = error instanceof ApiError && error.status === 404;
        setState({ status: 'error', message: describeError(error), notFound });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback((update: (data: T) => T) => {
    setState((current) => (current.status === 'ready' ? { status: 'ready', data: update(current.data) } : current));
  }, []);
  /** Refetches in the background, keeping the page on screen (and any state in it) meanwhile. */
  const refresh = useCallback(async () => {
    try {
      const data = await loadRef.current(new AbortController().signal);
      setState({ status: 'ready', data });
    } catch {
      // The data on screen stays; the next full load will show any error.
    }
  }, []);
  return { state, reload, refresh, setData };
}
