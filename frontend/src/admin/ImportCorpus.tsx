import { Alert, Anchor, Button, FileInput, Group, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';

import { startImport } from '../api/client';
import type { Job } from '../api/types';
import { describeError } from '../useMe';
import { JobProgress } from './JobProgress';
import { adminPaths } from './paths';
import { JOB_POLL_MS, useJob } from './useJob';

interface ImportCorpusProps {
  slug: string;
  /** Called when an import succeeds, so the page can refresh its corpus counts. */
  onImported: () => void;
  pollIntervalMs?: number;
}

/** Uploads a native JSONL file, then follows the import job to its result or error. */
export function ImportCorpus({ slug, onImported, pollIntervalMs = JOB_POLL_MS }: ImportCorpusProps) {
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
        <FileInput
          label="Corpus file (JSONL)"
          description={
            <>
              Documents, topics and summaries in the project&apos;s native JSONL format:{' '}
              <Anchor component={Link} to={adminPaths.nativeFormat} size="xs">
                the format, field by field
              </Anchor>
              .
            </>
          }
          placeholder="Choose a .jsonl file"
          accept=".jsonl,.json,application/jsonl,application/x-ndjson"
          clearable
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setError(null);
          }}
          w={420}
          maw="100%"
        />
        <Group>
          <Button type="submit" loading={busy} disabled={running}>
            Import
          </Button>
          <Anchor component={Link} to={adminPaths.corpus(slug)} size="sm">
            Browse what was imported
          </Anchor>
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
