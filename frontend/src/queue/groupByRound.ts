import type { QueueEntry, RoundRef } from '../api/types';

export interface RoundGroup {
  round: RoundRef;
  entries: QueueEntry[];
}

/** Groups queue rows by round, keeping the server's order of rounds and of rows within each. */
export function groupByRound(entries: readonly QueueEntry[]): RoundGroup[] {
  const groups = new Map<number, RoundGroup>();
  for (const entry of entries) {
    let group = groups.get(entry.round.id);
    if (group === undefined) {
      group = { round: entry.round, entries: [] };
      groups.set(entry.round.id, group);
    }
    group.entries.push(entry);
  }
  return [...groups.values()];
}
