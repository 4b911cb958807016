import { Alert, Anchor, Button, Checkbox, FileInput, Group, Radio, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';

import { getImportFormats, savedWhileQueueDown, startImport, type ImportFormat } from '../api/client';
import type { ImportFormatInfo, Job } from '../api/types';
import { describeError } from '../useMe';
import { JobProgress } from './JobProgress';
import { LoadStatus } from './LoadStatus';
import { adminPaths } from './paths';
import { JOB_POLL_MS, useJob } from './useJob';
import { useLoad } from './useLoad';

interface ImportCorpusProps {
  slug: string;
  /** Called when an import succeeds, so the page can refresh its corpus counts. */
  onImported: () => void;
  pollIntervalMs?: number;
}

/** What the file field says for a format: "Corpus file (CSV)", "Folder (.zip)". */
function fieldLabel(layout: ImportFormatInfo): string {
  if (layout.folder) return 'Folder (.zip)';
  const kinds = [...new Set(layout.accept.map((suffix) => suffix.replace(/^\./, '').toUpperCase()))];
  return `Corpus file (${kinds.join(' or ')})`;
}

/** Uploads a corpus file in one of the formats the server's registry lists, then follows the
 * import job to its result (a lenient import's report, row by row, among the result's lines)
 * or error. */
export function ImportCorpus({ slug, onImported, pollIntervalMs = JOB_POLL_MS }: ImportCorpusProps) {
  const { state, reload } = useLoad('import-formats', (signal) => getImportFormats(signal));
  if (state.status !== 'ready') return <LoadStatus state={state} what="the import formats" onRetry={reload} />;
  return <ImportForm slug={slug} onImported={onImported} pollIntervalMs={pollIntervalMs} formats={state.data} />;
}

function ImportForm({
  slug,
  onImported,
  pollIntervalMs,
  formats,
}: Required<ImportCorpusProps> & { formats: ImportFormatInfo[] }) {
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
  const layout = formats.find((entry) => entry.name === format) ?? formats[0]!;

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
      const started = await startImport(slug, file, { format: layout.name, lenient: layout.lenient && lenient });
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
        <Radio.Group
          label="Format"
          value={layout.name}
          onChange={(value) => {
            setFormat(value);
            setError(null);
          }}
        >
          <Group gap="md" mt={4}>
            {formats.map((entry) => (
              <Radio key={entry.name} value={entry.name} label={entry.label} />
            ))}
          </Group>
        </Radio.Group>
        <FileInput
          label={fieldLabel(layout)}
          description={
            <>
              {layout.what}{' '}
              <Anchor component={Link} to={adminPaths.formatDoc(layout.doc)} size="xs">
                the format, field by field
              </Anchor>
              .
            </>
          }
          placeholder={layout.folder ? 'Choose a .zip of the folder' : `Choose a ${layout.accept.join(' or ')} file`}
          accept={layout.accept.join(',')}
          clearable
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setError(null);
          }}
          w={420}
          maw="100%"
        />
        {layout.lenient && (
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
