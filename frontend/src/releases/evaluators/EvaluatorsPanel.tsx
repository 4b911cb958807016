import { Alert, List, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';

import { api } from '../../api/client';
import { LoadStatus } from '../../admin/LoadStatus';
import { useLoad } from '../../admin/useLoad';
import { BeyondAccuracy } from './BeyondAccuracy';
import { CompareEvaluators } from './CompareEvaluators';
import { figureText } from './format';
import { LeaderboardTable, TableDownloads } from './LeaderboardTable';
import { TypeRecallChart } from './TypeRecallChart';
import { isLevel, type Leaderboard, type Run } from './types';
import { UploadRun } from './UploadRun';

/** A published release's evaluators (docs/evaluation.md): upload runs, read the leaderboard
 * with intervals, compare two, recall per error type, download the table for a paper. */
export function EvaluatorsPanel({ releaseId, version }: { releaseId: number; version: string }) {
  const runsUrl = `/api/releases/${releaseId}/evaluator-runs/`;
  const boardUrl = `/api/releases/${releaseId}/leaderboard/`;
  const runs = useLoad(runsUrl, (signal) => api.get<{ runs: Run[] }>(runsUrl, signal));
  const board = useLoad(boardUrl, (signal) => api.get<Leaderboard>(boardUrl, signal));
  const [level, setLevel] = useState<'sentence' | 'summary'>('sentence');

  function reload() {
    runs.reload();
    board.reload();
  }

  return (
    <Stack gap="lg">
      <UploadRun releaseId={releaseId} onStored={reload} />
      <LoadStatus state={runs.state} what="the runs" onRetry={runs.reload} />
      {runs.state.status === 'ready' && runs.state.data.runs.length > 0 && (
        <Table fz="sm" withTableBorder aria-label={`Runs on ${version}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Evaluator</Table.Th>
              <Table.Th scope="col">Run</Table.Th>
              <Table.Th scope="col">Predictions</Table.Th>
              <Table.Th scope="col">Sentences</Table.Th>
              <Table.Th scope="col">Summaries</Table.Th>
              <Table.Th scope="col">File</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.state.data.runs.map((run) => (
              <Table.Tr key={run.id}>
                <Table.Td>
                  {run.evaluator} ({run.kind})
                </Table.Td>
                <Table.Td>{run.run}</Table.Td>
                <Table.Td>{run.predictions}</Table.Td>
                <Table.Td>{run.sentences}</Table.Td>
                <Table.Td>{run.summaries}</Table.Td>
                <Table.Td>{run.source_name}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <LoadStatus state={board.state} what="the leaderboard" onRetry={board.reload} />
      {board.state.status === 'ready' && <Board releaseId={releaseId} version={version} board={board.state.data} level={level} onLevel={setLevel} />}
    </Stack>
  );
}

function Board({
  releaseId,
  version,
  board,
  level,
  onLevel,
}: {
  releaseId: number;
  version: string;
  board: Leaderboard;
  level: 'sentence' | 'summary';
  onLevel: (level: 'sentence' | 'summary') => void;
}) {
  if (board.evaluators.length === 0) {
    return <Text c="dimmed">No evaluator runs on {version} yet: upload one above.</Text>;
  }
  const shown = board.levels[level];
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Level"
        value={level}
        onChange={(value) => onLevel(value === 'summary' ? 'summary' : 'sentence')}
        data={[
          { value: 'sentence', label: 'Sentences' },
          { value: 'summary', label: 'Summaries' },
        ]}
        w={260}
      />
      {!isLevel(shown) ? (
        <Alert color="gray">{shown?.error ?? `No run predicts the ${level} level.`}</Alert>
      ) : (
        <>
          <Text size="sm">
            {shown.protocol === 'dev_test'
              ? `Thresholds tuned on the dev split (${shown.tuned_on} records), figures measured on test (${shown.measured_on} records in ${shown.documents} documents).`
              : `No dev/test split: thresholds tuned and measured on all ${shown.measured_on} records (optimistic).`}{' '}
            Intervals: {Math.round(shown.confidence * 100)}% bootstrap, {shown.n_resamples} resamples of documents. Inconsistent is the positive class.
          </Text>
          {shown.warning !== null && (
            <Alert color="orange" title="Few documents">
              {shown.warning}
            </Alert>
          )}
          {Object.keys(shown.unscored).length > 0 && (
            <Alert color="orange" title="Not scored at this level">
              <List size="sm">
                {Object.entries(shown.unscored).map(([name, why]) => (
                  <List.Item key={name}>
                    {name}: {why}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          <LeaderboardTable level={shown} caption={`Evaluators on ${version}, ${level} level`} />
          <TableDownloads releaseId={releaseId} level={level} />
          <Title order={3} size="h5">
            Compare two evaluators
          </Title>
          <CompareEvaluators level={shown} />
          <Title order={3} size="h5">
            Recall per error type
          </Title>
          <TypeRecallChart level={shown} />
          {Object.keys(board.self_agreement).length > 0 && (
            <>
              <Title order={3} size="h5">
                Self-agreement across runs
              </Title>
              <Table fz="sm" withTableBorder aria-label="Self-agreement across runs">
                <Table.Tbody>
                  {Object.entries(board.self_agreement).map(([name, levels]) => {
                    const agreement = levels[level];
                    if (!agreement) return null;
                    return (
                      <Table.Tr key={name}>
                        <Table.Th scope="row">{name}</Table.Th>
                        <Table.Td>
                          {agreement.coefficient === 'cohen_kappa' ? "Cohen's κ" : "Fleiss' κ"} over {agreement.runs} runs: {figureText(agreement)}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </>
          )}
        </>
      )}
      <BeyondAccuracy board={board} releaseId={releaseId} level={level} />
      <ExplanationShares shares={board.explanations_same} />
    </Stack>
  );
}

/** What explanation rounds found (docs/evaluation.md, "Explanation meta-annotation"). */
function ExplanationShares({ shares }: { shares: Leaderboard['explanations_same'] }) {
  const rows = Object.entries(shares);
  if (rows.length === 0) return null;
  return (
    <>
      <Title order={3} size="h5">
        Explanations judged the same error
      </Title>
      <Table fz="sm" withTableBorder aria-label="Explanations judged the same error">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Evaluator</Table.Th>
            <Table.Th scope="col">Same error (share, interval)</Table.Th>
            <Table.Th scope="col">Verdicts</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([name, share]) => (
            <Table.Tr key={name}>
              <Table.Th scope="row">{name}</Table.Th>
              <Table.Td>{figureText(share)}</Table.Td>
              <Table.Td>{share.n}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
