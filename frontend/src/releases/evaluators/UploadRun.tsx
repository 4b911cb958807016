import { Alert, Button, FileInput, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import { api, savedWhileQueueDown } from '../../api/client';
import type { Job, JobStarted } from '../../api/types';
import { JobProgress } from '../../admin/JobProgress';
import { JOB_POLL_MS, useJob } from '../../admin/useJob';
import { describeError } from '../../useMe';

/** Uploads one run of an evaluator's predictions, then follows the job that checks and
 * stores it: its progress, then the stored run or the refusal naming file, line and field. */
export function UploadRun({ releaseId, onStored, pollIntervalMs = JOB_POLL_MS }: { releaseId: number; onStored: () => void; pollIntervalMs?: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [evaluator, setEvaluator] = useState('');
  const [kind, setKind] = useState<'metric' | 'llm'>('metric');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const [generation, setGeneration] = useState(0);
  const job = useJob(
    jobId,
    (finished: Job) => {
      if (finished.status === 'succeeded') onStored();
    },
    pollIntervalMs,
    generation,
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (file === null || evaluator.trim() === '') {
      setError(file === null ? 'Choose the predictions file.' : "Name the evaluator (e.g. 'AlignScore').");
      return;
    }
    setBusy(true);
    setError(null);
    setJobId(null);
    const form = new FormData();
    form.append('file', file);
    form.append('evaluator', evaluator.trim());
    form.append('kind', kind);
    try {
      const started = await api.post<JobStarted>(`/api/releases/${releaseId}/evaluator-runs/`, form);
      setJobId(started.job);
    } catch (failure) {
      // A 503 queue_unavailable: the upload is saved and starts when the queue is back.
      const saved = savedWhileQueueDown(failure);
      if (saved?.job !== undefined) setJobId(saved.job);
      else setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Upload a run of predictions">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          A CSV or JSONL file with <code>record_id</code> (the LLM-AggreFact export&apos;s <code>id</code> or <code>summary_id</code>) and a{' '}
          <code>score</code> (higher = more consistent) or a <code>label</code> (1 consistent, 0 inconsistent); optionally{' '}
          <code>explanation</code> and <code>error_types</code>. Each upload of the same evaluator is its next run.
        </Text>
        <Group align="flex-end">
          <TextInput label="Evaluator" value={evaluator} onChange={(event) => setEvaluator(event.currentTarget.value)} maxLength={100} w={220} />
          <SegmentedControl
            aria-label="Kind of evaluator"
            value={kind}
            onChange={(value) => setKind(value === 'llm' ? 'llm' : 'metric')}
            data={[
              { value: 'metric', label: 'Metric' },
              { value: 'llm', label: 'LLM' },
            ]}
          />
          <FileInput label="Predictions" placeholder="Choose a .csv or .jsonl file" accept=".csv,.jsonl,.json" value={file} onChange={setFile} clearable w={260} />
          <Button type="submit" loading={busy} disabled={job.status === 'following'}>
            Upload
          </Button>
        </Group>
        {error !== null && (
          <Alert color="red" title="The upload did not start" role="alert">
            {error}
          </Alert>
        )}
        <JobProgress state={job} label="Upload" showResult={false} onRequeued={() => setGeneration((current) => current + 1)} />
      </Stack>
    </form>
  );
}
