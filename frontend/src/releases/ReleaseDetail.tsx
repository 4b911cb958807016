import { Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';

import { getRelease } from '../api/client';
import { LoadStatus } from '../admin/LoadStatus';
import { useLoad } from '../admin/useLoad';
import { SafeMarkdown } from '../components/SafeMarkdown';

/** A published release's dataset card (Markdown) and manifest (formatted JSON), fetched on opening. */
export function ReleaseDetail({ releaseId, version, id }: { releaseId: number; version: string; id?: string }) {
  const { state, reload } = useLoad(String(releaseId), (signal) => getRelease(releaseId, signal));
  const cardId = useId();
  const manifestId = useId();

  if (state.status !== 'ready') {
    return (
      <div id={id}>
        <LoadStatus state={state} what={`release ${version}`} onRetry={reload} />
      </div>
    );
  }
  const { card, manifest } = state.data;
  return (
    <Stack gap="md" id={id}>
      <section aria-labelledby={cardId}>
        <Title order={4} id={cardId} className="pane-title" mb="xs">
          Dataset card
        </Title>
        {card ? (
          <div className="guidelines release-card">
            <SafeMarkdown>{card}</SafeMarkdown>
          </div>
        ) : (
          <Text c="dimmed">The server sent no dataset card.</Text>
        )}
      </section>
      <section aria-labelledby={manifestId}>
        <Title order={4} id={manifestId} className="pane-title" mb="xs">
          Manifest
        </Title>
        {manifest ? (
          // Focusable so keyboard users can scroll a long manifest.
          <pre className="manifest" role="region" aria-label={`Manifest of ${version}`} tabIndex={0}>
            {JSON.stringify(manifest, null, 2)}
          </pre>
        ) : (
          <Text c="dimmed">The server sent no manifest.</Text>
        )}
      </section>
    </Stack>
  );
}
