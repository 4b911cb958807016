import { Alert, Anchor, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';

import type { Release } from '../api/types';
import { AdminSection } from '../admin/AdminSection';
import { LoadStatus } from '../admin/LoadStatus';
import { PageControls } from '../admin/PageControls';
import { NewReleaseForm } from './NewReleaseForm';
import { ReleaseList } from './ReleaseList';
import { RELEASE_POLL_MS, useReleases } from './useReleases';

/** `/app/projects/:slug/releases` — a project's releases and the form to build a new one. */
export function ReleasesPage({ pollIntervalMs = RELEASE_POLL_MS }: { pollIntervalMs?: number }) {
  const slug = useParams().slug ?? '';
  const [page, setPage] = useState(1);
  const { state, reload, refresh } = useReleases(slug, page, pollIntervalMs);
  // The build started from the form, followed to its result (published or failed).
  const [following, setFollowing] = useState<{ id: number; version: string } | null>(null);

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
  // A new build is the newest release: on the first page, which the form goes back to.
  const followFrom = (started: { release: number }, version: string) => {
    setFollowing({ id: started.release, version });
    if (page === 1) void refresh();
    else setPage(1);
  };
  const followed = following === null ? undefined : releases.find((release) => release.id === following.id);

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
      <AdminSection title="Releases">
        {(headingId) => (
          <Stack gap="sm">
            <ReleaseList
              releases={releases}
              labelledBy={headingId}
              onRetried={() => void refresh()}
              shownId={followed?.status === 'published' ? followed.id : null}
            />
            <PageControls page={state.data} what="releases" onChange={setPage} />
          </Stack>
        )}
      </AdminSection>
      <AdminSection title="New release">
        {() => (
          <Stack gap="md">
            {following !== null && <BuildOutcome version={following.version} release={followed} />}
            <NewReleaseForm
              slug={project.slug}
              rounds={rounds}
              formats={formats}
              // Refetched at once, so the new release and its bar appear, then polled while building.
              onStarted={followFrom}
            />
          </Stack>
        )}
      </AdminSection>
    </Stack>
  );
}

/** Where the build just started stands: its progress, then its result (the published
 * release opens in the list above), never a "Building…" left behind. */
function BuildOutcome({ version, release }: { version: string; release: Release | undefined }) {
  if (release === undefined || release.status === 'building') {
    const percent = Math.max(0, Math.min(100, Math.round(release?.progress ?? 0)));
    return (
      <Stack gap={4} role="status" aria-live="polite">
        <Text size="sm">
          Building release {version}… {percent}%
        </Text>
        <Progress value={percent} animated size="md" aria-label={`Build of ${version}`} />
      </Stack>
    );
  }
  if (release.status === 'failed') {
    return (
      <Alert color="red" title={`Release ${version} failed`} role="alert">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {release.error || 'No reason was given.'} Its card above has a Retry button.
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="teal" title={`Release ${version} is published`} role="status">
      <Text size="sm">
        Its dataset card and manifest are open above.{' '}
        {release.download && (
          <Anchor href={release.download} download>
            Download {version}
          </Anchor>
        )}
      </Text>
    </Alert>
  );
}
