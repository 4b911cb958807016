import { Alert, Anchor, Button, Group, SegmentedControl, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceLine,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
  ZAxis,
} from 'recharts';
import { Link, useParams } from 'react-router';

import { AdminSection } from '../AdminSection';
import { formatDateTime, formatPercent, formatStat } from '../format';
import { LoadStatus } from '../LoadStatus';
import { adminPaths } from '../paths';
import { useLoad } from '../useLoad';
import { getJudges, recomputeJudges, type JudgeLevel, type JudgeRun, type JudgesResponse, type JudgeTrend } from './api';

/** The page asks again this often: new submissions and adjudications show without a button. */
export const JUDGES_REFRESH_MS = 30_000;
/** While the server computes the figures of new labels, it asks again sooner. */
export const JUDGES_STALE_REFRESH_MS = 3_000;

type Level = 'sentence' | 'summary';
const LEVEL_WORDS: Record<Level, string> = { sentence: 'Sentences', summary: 'Summaries' };

function figureWithInterval(figure: { value: number | null; low: number | null; high: number | null } | null | undefined) {
  if (!figure || figure.value === null) return '—';
  if (figure.low === null || figure.high === null) return formatStat(figure.value);
  return `${formatStat(figure.value)} (${formatStat(figure.low)} to ${formatStat(figure.high)})`;
}

function splitWords(split: JudgesResponse['split']): string {
  if (split.method === 'corpus') return "the corpus's own dev and test documents";
  return `a seeded share of documents: ${formatPercent(split.dev ?? 0)} in dev (seed ${split.seed ?? 0}), the rest in test`;
}

/** "2 minutes ago": how old the shown figures are, in words a person reads at a glance. */
export function ago(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return 'just now';
  const [amount, unit] =
    seconds < 3600
      ? [Math.floor(seconds / 60), 'minute']
      : seconds < 86_400
        ? [Math.floor(seconds / 3600), 'hour']
        : [Math.floor(seconds / 86_400), 'day'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'} ago`;
}

/** Where the figures stand: when they were computed and whether newer ones are on their way. */
function statusWords(report: JudgesResponse): string {
  const computed = report.computed_at === null ? null : `computed ${ago(report.computed_at)}`;
  if (report.state === 'failed') {
    return `${computed ?? 'Not computed yet'} · the last recompute failed: ${report.error}`;
  }
  const updating =
    report.state === 'running' ? `updating (${report.progress}%)…` : report.stale ? 'updating…' : null;
  if (computed === null) return updating === null ? 'No figures yet.' : `Computing the first figures · ${updating}`;
  return updating === null ? `Figures ${computed} (${formatDateTime(report.computed_at)}).` : `Figures ${computed} · ${updating}`;
}

function protocolWords(level: JudgeLevel): string {
  return level.protocol === 'dev_test'
    ? `threshold tuned on ${level.tuned_on} dev records, figures measured on ${level.measured_on} test records`
    : `no dev and test documents to split: threshold tuned and measured on the same ${level.measured_on} records (optimistic)`;
}

/** `/app/admin/projects/:slug/judges` — each model run scored live against the experts' gold. */
export function JudgesPage({
  refreshMs = JUDGES_REFRESH_MS,
  staleRefreshMs = JUDGES_STALE_REFRESH_MS,
}: {
  refreshMs?: number;
  staleRefreshMs?: number;
}) {
  const slug = useParams().slug ?? '';
  const { state, reload, refresh } = useLoad(slug, (signal) => getJudges(slug, signal));
  const [level, setLevel] = useState<Level>('sentence');
  const [asking, setAsking] = useState(false);
  const [askError, setAskError] = useState<string | null>(null);
  const stale = state.status === 'ready' && state.data.stale;
  const recompute = async () => {
    setAsking(true);
    setAskError(null);
    try {
      await recomputeJudges(slug);
      await refresh();
    } catch (error) {
      setAskError(error instanceof Error ? error.message : String(error));
    } finally {
      setAsking(false);
    }
  };
  useEffect(() => {
    const timer = setInterval(() => void refresh(), stale ? staleRefreshMs : refreshMs);
    return () => clearInterval(timer);
  }, [refresh, refreshMs, staleRefreshMs, stale]);

  if (state.status !== 'ready') return (
      <LoadStatus
        state={state}
        what="the judges"
        onRetry={reload}
        notFoundText="No such project where you administer or research."
      />
    );
  const report = state.data;
  // Before any figure: no run to score (nothing queued), or the first recompute on its way.
  const noRunYet = report.ready || (report.state === 'done' && !report.stale);
  return (
    <Stack gap="lg">
      <div>
        <Text size="sm" c="dimmed">
          <Anchor component={Link} to={adminPaths.project(report.project.slug)}>
            {report.project.name}
          </Anchor>
        </Text>
        <Title order={1} size="h2">
          Judges
        </Title>
        {report.ready && (
          <Text size="sm" mt="xs">
            Each model run on the corpus, scored against the current gold of{' '}
            {report.rounds.length === 0 ? 'no round yet' : report.rounds.map((r) => r.name).join(', ')}:{' '}
            {report.gold.sentences} sentences ({report.gold.inconsistent_sentences} inconsistent) and{' '}
            {report.gold.summaries} summaries. Gold is {report.gold.rule}. A score's threshold is tuned on{' '}
            {splitWords(report.split)}. The figures are recomputed by themselves as units are submitted and
            adjudicated, and this page shows them when they land.
          </Text>
        )}
        <Group gap="sm" mt="xs">
          <Text size="sm" c={report.state === 'failed' ? 'red' : 'dimmed'} role="status">
            {statusWords(report)}
          </Text>
          {report.can_recompute && (
            <Button size="compact-sm" variant="light" onClick={() => void recompute()} loading={asking}>
              Recompute now
            </Button>
          )}
        </Group>
        {askError !== null && (
          <Alert color="red" mt="xs" title="Could not recompute">
            {askError}
          </Alert>
        )}
      </div>
      <SegmentedControl
        aria-label="Level"
        value={level}
        onChange={(value) => setLevel(value as Level)}
        data={(['sentence', 'summary'] as const).map((value) => ({ value, label: LEVEL_WORDS[value] }))}
        w="fit-content"
      />
      {report.runs.length === 0 ? (
        noRunYet && <Alert color="gray" title="No model run yet">
          Upload an evaluator's run on the corpus to see how it agrees with the experts.
        </Alert>
      ) : (
        <>
          <AdminSection title="All runs">{(headingId) => <RunsTable runs={report.runs} level={level} labelledBy={headingId} />}</AdminSection>
          {report.trends
            .filter((trend) => trend.points.length > 1)
            .map((trend) => (
              <AdminSection key={trend.evaluator} title={`${trend.evaluator} across versions`}>
                {() => <TrendChart trend={trend} level={level} />}
              </AdminSection>
            ))}
          {report.runs.map((run) => (
            <AdminSection key={run.id} title={`${run.evaluator} ${run.version}`}>
              {() => <RunDetail run={run} level={level} slug={report.project.slug} />}
            </AdminSection>
          ))}
        </>
      )}
    </Stack>
  );
}

function RunsTable({ runs, level, labelledBy }: { runs: JudgeRun[]; level: Level; labelledBy: string }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped aria-labelledby={labelledBy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Model</Table.Th>
            <Table.Th scope="col">Version</Table.Th>
            <Table.Th scope="col">Gives</Table.Th>
            <Table.Th scope="col">Gold records predicted</Table.Th>
            <Table.Th scope="col">Abstained</Table.Th>
            <Table.Th scope="col">Cohen's kappa</Table.Th>
            <Table.Th scope="col">Balanced accuracy (95% interval)</Table.Th>
            <Table.Th scope="col">Calibration error</Table.Th>
            <Table.Th scope="col">Disagreements</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => {
            const figures = run.levels[level];
            return (
              <Table.Tr key={run.id}>
                <Table.Th scope="row">{run.evaluator}</Table.Th>
                <Table.Td>{run.version}</Table.Td>
                <Table.Td>{run.kind === 'score' ? 'scores' : 'labels'}</Table.Td>
                <Table.Td>{figures ? `${figures.predicted} of ${figures.gold_records}` : 'none'}</Table.Td>
                <Table.Td>{run.abstained}</Table.Td>
                <Table.Td>{figures ? formatStat(figures.kappa) : '—'}</Table.Td>
                <Table.Td>{figures ? figureWithInterval(figures.balanced_accuracy) : '—'}</Table.Td>
                <Table.Td>{figures?.ece == null ? '—' : formatStat(figures.ece)}</Table.Td>
                <Table.Td>{figures ? figures.disagreements : '—'}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TrendChart({ trend, level }: { trend: JudgeTrend; level: Level }) {
  const data = trend.points.map((point) => ({
    version: point.version,
    balanced: point[level]?.balanced_accuracy ?? null,
    kappa: point[level]?.kappa ?? null,
  }));
  const described = data
    .map((p) => `${p.version}: balanced accuracy ${formatStat(p.balanced)}, kappa ${formatStat(p.kappa)}`)
    .join('; ');
  return (
    <div role="img" aria-label={`${trend.evaluator} by version. ${described}.`}>
      <LineChart width={420} height={170} data={data} margin={{ top: 8, right: 12, bottom: 0, left: -12 }} accessibilityLayer={false}>
        <CartesianGrid stroke="#e9ecef" vertical={false} />
        <XAxis dataKey="version" tick={{ fontSize: 11 }} />
        <YAxis domain={[0, 1]} ticks={[0, 0.5, 1]} tick={{ fontSize: 11 }} />
        <Tooltip formatter={(value) => formatStat(typeof value === 'number' ? value : null)} />
        <Line name="Balanced accuracy" dataKey="balanced" stroke="#4c6ef5" strokeWidth={2} connectNulls isAnimationActive={false} />
        <Line name="Kappa" dataKey="kappa" stroke="#e8590c" strokeWidth={2} strokeDasharray="5 4" connectNulls isAnimationActive={false} />
      </LineChart>
      <Text size="xs" c="dimmed">
        Solid: balanced accuracy. Dashed: Cohen's kappa.
      </Text>
    </div>
  );
}

function RunDetail({ run, level, slug }: { run: JudgeRun; level: Level; slug: string }) {
  const figures = run.levels[level];
  if (!figures) return <Text size="sm">This run predicts no gold {level === 'sentence' ? 'sentence' : 'summary'} yet.</Text>;
  return (
    <Stack gap="md">
      <Text size="sm">
        Uploaded {formatDateTime(run.created_at)}; {protocolWords(figures)}
        {figures.threshold === null ? '.' : `: flags a score below ${figures.threshold.toFixed(3)}.`}
        {figures.warning ? ` ${figures.warning}` : ''}
      </Text>
      <Group align="flex-start" gap="xl">
        <ConfusionCounts figures={figures} />
        <TypeRecall figures={figures} />
        {figures.reliability ? (
          <ReliabilityChart figures={figures} name={`${run.evaluator} ${run.version}`} />
        ) : figures.calibration_note ? (
          <Text size="sm">No calibration: {figures.calibration_note}.</Text>
        ) : null}
      </Group>
      <Disagreements figures={figures} slug={slug} />
    </Stack>
  );
}

function ConfusionCounts({ figures }: { figures: JudgeLevel }) {
  const { tp, fp, fn, tn } = figures.confusion;
  return (
    <Table withTableBorder withColumnBorders w="auto" fz="sm">
      <Table.Caption>Model calls against the gold</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Td />
          <Table.Th scope="col">Model: inconsistent</Table.Th>
          <Table.Th scope="col">Model: consistent</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">Gold: inconsistent</Table.Th>
          <Table.Td ta="center">{tp}</Table.Td>
          <Table.Td ta="center">{fn}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Gold: consistent</Table.Th>
          <Table.Td ta="center">{fp}</Table.Td>
          <Table.Td ta="center">{tn}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function TypeRecall({ figures }: { figures: JudgeLevel }) {
  const types = Object.entries(figures.type_recall);
  if (types.length === 0) return null;
  return (
    <Table withTableBorder w="auto" fz="sm">
      <Table.Caption>Errors found, by gold error type</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Error type</Table.Th>
          <Table.Th scope="col">Gold errors</Table.Th>
          <Table.Th scope="col">Found (recall)</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {types.map(([name, recall]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row">{name}</Table.Th>
            <Table.Td>{recall.records}</Table.Td>
            <Table.Td>{formatPercent(recall.value)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ReliabilityChart({ figures, name }: { figures: JudgeLevel; name: string }) {
  const points = (figures.reliability ?? [])
    .filter((bin) => bin.records > 0 && bin.mean_score !== null && bin.observed !== null)
    .map((bin) => ({ score: bin.mean_score ?? 0, observed: bin.observed ?? 0, records: bin.records }));
  const described = points
    .map((p) => `mean score ${formatStat(p.score)}: ${formatPercent(p.observed)} consistent of ${p.records}`)
    .join('; ');
  return (
    <div
      role="img"
      aria-label={`Reliability of ${name}: calibration error ${formatStat(figures.ece)}. ${described}.`}
    >
      <ScatterChart width={260} height={220} margin={{ top: 8, right: 12, bottom: 12, left: -12 }} accessibilityLayer={false}>
        <CartesianGrid stroke="#e9ecef" />
        <XAxis type="number" dataKey="score" name="Mean score" domain={[0, 1]} ticks={[0, 0.5, 1]} tick={{ fontSize: 11 }} />
        <YAxis type="number" dataKey="observed" name="Share consistent" domain={[0, 1]} ticks={[0, 0.5, 1]} tick={{ fontSize: 11 }} />
        <ZAxis type="number" dataKey="records" range={[30, 200]} name="Records" />
        <ReferenceLine
          segment={[
            { x: 0, y: 0 },
            { x: 1, y: 1 },
          ]}
          stroke="#868e96"
          strokeDasharray="4 4"
        />
        <Tooltip formatter={(value) => (typeof value === 'number' ? formatStat(value) : String(value))} />
        <Scatter data={points} fill="#4c6ef5" isAnimationActive={false} />
      </ScatterChart>
      <Text size="xs" c="dimmed">
        Calibration error {formatStat(figures.ece)}: dots on the dashed line are perfectly calibrated.
      </Text>
    </div>
  );
}

function Disagreements({ figures, slug }: { figures: JudgeLevel; slug: string }) {
  if (figures.disagreements === 0) return <Text size="sm">The model agrees with the gold on every record.</Text>;
  const shown = figures.disagreement_list;
  return (
    <div>
      <Title order={3} size="h5" mb="xs">
        Where the model and the experts disagree ({figures.disagreements}
        {shown.length < figures.disagreements ? `, the first ${shown.length} shown` : ''})
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table fz="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Document</Table.Th>
              <Table.Th scope="col">Sentence</Table.Th>
              <Table.Th scope="col">Gold</Table.Th>
              <Table.Th scope="col">Model</Table.Th>
              <Table.Th scope="col">Unit</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((item) => (
              <Table.Tr key={`${item.summary}-${item.sentence_position ?? 'summary'}`}>
                <Table.Td>{item.document}</Table.Td>
                <Table.Td>{item.text ?? 'the whole summary'}</Table.Td>
                <Table.Td>{item.gold}</Table.Td>
                <Table.Td>{item.model}</Table.Td>
                <Table.Td>
                  {item.round === null ? (
                    '—'
                  ) : (
                    <Anchor component={Link} to={adminPaths.disagreement(item.round, item.topic, slug)}>
                      Open the unit <VisuallyHidden>of {item.document}</VisuallyHidden>
                    </Anchor>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
