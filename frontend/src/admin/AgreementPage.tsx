import { Alert, Anchor, Button, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';

import { computeAgreement, getAgreement, getAgreementHistory, savedWhileQueueDown } from '../api/client';
import type { AgreementHistory } from '../api/types';
import { describeError } from '../useMe';
import { AgreementCard } from './AgreementCard';
import { RevealCard } from './RevealCard';
import { AssistanceCard } from './AssistanceCard';
import { formatDateTime } from './format';
import { JobProgress } from './JobProgress';
import { LoadStatus } from './LoadStatus';
import { adminPaths, parseId } from './paths';
import { RoundHeader } from './RoundHeader';
import { JOB_POLL_MS, useJob } from './useJob';
import { useLoad } from './useLoad';
import { type RoundProject, useRoundProject } from './useRoundProject';

/**
 * How often an open agreement page asks for the report: the server recomputes it by itself
 * shortly after submits (docs/agreement.md), and the page shows the new one without a click.
 */
export const REPORT_POLL_MS = 5000;

/** `/app/admin/rounds/:id/agreement` — one card per question, updated by itself; a button to recompute. */
export function AgreementPage({
  pollIntervalMs = JOB_POLL_MS,
  reportPollMs = REPORT_POLL_MS,
}: {
  pollIntervalMs?: number;
  reportPollMs?: number;
}) {
  const roundId = parseId(useParams().id) ?? 0;
  const context = useRoundProject(roundId);
  const slug = context.status === 'ready' ? context.data.project.slug : null;
  const { state, reload, refresh, setData } = useLoad(String(roundId), (signal) => getAgreement(roundId, signal));
  // The history is optional decoration: without the project (or on error) the cards simply have no chart.
  const history = useLoad(slug ?? '', (signal) =>
    slug === null ? Promise.resolve<AgreementHistory>({ questions: [] }) : getAgreementHistory(slug, signal),
  );
  const [starting, setStarting] = useState(false);
  const [computeError, setComputeError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [generation, setGeneration] = useState(0);
  // '' lets the server pick the round to compare hints with (docs/agreement.md).
  const [compare, setCompare] = useState('');
  const job = useJob(
    jobId,
    (finished) => {
      if (finished.status === 'succeeded') {
        void refresh();
        void history.refresh();
      }
    },
    pollIntervalMs,
    generation,
  );

  async function compute() {
    setStarting(true);
    setComputeError(null);
    setJobId(null);
    try {
      const result = await computeAgreement(roundId, compare === '' ? null : Number(compare));
      // 200: labels unchanged, the report is reused; 202: a job computes a new one.
      if (result.kind === 'report') setData(() => result.report);
      else setJobId(result.job);
    } catch (failure) {
      // A 503 queue_unavailable: the job is saved and starts when the queue is back.
      const saved = savedWhileQueueDown(failure);
      if (saved?.job !== undefined) setJobId(saved.job);
      else setComputeError(describeError(failure));
    } finally {
      setStarting(false);
    }
  }

  // The report refreshes itself: poll while the page is open (and visible), in the background.
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const historyRefreshRef = useRef(history.refresh);
  historyRefreshRef.current = history.refresh;
  const shownAt = state.status === 'ready' ? (state.data?.computed_at ?? null) : null;
  const lastShown = useRef<string | null>(shownAt);
  useEffect(() => {
    if (reportPollMs <= 0) return undefined;
    const timer = setInterval(() => {
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
      void refreshRef.current();
    }, reportPollMs);
    return () => clearInterval(timer);
  }, [reportPollMs, roundId]);
  useEffect(() => {
    // A newer report landed: the history chart has a new point too.
    if (shownAt !== null && lastShown.current !== null && shownAt !== lastShown.current) {
      void historyRefreshRef.current();
    }
    lastShown.current = shownAt;
  }, [shownAt]);

  const report = state.status === 'ready' ? state.data : null;
  const compareChoices = hintCounterparts(context.status === 'ready' ? context.data : null);
  const competenceByKey = new Map((report?.competence?.questions ?? []).map((question) => [question.key, question]));
  const historyByKey = new Map(
    (history.state.status === 'ready' ? history.state.data.questions : []).map((question) => [question.key, question]),
  );

  return (
    <Stack gap="lg">
      <RoundHeader roundId={roundId} page="Agreement" context={context} />
      <Group gap="md" align={compareChoices.length > 0 ? 'flex-end' : 'center'}>
        {compareChoices.length > 0 && (
          <NativeSelect
            label="Compare hints with"
            data={[{ value: '', label: 'Picked automatically' }, ...compareChoices]}
            value={compare}
            onChange={(event) => setCompare(event.currentTarget.value)}
          />
        )}
        <Button onClick={() => void compute()} loading={starting} disabled={job.status === 'following'}>
          Compute now
        </Button>
        {report !== null && (
          <Text size="sm" c="dimmed" role="status" aria-live="polite" data-testid="computed-at">
            Computed {formatDateTime(report.computed_at)}
            {report.updating === true ? ' · updating after recent submits…' : ' · updates by itself after submits'}
          </Text>
        )}
        <Anchor component={Link} to={adminPaths.disagreements(roundId, slug ?? undefined)} size="sm">
          See the disagreements
        </Anchor>
      </Group>
      {computeError !== null && (
        <Alert color="red" title="Could not start the computation" role="alert">
          {computeError}
        </Alert>
      )}
      <JobProgress
        state={job}
        label="Agreement computation"
        showResult={false}
        detailOnSuccess={false}
        onRequeued={() => setGeneration((current) => current + 1)}
      />
      {state.status === 'ready' && report === null ? (
        <Text role="status">
          No agreement report yet. It is computed by itself shortly after annotators submit; compute one now, or
          close the round.
        </Text>
      ) : (
        <LoadStatus state={state} what="the agreement report" onRetry={reload} />
      )}
      {report !== null && (
        <>
          {report.stale && (
            <Alert color="yellow" title="This report is stale" role="status">
              Labels changed after it was computed
              {report.assistance === undefined ? '' : ', here or in the round it compares hints with'}.{' '}
              {report.updating === true
                ? 'A recompute is on its way; this page shows it when it lands.'
                : 'Press “Compute now” to bring it up to date.'}
            </Alert>
          )}
          {report.assistance !== undefined && <AssistanceCard assistance={report.assistance} roundId={roundId} />}
          {report.assisted_reveal !== undefined && <RevealCard reveal={report.assisted_reveal} />}
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            {report.questions.map((question) => (
              <AgreementCard
                key={question.key}
                question={question}
                annotators={report.annotators}
                history={historyByKey.get(question.key)}
                roundId={roundId}
                slug={slug ?? undefined}
                competence={competenceByKey.get(question.key)}
              />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

/**
 * The rounds an admin may name to compare hints with: open or closed rounds of the project with
 * the opposite hint setting, when the scheme asks for spans (hints are shown only then). The
 * server checks that they share units.
 */
function hintCounterparts(context: RoundProject | null): { value: string; label: string }[] {
  if (context === null || !context.project.scheme.error_spans) return [];
  const { round } = context;
  return context.project.rounds
    .filter((other) => other.id !== round.id && other.status !== 'draft' && other.evidence_hints !== round.evidence_hints)
    .map((other) => ({ value: String(other.id), label: `${other.name} (hints ${other.evidence_hints ? 'on' : 'off'})` }));
}
