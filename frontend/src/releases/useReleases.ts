import { useEffect, useState } from 'react';

import { getReleases } from '../api/client';
import { useLoad } from '../admin/useLoad';

/** How often the list is asked again while a release builds: a live bar, a light load. */
export const RELEASE_POLL_MS = 1000;

/**
 * One page of the project's releases (newest first), refetched every `pollMs` while any of
 * them is `building` and no longer once none is. `refresh` refetches at once (after starting
 * a build).
 */
export function useReleases(slug: string, page: number, pollMs = RELEASE_POLL_MS) {
  const { state, reload, refresh } = useLoad(`${slug}:${page}`, (signal) => getReleases(slug, page, signal));
  // Bumped after each poll, so the next one is scheduled even when the answer did not change
  // (or the request failed: a hiccup must not stop the bar).
  const [polls, setPolls] = useState(0);
  const building = state.status === 'ready' && state.data.releases.some((release) => release.status === 'building');

  useEffect(() => {
    if (!building) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void refresh().then(() => {
        if (!cancelled) setPolls((n) => n + 1);
      });
    }, pollMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [building, polls, pollMs, refresh]);

  return { state, reload, refresh, building };
}
