import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';

import { startImport } from '../api/client';
import type { Job } from '../api/types';
import { describeError } from '../useMe';
import { JobProgress } from './JobProgress';
import { JOB_POLL_MS, useJob } from './useJob';

interface ImportCorpusProps {
  slug: string;
  /** Called when an import succeeds, so the page can refresh its corpus counts. */
  onImported: () => void;
  pollIntervalMs?: number;
}

/** Uploads a native JSONL file, then follows the import job to its result or error. */
export function ImportCorpus({ slug, onImported, pollIntervalMs = JOB_POLL_MS }: ImportCorpusProps) {
  const inputId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useJob(
    jobId,
    (finished: Job) => {
      if (finished.status === 'succeeded') onImported();
    },
    pollIntervalMs,
  );
  const running = job.status === 'following';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (file === null) {
      setError('Choose a file first.');
      return;
    }
    setBusy(true);
    setError(null);
    setJobId(null);
    try {
      const started = await startImport(slug, file);
      setJobId(started.job);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Import a corpus file">
      <Stack gap="sm" align="flex-start">
        <div>
          <label htmlFor={inputId} className="file-label">
            Corpus file (JSONL)
          </label>
          <Text size="xs" c="dimmed" id={hintId}>
            Documents, topics and summaries in the project&apos;s native JSONL format.
          </Text>
          <input
            id={inputId}
            type="file"
            accept=".jsonl,.json,application/jsonl,application/x-ndjson"
            aria-describedby={hintId}
            className="file-input"
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
          />
        </div>
        <Group>
          <Button type="submit" loading={busy} disabled={running}>
            Import
          </Button>
        </Group>
        {error !== null && (
          <Alert color="red" title="The import did not start" role="alert">
            {error}
          </Alert>
        )}
        <div style={{ width: '100%', maxWidth: 640 }}>
          <JobProgress state={job} label="Import" />
        </div>
      </Stack>
    </form>
  );
}
