import { Alert, Anchor, Button, Checkbox, FileInput, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';

import { savedWhileQueueDown, startImport, type ImportFormat } from '../api/client';
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

/** What the form says about each layout it reads. */
const LAYOUTS: Record<ImportFormat, { label: string; field: string; what: string; placeholder: string; accept: string; doc: string }> = {
  native: {
    label: 'Native JSONL',
    field: 'Corpus file (JSONL)',
    what: "Documents, topics and summaries in the project's native JSONL format:",
    placeholder: 'Choose a .jsonl file',
    accept: '.jsonl,.json,application/jsonl,application/x-ndjson',
    doc: adminPaths.nativeFormat,
  },
  circumstantial: {
    label: 'Circumstantial CSV',
    field: 'Corpus file (CSV)',
    what: "Dialogues, summaries and their published labels in the circumstantial-inference study's CSV layout:",
    placeholder: 'Choose a .csv file',
    accept: '.csv,text/csv',
    doc: adminPaths.circumstantialFormat,
  },
};

/** Uploads a corpus file (native JSONL or a circumstantial CSV), then follows the import job
 * to its result (a lenient import's report, row by row, among the result's lines) or error. */
export function ImportCorpus({ slug, onImported, pollIntervalMs = JOB_POLL_MS }: ImportCorpusProps) {
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ImportFormat>('native');
  const [lenient, setLenient] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [generation, setGeneration] = useState(0);
  const job = useJob(
    jobId,
    (finished: Job) => {
      if (finished.status === 'succeeded') onImported();
    },
    pollIntervalMs,
    generation,
  );
  const running = job.status === 'following';
  const layout = LAYOUTS[format];

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
      const started = await startImport(slug, file, { format, lenient: format === 'circumstantial' && lenient });
      setJobId(started.job);
    } catch (failure) {
      // A 503 queue_unavailable: the import is saved and starts when the queue is back.
      const saved = savedWhileQueueDown(failure);
      if (saved?.job !== undefined) setJobId(saved.job);
      else setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Import a corpus file">
      <Stack gap="sm" align="flex-start">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="import-format-label">
            Format
          </Text>
          <SegmentedControl
            aria-labelledby="import-format-label"
            value={format}
            onChange={(value) => {
              setFormat(value as ImportFormat);
              setError(null);
            }}
            data={(Object.keys(LAYOUTS) as ImportFormat[]).map((value) => ({ value, label: LAYOUTS[value].label }))}
          />
        </Stack>
        <FileInput
          label={layout.field}
          description={
            <>
              {layout.what}{' '}
              <Anchor component={Link} to={layout.doc} size="xs">
                the format, field by field
              </Anchor>
              .
            </>
          }
          placeholder={layout.placeholder}
          accept={layout.accept}
          clearable
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setError(null);
          }}
          w={420}
          maw="100%"
        />
        {format === 'circumstantial' && (
          <Checkbox
            label="Lenient: import the study's own file as published"
            description="Versions of a dialogue that differ only in quoting, white space or emoji become one document; spans and evidence that cannot be placed are left out (a summary keeps its label); unknown categories become untyped spans. The result lists every such row with its line. Without it, the first such row stops the import and nothing is imported."
            checked={lenient}
            onChange={(event) => setLenient(event.currentTarget.checked)}
            maw={640}
          />
        )}
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
          <JobProgress state={job} label="Import" onRequeued={() => setGeneration((current) => current + 1)} />
        </div>
      </Stack>
    </form>
  );
}
