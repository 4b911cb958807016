import { screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { answer, type Body } from '../../test/answer';
import { fakeServer } from '../../test/fakeServer';
import { renderWithProviders } from '../../test/render';
import { JudgesPage } from './JudgesPage';

type Judges = Body<'GET /api/projects/{slug}/judges/', 200>;
const figure = (value: number) => ({ value, low: value - 0.05, high: value + 0.05 });

function level(disagreements: number): NonNullable<Judges['runs'][number]['levels'][string]> {
  return {
    balanced_accuracy: figure(0.8),
    fpr: figure(0.1),
    fnr: figure(0.3),
    precision: figure(0.7),
    recall: figure(0.7),
    f1: figure(0.7),
    kind: 'score',
    threshold: 0.42,
    tuned_balanced_accuracy: 0.82,
    by: {},
    auc: figure(0.85),
    type_recall: { Contradiction: { records: 4, value: 0.75, low: 0.5, high: 1 } },
    confusion: { tp: 7, fp: 2, fn: 3, tn: 18 },
    predicted: 30,
    gold_records: 32,
    protocol: 'dev_test',
    tuned_on: 12,
    measured_on: 30,
    documents: 9,
    warning: null,
    kappa: 0.61,
    ece: 0.08,
    reliability: [
      { lower: 0, upper: 0.5, records: 10, mean_score: 0.2, observed: 0.3 },
      { lower: 0.5, upper: 1, records: 20, mean_score: 0.8, observed: 0.9 },
    ],
    calibration_note: null,
    disagreements,
    disagreement_list: Array.from({ length: disagreements }, (_, i) => ({
      gold: 'inconsistent',
      model: 'consistent',
      value: 0.9,
      split: 'test',
      topic: 5,
      summary: 10 + i,
      document: 'NPR-12',
      round: 3,
      sentence_position: 0,
      text: `Aid arrived on Monday (${i}).`,
    })),
  };
}

function judges(disagreements: number): Judges {
  const run = (version: string) => ({
    id: version === 'v1' ? 1 : 2,
    evaluator: 'SummaC',
    version,
    kind: 'score' as const,
    created_at: '2026-11-27T10:00:00Z',
    sentences: 32,
    summaries: 0,
    abstained: 2,
    levels: { sentence: level(disagreements), summary: null },
  });
  return {
    project: { slug: 'tofu', name: 'TofuEval study' },
    rounds: [{ id: 3, name: 'Pilot 1', kind: 'pilot' }],
    gold: { rule: 'adjudicated, else majority', sentences: 32, summaries: 10, inconsistent_sentences: 10, type_min_count: 2 },
    split: { method: 'document', dev: 0.3, seed: 0 },
    n_resamples: 1000,
    ready: true,
    computed_at: new Date(Date.now() - 150_000).toISOString(),
    stale: disagreements === 1,
    state: disagreements === 1 ? 'queued' : 'done',
    progress: 0,
    error: '',
    can_recompute: true,
    runs: [run('v1'), run('v2')],
    trends: [
      {
        evaluator: 'SummaC',
        points: ['v1', 'v2'].map((version) => ({
          version,
          created_at: '2026-11-27T10:00:00Z',
          sentence: { balanced_accuracy: 0.8, kappa: 0.61, ece: 0.08 },
          summary: null,
        })),
      },
    ],
  };
}

describe('the Judges page', () => {
  it('shows each run against the gold in words and refreshes itself', async () => {
    let calls = 0;
    fakeServer({
      'GET /api/projects/tofu/judges/': () => {
        calls += 1;
        return answer('GET /api/projects/{slug}/judges/', 200, judges(calls <= 2 ? 1 : 2));
      },
    });
    renderWithProviders(
      <MemoryRouter initialEntries={['/app/admin/projects/tofu/judges']}>
        <Routes>
          <Route path="/app/admin/projects/:slug/judges" element={<JudgesPage refreshMs={60_000} staleRefreshMs={5000} />} />
        </Routes>
      </MemoryRouter>,
    );
    const runs = await screen.findByRole('table', { name: 'All runs' });
    expect(within(runs).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('Figures computed 2 minutes ago · updating…');
    expect(runs).toHaveTextContent('SummaCv1scores30 of 3220.61');
    expect(screen.getByText(/30% in dev \(seed 0\)/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^SummaC by version\. v1: balanced accuracy 0\.80, kappa 0\.61/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Reliability of SummaC v1: calibration error 0\.08/ })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'SummaC v1' });
    expect(within(section).getByRole('table', { name: 'Model calls against the gold' })).toHaveTextContent(
      'Gold: inconsistent73Gold: consistent218',
    );
    expect(within(section).getAllByRole('link', { name: 'Open the unit of NPR-12' })[0]).toHaveAttribute(
      'href',
      '/app/admin/rounds/3/disagreements/5?project=tofu',
    );
    // No button: the next answer comes by itself.
    expect(await within(section).findByText(/\(2\)$/, undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(calls).toBeGreaterThan(1);
    expect(screen.getByRole('status')).toHaveTextContent(/^Figures computed 2 minutes ago \(/);
  }, 60_000);

  it('shows the first figures on their way, a failure, and recomputes for an admin', async () => {
    let state: 'running' | 'failed' | 'done' = 'running';
    let asked = 0;
    fakeServer({
      'GET /api/projects/tofu/judges/': () =>
        answer('GET /api/projects/{slug}/judges/', 200, {
          ...judges(2),
          ...(state === 'done'
            ? {}
            : { ready: false, computed_at: null, runs: [], trends: [], stale: state === 'running' }),
          state,
          progress: state === 'running' ? 40 : 0,
          error: state === 'failed' ? 'The worker stopped.' : '',
        }),
      'POST /api/projects/tofu/judges/recompute/': () => {
        asked += 1;
        state = 'done';
        return answer('POST /api/projects/{slug}/judges/recompute/', 202, judges(2));
      },
    });
    renderWithProviders(
      <MemoryRouter initialEntries={['/app/admin/projects/tofu/judges']}>
        <Routes>
          <Route path="/app/admin/projects/:slug/judges" element={<JudgesPage refreshMs={60_000} staleRefreshMs={300} />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Computing the first figures · updating (40%)…')).toBeInTheDocument();
    expect(screen.queryByText('No model run yet')).not.toBeInTheDocument();
    state = 'failed';
    expect(await screen.findByText(/the last recompute failed: The worker stopped\./)).toBeInTheDocument();
    screen.getByRole('button', { name: 'Recompute now' }).click();
    expect(await screen.findByRole('table', { name: 'All runs' })).toBeInTheDocument();
    expect(asked).toBe(1);
  }, 60_000);
});
