import { Alert, Button, FileInput, Group, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import { api, savedWhileQueueDown } from '../api/client';
import type { components } from '../api/schema';
import type { Job, JobStarted } from '../api/types';
import { describeError } from '../useMe';
import { JobProgress } from './JobProgress';
import { LoadStatus } from './LoadStatus';
import { JOB_POLL_MS, useJob } from './useJob';
import { useLoad } from './useLoad';

type CorpusRuns = components['schemas']['CorpusRunsOutput'];

/** Evaluators' runs on the project's corpus, before any release (docs/models-in-the-loop.md,
 * "Corpus runs"): upload one (a background job that names file, line and field when it
 * refuses), and the runs with what share of the corpus each covers. */
export function CorpusRunsSection({ slug, labelledBy, pollIntervalMs = JOB_POLL_MS }: { slug: string; labelledBy: string; pollIntervalMs?: number }) {
  const url = `/api/projects/${slug}/evaluator-runs/`;
  const runs = useLoad(url, (signal) => api.get<CorpusRuns>(url, signal));
  return (
    <Stack gap="lg">
      <UploadCorpusRun url={url} onStored={runs.reload} pollIntervalMs={pollIntervalMs} />
      <LoadStatus state={runs.state} what="the corpus runs" onRetry={runs.reload} />
      {runs.state.status === 'ready' &&
        (runs.state.data.runs.length === 0 ? (
          <Text c="dimmed">No evaluator has a run on this corpus yet.</Text>
        ) : (
          <Table fz="sm" withTableBorder aria-labelledby={labelledBy}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Evaluator</Table.Th>
                <Table.Th scope="col">Version</Table.Th>
                <Table.Th scope="col">Sentences</Table.Th>
                <Table.Th scope="col">Summaries</Table.Th>
                <Table.Th scope="col">Abstained</Table.Th>
                <Table.Th scope="col">Gives</Table.Th>
                <Table.Th scope="col">File</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.state.data.runs.map((run) => (
                <Table.Tr key={run.id}>
                  <Table.Td>
                    {run.evaluator} ({run.kind === 'llm' ? 'LLM' : 'metric'})
                  </Table.Td>
                  <Table.Td>{run.version}</Table.Td>
                  <Table.Td>
                    {run.sentences} of {runs.state.status === 'ready' ? runs.state.data.corpus_sentences : ''}
                  </Table.Td>
                  <Table.Td>
                    {run.summaries} of {runs.state.status === 'ready' ? runs.state.data.corpus_summaries : ''}
                  </Table.Td>
                  <Table.Td>{run.abstained}</Table.Td>
                  <Table.Td>{[run.has_labels ? 'labels' : '', run.has_scores ? 'scores' : ''].filter(Boolean).join(' and ')}</Table.Td>
                  <Table.Td>{run.source_name}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
    </Stack>
  );
}

function UploadCorpusRun({ url, onStored, pollIntervalMs }: { url: string; onStored: () => void; pollIntervalMs: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [evaluator, setEvaluator] = useState('');
  const [version, setVersion] = useState('');
  const [kind, setKind] = useState<'metric' | 'llm'>('llm');
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
    const missing =
      file === null
        ? 'Choose the predictions file.'
        : evaluator.trim() === ''
          ? "Name the evaluator (e.g. 'GPT-4o judge')."
          : version.trim() === ''
            ? "Give the run a version label (e.g. 'prompt-v2')."
            : null;
    if (missing !== null || file === null) {
      setError(missing);
      return;
    }
    setBusy(true);
    setError(null);
    setJobId(null);
    const form = new FormData();
    form.append('file', file);
    form.append('evaluator', evaluator.trim());
    form.append('version', version.trim());
    form.append('kind', kind);
    try {
      const started = await api.post<JobStarted>(url, form);
      setJobId(started.job);
    } catch (failure) {
      const saved = savedWhileQueueDown(failure);
      if (saved?.job !== undefined) setJobId(saved.job);
      else setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Upload a run on the corpus">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          A CSV or JSONL file with <code>record_id</code> (a sentence&apos;s or a summary&apos;s record id, as releases print them) and a{' '}
          <code>label</code> (1 consistent, 0 inconsistent) and/or a <code>score</code> (higher = more consistent), or <code>abstain</code>{' '}
          for a record the model declined; optionally <code>explanation</code>, <code>error_types</code>, <code>spans</code> and{' '}
          <code>evidence</code>. A run need not cover the whole corpus.
        </Text>
        <Group align="flex-end">
          <TextInput label="Evaluator" value={evaluator} onChange={(event) => setEvaluator(event.currentTarget.value)} maxLength={100} w={200} />
          <TextInput label="Version" value={version} onChange={(event) => setVersion(event.currentTarget.value)} maxLength={100} w={160} />
          <SegmentedControl
            aria-label="Kind of evaluator"
            value={kind}
            onChange={(value) => setKind(value === 'llm' ? 'llm' : 'metric')}
            data={[
              { value: 'llm', label: 'LLM' },
              { value: 'metric', label: 'Metric' },
            ]}
          />
          <FileInput label="Predictions" placeholder="Choose a .csv or .jsonl file" accept=".csv,.jsonl,.json" value={file} onChange={setFile} clearable w={240} />
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
