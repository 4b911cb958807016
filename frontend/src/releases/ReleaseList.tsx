import { Stack, Text } from '@mantine/core';

import type { Release } from '../api/types';
import { ReleaseCard } from './ReleaseCard';

/** Newest first, whatever order the server sends (ids grow with creation). */
export function ReleaseList({
  releases,
  labelledBy,
  onRetried,
  shownId = null,
}: {
  releases: Release[];
  labelledBy: string;
  onRetried?: () => void;
  /** A release just built: its card opens its card and manifest and comes into view. */
  shownId?: number | null;
}) {
  if (releases.length === 0) return <Text>No releases yet. Build the first one below.</Text>;
  const sorted = [...releases].sort((a, b) => b.id - a.id);
  return (
    <Stack component="ul" gap="md" className="plain-list" aria-labelledby={labelledBy}>
      {sorted.map((release) => (
        <ReleaseCard key={release.id} release={release} onRetried={onRetried} shown={release.id === shownId} />
      ))}
    </Stack>
  );
}
