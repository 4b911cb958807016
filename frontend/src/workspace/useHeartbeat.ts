import { useEffect, useState } from 'react';

import { sendHeartbeat } from '../api/client';
import { HEARTBEAT_INTERVAL_MS, beatSeconds } from './heartbeat';

const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'scroll', 'input'] as const;

/** Reports active time while the unit is editable; returns the server's time on task. */
export function useHeartbeat(assignmentId: number, enabled: boolean, initialSeconds: number): number {
  const [activeSeconds, setActiveSeconds] = useState(initialSeconds);

  useEffect(() => {
    if (!enabled) return;
    let lastActivityAt: number | null = Date.now();
    let lastTickAt = Date.now();
    const markActive = () => {
      lastActivityAt = Date.now();
    };
    // Capture, so scrolling inside a pane (scroll does not bubble) counts too.
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, markActive, { capture: true, passive: true });
    const timer = setInterval(() => {
      const now = Date.now();
      const seconds = beatSeconds({
        now,
        lastTickAt,
        lastActivityAt,
        visible: document.visibilityState === 'visible',
      });
      lastTickAt = now;
      if (seconds === 0) return;
      sendHeartbeat(assignmentId, seconds).then(
        (response) => setActiveSeconds(response.active_seconds),
        () => {
          // A lost heartbeat only costs a few seconds of time on task; never bother the person.
        },
      );
    }, HEARTBEAT_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, markActive, { capture: true });
    };
  }, [assignmentId, enabled]);

  return activeSeconds;
}
