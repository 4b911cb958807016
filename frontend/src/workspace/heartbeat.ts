// Time on task: the browser reports active seconds every 15 s, and only while the page is
// visible and the person did something in the last minute (docs/api/workspace.md, heartbeat).

export const HEARTBEAT_INTERVAL_MS = 15_000;
export const ACTIVITY_WINDOW_MS = 60_000;
export const MAX_BEAT_SECONDS = 60;

export interface BeatInput {
  now: number;
  /** When the previous tick ran (sent or not): idle or hidden time before it never counts. */
  lastTickAt: number;
  lastActivityAt: number | null;
  visible: boolean;
}

/** Seconds to report for this tick; 0 means send nothing. */
export function beatSeconds({ now, lastTickAt, lastActivityAt, visible }: BeatInput): number {
  if (!visible || lastActivityAt === null || now - lastActivityAt > ACTIVITY_WINDOW_MS) return 0;
  return Math.max(0, Math.min(MAX_BEAT_SECONDS, Math.round((now - lastTickAt) / 1000)));
}
