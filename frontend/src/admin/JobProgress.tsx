import { Alert, Button, Group, List, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import { cancelJob, retryJob, savedWhileQueueDown } from '../api/client';
import type { Job } from '../api/types';
import { describeError } from '../useMe';
import type { JobState } from './useJob';

interface JobProgressProps {
  state: JobState;
  /** What the job does, for the bar's accessible name: "Import", "Agreement computation". */
  label: string;
  /** Whether to list `result.lines` on success (the agreement page reloads the report instead). */
  showResult?: boolean;
  /** After Retry or Cancel: follow the job again (useJob's `generation`). */
  onRequeued?: () => void;
  /** Off: a success says "finished" and nothing more (the agreement page shows the report
   * itself, so the job's last message would be a second completion message). */
  detailOnSuccess?: boolean;
}

/** A long job: a progress bar with the server's message, then its result lines or its error. */
export function JobProgress({ state, label, showResult = true, onRequeued, detailOnSuccess = true }: JobProgressProps) {
  if (state.status === 'idle') return null;
  if (state.status === 'lost') {
    return (
      <Alert color="red" title={`Lost track of the ${label.toLowerCase()}`} role="alert">
        {state.message} It may still be running; reload the page later to see its effect.
      </Alert>
    );
  }
  const job = state.job;
  if (state.status === 'done' && job !== null && job.status === 'failed') {
    return (
      <Alert color="red" title={`${label} failed`} role="alert">
        <Text style={{ whiteSpace: 'pre-wrap' }}>{job.error || job.message || 'No reason was given.'}</Text>
        <JobActions job={job} label={label} onRequeued={onRequeued} />
      </Alert>
    );
  }
  if (state.status === 'done' && job !== null) {
    const lines = job.result?.lines ?? [];
    return (
      <Alert color="teal" title={`${label} finished`} role="status">
        {!detailOnSuccess ? null : showResult && lines.length > 0 ? (
          <List size="sm" spacing={2}>
            {lines.map((line, index) => (
              <List.Item key={index}>{line}</List.Item>
            ))}
          </List>
        ) : (
          job.message !== '' && <Text size="sm">{job.message}</Text>
        )}
      </Alert>
    );
  }
  const percent = job === null ? 0 : Math.max(0, Math.min(100, job.progress));
  // A queued job's message says why it waits (the task queue is down, and how often it was tried).
  const message = job === null ? 'Starting…' : job.message || (job.status === 'queued' ? 'Waiting to start…' : 'Working…');
  return (
    <Stack gap={4}>
      <Stack gap={4} role="status" aria-live="polite">
        <Progress value={percent} animated size="lg" aria-label={`${label} progress`} />
        <Text size="sm">
          {percent}% · {message}
        </Text>
      </Stack>
      {job !== null && <JobActions job={job} label={label} onRequeued={onRequeued} />}
    </Stack>
  );
}

/** Retry and Cancel for a job no worker has started (the task queue was down), and Retry for a
 * failed one whose inputs are kept; each shown only when the server says it applies. */
function JobActions({ job, label, onRequeued }: { job: Job; label: string; onRequeued?: () => void }) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  if (!job.can_retry && !job.can_cancel) return null;

  async function act(action: (id: number) => Promise<unknown>) {
    setBusy(true);
    setNote(null);
    try {
      await action(job.id);
    } catch (failure) {
      // Still down: saved and waiting, as the server says; anything else is an error.
      setNote(savedWhileQueueDown(failure)?.message ?? describeError(failure));
    } finally {
      setBusy(false);
      onRequeued?.();
    }
  }

  const waiting = job.status === 'queued';
  return (
    <Stack gap={4} mt="xs">
      <Group gap="xs">
        {job.can_retry && (
          <Button size="xs" variant="default" loading={busy} onClick={() => void act(retryJob)} aria-label={`${waiting ? 'Send again' : 'Retry'}: ${label.toLowerCase()}`}>
            {waiting ? 'Send again' : 'Retry'}
          </Button>
        )}
        {job.can_cancel && (
          <Button size="xs" variant="subtle" color="red" loading={busy} onClick={() => void act(cancelJob)} aria-label={`Cancel: ${label.toLowerCase()}`}>
            Cancel
          </Button>
        )}
      </Group>
      {note !== null && (
        <Text size="sm" role="alert">
          {note}
        </Text>
      )}
    </Stack>
  );
}
