import { Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';

import { AdminSection } from '../admin/AdminSection';
import { LoadStatus } from '../admin/LoadStatus';
import { NewReleaseForm } from './NewReleaseForm';
import { ReleaseList } from './ReleaseList';
import { RELEASE_POLL_MS, useReleases } from './useReleases';

/** `/app/projects/:slug/releases` — a project's releases and the form to build a new one. */
export function ReleasesPage({ pollIntervalMs = RELEASE_POLL_MS }: { pollIntervalMs?: number }) {
  const slug = useParams().slug ?? '';
  const { state, reload, refresh } = useReleases(slug, pollIntervalMs);

  if (state.status !== 'ready') {
    return (
      <LoadStatus
        state={state}
        what="the releases"
        onRetry={reload}
        notFoundText="This project does not exist, or you are not one of its researchers or admins."
      />
    );
  }
  const { project, rounds, formats, releases } = state.data;

  return (
    <Stack gap="lg">
      <div>
        <Text size="sm" c="dimmed">
          Releases
        </Text>
        <Title order={1} size="h2">
          {project.name}
        </Title>
      </div>
      <AdminSection title="Releases">{(headingId) => <ReleaseList releases={releases} labelledBy={headingId} onRetried={() => void refresh()} />}</AdminSection>
      <AdminSection title="New release">
        {() => (
          // The list is refetched at once, so the new release and its bar appear, then polled while building.
          <NewReleaseForm slug={project.slug} rounds={rounds} formats={formats} onStarted={() => void refresh()} />
        )}
      </AdminSection>
    </Stack>
  );
}
