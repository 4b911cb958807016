import { Anchor, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';

import { cancelRelease, retryRelease, savedWhileQueueDown } from '../api/client';
import type { Release } from '../api/types';
import { describeError } from '../useMe';
import { formatDateTime } from '../admin/format';
import { countLabel } from './format';
import { ReleaseDetail } from './ReleaseDetail';
import { ReleaseFiles } from './ReleaseFiles';
import { ReleaseStatusChip } from './ReleaseStatusChip';
import { SystemScores } from './SystemScores';

/** One release: status, dates, counts, files; the download and the manifest once published. */
export function ReleaseCard({
  release,
  onRetried,
  shown = false,
}: {
  release: Release;
  onRetried?: () => void;
  /** Open the card and manifest and bring the card into view (a build just finished). */
  shown?: boolean;
}) {
  const headingId = useId();
  const [retrying, setRetrying] = useState(false);
  const [retryError, setRetryError] = useState<string | null>(null);

  // A failed build (an error, or a worker that died) can be started again as it was; one no
  // worker has started (the task queue was down) can be sent again, or cancelled.
  async function act(action: (id: number) => Promise<unknown>) {
    setRetrying(true);
    setRetryError(null);
    try {
      await action(release.id);
      onRetried?.();
    } catch (failure) {
      // 503 queue_unavailable: still waiting for the queue, as its message says.
      setRetryError(savedWhileQueueDown(failure)?.message ?? describeError(failure));
      onRetried?.();
    } finally {
      setRetrying(false);
    }
  }
  const waiting = release.status === 'building' && release.can_cancel;
  const detailId = useId();
  const [open, setOpen] = useState(false);
  const published = release.status === 'published';
  const cardRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!shown) return;
    if (published) setOpen(true);
    // jsdom has no scrollIntoView; browsers do.
    cardRef.current?.scrollIntoView?.({ block: 'start' });
  }, [shown, published]);
  const counts = Object.entries(release.counts).filter((entry): entry is [string, number] => typeof entry[1] === 'number');

  return (
    <Card component="li" withBorder padding="md" aria-labelledby={headingId} ref={cardRef}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div>
            <Group gap="sm">
              <Title order={3} size="h4" id={headingId}>
                {release.version}
              </Title>
              <ReleaseStatusChip status={release.status} />
            </Group>
            <Text size="sm" c="dimmed">
              Created {formatDateTime(release.created_at)}
              {release.created_by !== '' && ` by ${release.created_by}`}
              {release.published_at !== null && ` · published ${formatDateTime(release.published_at)}`}
            </Text>
          </div>
          {published && (
            <Group gap="sm">
              {release.download && (
                // A plain link: the browser streams the zip and names it from Content-Disposition.
                <Anchor href={release.download} download fw={600}>
                  Download {release.version}
                </Anchor>
              )}
              <Button
                variant="default"
                size="xs"
                aria-expanded={open}
                aria-controls={open ? detailId : undefined}
                aria-label={`${open ? 'Hide' : 'Show'} card, manifest and evaluators of ${release.version}`}
                onClick={() => setOpen((current) => !current)}
              >
                {/* The visible words start the name (WCAG 2.5.3 label in name). */}
                {open ? 'Hide' : 'Show'} card, manifest and evaluators
              </Button>
            </Group>
          )}
        </Group>

        {release.status === 'building' && (
          <Stack gap={4} role="status" aria-live="polite">
            <Progress
              value={clampPercent(release.progress)}
              animated
              size="lg"
              aria-label={`Build progress of ${release.version}`}
            />
            <Text size="sm">
              {waiting
                ? 'Waiting for a worker to start it. If the task queue is down, it starts by itself when the queue is back.'
                : `Building… ${clampPercent(release.progress)}%`}
            </Text>
          </Stack>
        )}
        {release.status === 'failed' && (
          <Text c="red.8" size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            <strong>Build failed:</strong> {release.error || 'No reason was given.'}
          </Text>
        )}
        {(release.can_retry || release.can_cancel) && (
          <Group gap="sm">
            {release.can_retry && (
              <Button size="xs" variant="default" loading={retrying} onClick={() => void act(retryRelease)} aria-label={`${waiting ? 'Send again' : 'Retry'} ${release.version}`}>
                {waiting ? 'Send again' : 'Retry'}
              </Button>
            )}
            {release.can_cancel && (
              <Button size="xs" variant="subtle" color="red" loading={retrying} onClick={() => void act(cancelRelease)} aria-label={`Cancel the build of ${release.version}`}>
                Cancel build
              </Button>
            )}
            {retryError !== null && (
              <Text size="sm" c="red.8" role="alert">
                {retryError}
              </Text>
            )}
          </Group>
        )}

        {counts.length > 0 && (
          <dl className="stats" aria-label={`Counts of ${release.version}`}>
            {counts.map(([key, value]) => (
              <div key={key}>
                <dt>{countLabel(key)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
        {published && release.scores && <SystemScores scores={release.scores} version={release.version} />}
        <ReleaseFiles files={release.files} version={release.version} />
        {published && open && <ReleaseDetail releaseId={release.id} version={release.version} id={detailId} />}
      </Stack>
    </Card>
  );
}

function clampPercent(value: number): number {
  return Math.max(0, Math.min(100, Math.round(value)));
}
