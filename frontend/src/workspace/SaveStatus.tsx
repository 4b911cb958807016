import { Text } from '@mantine/core';

import type { SaveSnapshot } from './saveQueue';

/** The words for each save state; always visible in the top bar (UI.md). */
export function saveStatusText(snapshot: SaveSnapshot): { text: string; color: string } {
  const changes = `${snapshot.pendingCount} change${snapshot.pendingCount === 1 ? '' : 's'}`;
  switch (snapshot.status) {
    case 'saving':
      return { text: 'Saving…', color: 'dimmed' };
    case 'offline':
      return { text: `Offline — ${changes} pending`, color: 'orange.8' };
    case 'conflict':
      return { text: 'Conflict — choose a version', color: 'red.8' };
    case 'invalid':
      return { text: 'Not saved — see the marked field', color: 'red.8' };
    case 'read_only':
      return { text: 'Read-only', color: 'dimmed' };
    case 'stopped':
      return { text: `Not saving — ${changes} kept in this browser`, color: 'red.8' };
    case 'saved':
      return { text: 'Saved ✓', color: 'teal.8' };
  }
}

export function SaveStatus({ snapshot }: { snapshot: SaveSnapshot }) {
  const { text, color } = saveStatusText(snapshot);
  return (
    <Text size="sm" fw={500} c={color} role="status" aria-live="polite" className="save-status">
      {text}
    </Text>
  );
}
