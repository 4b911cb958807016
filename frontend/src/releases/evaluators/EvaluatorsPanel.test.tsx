import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { job } from '../../test/adminFixtures';
import { fakeServer } from '../../test/fakeServer';
import { renderWithProviders } from '../../test/render';
import { answer } from '../../test/answer';
import { EvaluatorsPanel } from './EvaluatorsPanel';
import type { EvaluatorEntry, Leaderboard } from './types';

function figure(value: number, spread = 0.05) {
  return { value, low: value - spread, high: value + spread };
}

function entry(accuracy: number, threshold: number | null): EvaluatorEntry {
  return {
    kind: threshold === null ? 'label' : 'score',
    threshold,
    tuned_balanced_accuracy: threshold === null ? null : accuracy,
    balanced_accuracy: figure(accuracy),
    fpr: figure(1 - accuracy),
    fnr: figure(0.2),
    precision: figure(0.6),
    recall: figure(0.8),
    f1: figure(0.69),
    auc: threshold === null ? null : figure(0.9),
    confusion: { tp: 8, fp: 3, fn: 2, tn: 37 },
    type_recall: { 'Extrinsic Information': { records: 6, ...figure(0.5) } },
    by: {},
  };
}

const BOARD: Leaderboard = {
  release: 'demo@1.0.0',
  evaluators: [
    { name: 'AlignScore', kind: 'metric', runs: [1], scored_run: 1, predictions: 'score' },
    { name: 'GPT-4', kind: 'llm', runs: [1, 2], scored_run: 1, predictions: 'label' },
  ],
  levels: {
    sentence: {
      protocol: 'dev_test',
      tuned_on: 40,
      measured_on: 50,
      documents: 3,
      warning: 'Only 3 documents measured: bootstrap intervals and p-values resample documents, and mean little with so few.',
      n_resamples: 1000,
      confidence: 0.95,
      seed: 0,
      evaluators: { AlignScore: entry(0.61, 0.42), 'GPT-4': entry(0.83, null) },
      unscored: {},
      comparisons: [
        { a: 'AlignScore', b: 'GPT-4', value: -0.22, low: -0.3, high: -0.1, p_value: 0.004, testable: true, note: null },
      ],
    },
    summary: { error: 'no summary-level predictions' },
  },
  self_agreement: { 'GPT-4': { sentence: { coefficient: 'cohen_kappa', runs: 2, records: 50, value: 0.7, low: 0.6, high: 0.8 } } },
  explanations_same: { 'GPT-4': { value: 0.75, low: 0.5, high: 1, n: 8 } },
  correlations: { faithfulness: null, completeness: null, conciseness: null, acu_score: null },
  strata: {},
  spans: {},
  key_facts: {},
  acus: {},
  error_type_accuracy: {},
  success: {},
};

const coefficients = { pearson: figure(0.61), spearman: figure(0.58), kendall: figure(0.44) };

const BEYOND: Leaderboard = {
  ...BOARD,
  correlations: {
    faithfulness: {
      evaluators: {
        AlignScore: {
          summary_level: {
            pearson: { ...figure(0.61), documents: 12 },
            spearman: { ...figure(0.58), documents: 12 },
            kendall: { ...figure(0.44), documents: 11 },
          },
          system_level: { ...coefficients, kendall: figure(0.8) },
          summaries: 60,
          documents: 12,
          systems: 5,
        },
      },
    },
    completeness: null,
    conciseness: null,
    acu_score: null,
  },
  strata: {
    sentence: {
      corpus: {},
      system_category: {
        SOTA: {
          protocol: 'dev_test',
          tuned_on: 20,
          measured_on: 30,
          documents: 6,
          warning: null,
          evaluators: { AlignScore: { threshold: 0.55, tuned_balanced_accuracy: 0.7, balanced_accuracy: figure(0.66) } },
          unscored: { SummaC: 'no consistent record to tune a threshold on: the dev records need both labels' },
        },
        OLD: { error: 'no record to measure on' },
      },
    },
  },
  spans: {
    'GPT-4': {
      all: { exact: figure(0.4), overlap: figure(0.7), gold_spans: 10, predicted_spans: 12 },
      'Circumstantial Inference': { exact: figure(0.3), overlap: figure(0.6), gold_spans: 4, predicted_spans: 5 },
    },
  },
  key_facts: { 'GPT-4': { accuracy: figure(0.85), pairs: 40, mismatched_summaries: 0 } },
  acus: {},
  error_type_accuracy: { 'GPT-4': { match: figure(0.5), exact: figure(0.25), sentences: 8 } },
  success: {
    AlignScore: { sentence: { records: 50, abstained: 0, ratio: 1 }, summary: { records: 0, abstained: 0, ratio: null } },
    'GPT-4': { sentence: { records: 50, abstained: 2, ratio: 0.96 }, summary: { records: 0, abstained: 0, ratio: null } },
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('the evaluators of a release', () => {
  it('ranks them with intervals, compares two, and links the tables', async () => {
    fakeServer({
      'GET /api/releases/7/evaluator-runs/': () => answer('GET /api/releases/{release_id}/evaluator-runs/', 200, { runs: [] }),
      'GET /api/releases/7/leaderboard/': () => answer('GET /api/releases/{release_id}/leaderboard/', 200, { ...BOARD }),
    });
    renderWithProviders(<EvaluatorsPanel releaseId={7} version="1.0.0" />);
    const table = await screen.findByRole('table', { name: 'Evaluators on 1.0.0, sentence level' });
    const rows = within(table).getAllByRole('row');
    // Best balanced accuracy first; a label needs no threshold.
    expect(rows[1]).toHaveTextContent('GPT-4label0.830 [0.780, 0.880]');
    expect(rows[2]).toHaveTextContent('AlignScore0.420');
    // Sorting by FPR puts the lowest first.
    await userEvent.click(within(table).getByRole('button', { name: /FPR/ }));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('GPT-4');
    expect(screen.getByText(/AlignScore − GPT-4, balanced accuracy/)).toBeInTheDocument();
    expect(screen.getByText(/-0.220 \[-0.300, -0.100\]; paired bootstrap p = 0.004/)).toBeInTheDocument();
    // Swapping the two flips the sign of the difference and its interval.
    await userEvent.selectOptions(screen.getByLabelText('Evaluator A'), 'GPT-4');
    await userEvent.selectOptions(screen.getByLabelText('Evaluator B'), 'AlignScore');
    expect(screen.getByText(/0.220 \[0.100, 0.300\]; paired bootstrap p = 0.004/)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Confusion matrix of GPT-4' })).toHaveTextContent('inconsistent82');
    expect(screen.getByText(/Only 3 documents measured/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'LaTeX' })).toHaveAttribute('href', '/api/releases/7/leaderboard.tex?level=sentence');
    expect(screen.getByRole('table', { name: 'Recall per error type' })).toHaveTextContent('Extrinsic Information (6)0.500');
    expect(screen.getByRole('table', { name: 'Self-agreement across runs' })).toHaveTextContent("GPT-4Cohen's κ over 2 runs: 0.700 [0.600, 0.800]");
    expect(screen.getByRole('table', { name: 'Explanations judged the same error' })).toHaveTextContent('GPT-40.750 [0.500, 1.000]8');
    await userEvent.click(screen.getByRole('radio', { name: 'Summaries' }));
    expect(screen.getByText('no summary-level predictions')).toBeInTheDocument();
  });

  it('names the evaluator a level could not score and why, and still ranks the others', async () => {
    const sentence = BOARD.levels.sentence;
    if (sentence === null || !('protocol' in sentence)) throw new Error('the fixture has sentence figures');
    const board: Leaderboard = {
      ...BOARD,
      levels: {
        ...BOARD.levels,
        sentence: {
          ...sentence,
          unscored: { SummaC: 'no consistent record to tune a threshold on: the dev records need both labels' },
        },
      },
    };
    fakeServer({
      'GET /api/releases/7/evaluator-runs/': () => answer('GET /api/releases/{release_id}/evaluator-runs/', 200, { runs: [] }),
      'GET /api/releases/7/leaderboard/': () => answer('GET /api/releases/{release_id}/leaderboard/', 200, board),
    });
    renderWithProviders(<EvaluatorsPanel releaseId={7} version="1.0.0" />);
    const table = await screen.findByRole('table', { name: 'Evaluators on 1.0.0, sentence level' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const alert = screen.getAllByRole('alert').find((element) => element.textContent?.includes('Not scored at this level'));
    expect(alert).toHaveTextContent('SummaC: no consistent record to tune a threshold on');
  });

  it('shows correlations, thresholds per stratum, span-F1 and the other figures with their downloads', async () => {
    fakeServer({
      'GET /api/releases/7/evaluator-runs/': () => answer('GET /api/releases/{release_id}/evaluator-runs/', 200, { runs: [] }),
      'GET /api/releases/7/leaderboard/': () => answer('GET /api/releases/{release_id}/leaderboard/', 200, BEYOND),
    });
    renderWithProviders(<EvaluatorsPanel releaseId={7} version="1.0.0" />);
    const correlations = await screen.findByRole('table', { name: 'Correlations: Faithfulness (share of consistent sentences)' });
    const rows = within(correlations).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('AlignScoreSummary0.610 [0.560, 0.660]0.580 [0.530, 0.630]0.440 [0.390, 0.490]12 documents');
    expect(rows[2]).toHaveTextContent('AlignScoreSystem0.610 [0.560, 0.660]0.580 [0.530, 0.630]0.800 [0.750, 0.850]5 summarizers');
    // Aspects the release has no human scores for are not shown.
    expect(screen.queryByRole('table', { name: /Completeness/ })).toBeNull();
    const strata = screen.getByRole('table', { name: 'Thresholds per Summarizer category' });
    expect(strata).toHaveTextContent('SOTAAlignScore0.5500.660 [0.610, 0.710]tuned on dev, measured on test (30 records)');
    expect(strata).toHaveTextContent('OLDno record to measure on');
    // An evaluator whose threshold cannot be tuned on a stratum says why; the others keep theirs.
    expect(strata).toHaveTextContent('SOTASummaCnot scored: no consistent record to tune a threshold on');
    expect(screen.queryByRole('table', { name: 'Thresholds per Corpus' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Span-F1 per error category' })).toHaveTextContent('GPT-4Circumstantial Inference0.300 [0.250, 0.350]0.600 [0.550, 0.650]45');
    const facts = screen.getByRole('table', { name: 'Key facts, atomic facts, error types and success ratio' });
    expect(facts).toHaveTextContent('GPT-40.850 [0.800, 0.900] over 40 pairs–0.500 [0.450, 0.550] / 0.250 [0.200, 0.300] over 8 sentences96.0% (2 abstained)–');
    expect(screen.getByRole('link', { name: 'Correlations as CSV' })).toHaveAttribute('href', '/api/releases/7/leaderboard.csv?analysis=correlations');
    expect(screen.getByRole('link', { name: 'Thresholds per stratum as LaTeX' })).toHaveAttribute('href', '/api/releases/7/leaderboard.tex?analysis=strata');
    expect(screen.getByRole('link', { name: 'Span-F1 as CSV' })).toHaveAttribute('href', '/api/releases/7/leaderboard.csv?analysis=spans');
  });

  it('uploads a run and shows the refusal that names the line', async () => {
    const server = fakeServer({
      'GET /api/releases/7/evaluator-runs/': () => answer('GET /api/releases/{release_id}/evaluator-runs/', 200, { runs: [] }),
      'GET /api/releases/7/leaderboard/': () => answer('GET /api/releases/{release_id}/leaderboard/', 200, { ...BOARD, evaluators: [] }),
      'POST /api/releases/7/evaluator-runs/': () => answer('POST /api/releases/{release_id}/evaluator-runs/', 202, { job: 31 }),
      'GET /api/admin/jobs/31/': () =>
        answer('GET /api/admin/jobs/{job_id}/', 200, job({ id: 31, kind: 'evaluator_upload', status: 'failed', progress: 0, message: 'failed', error: "bad.csv, line 2, field record_id: 'x' is not a record of this release" })),
    });
    renderWithProviders(<EvaluatorsPanel releaseId={7} version="1.0.0" />);
    expect(await screen.findByText(/No evaluator runs on 1.0.0 yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose the predictions file.');
    await userEvent.type(screen.getByLabelText('Evaluator'), 'GPT-4');
    // Mantine's FileInput is a styled button over a hidden file input.
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['record_id,label\nx,1\n'], 'bad.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent("bad.csv, line 2, field record_id: 'x' is not a record"), { timeout: 4000 });
    expect(server.requests.some((request) => request.method === 'POST')).toBe(true);
  });
});
