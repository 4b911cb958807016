import { Alert, List, Progress, Stack, Text } from '@mantine/core';

import type { JobState } from './useJob';

interface JobProgressProps {
  state: JobState;
  /** What the job does, for the bar's accessible name: "Import", "Agreement computation". */
  label: string;
  /** Whether to list `result.lines` on success (the agreement page reloads the report instead). */
  showResult?: boolean;
}

/** A long job: a progress bar with the server's message, then its result lines or its error. */
export function JobProgress({ state, label, showResult = true }: JobProgressProps) {
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
      </Alert>
    );
  }
  if (state.status === 'done' && job !== null) {
    const lines = job.result?.lines ?? [];
    return (
      <Alert color="teal" title={`${label} finished`} role="status">
        {showResult && lines.length > 0 ? (
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
  const message = job === null ? 'Starting…' : job.status === 'queued' ? 'Waiting to start…' : job.message || 'Working…';
  return (
    <Stack gap={4} role="status" aria-live="polite">
      <Progress value={percent} animated size="lg" aria-label={`${label} progress`} />
      <Text size="sm">
        {percent}% · {message}
      </Text>
    </Stack>
  );
}
