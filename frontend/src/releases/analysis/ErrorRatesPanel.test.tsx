import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer } from '../../test/answer';
import { fakeServer } from '../../test/fakeServer';
import { renderWithProviders } from '../../test/render';
import { ErrorRatesPanel } from './ErrorRatesPanel';
import type { ErrorRateRow, Estimate, ReleaseAnalysis } from './types';

function estimate(value: number | null, n: number, spread = 0.05): Estimate {
  return { value, low: value === null ? null : value - spread, high: value === null ? null : value + spread, n };
}

function row(system: string, corpus: string, topicType: string, rate: number): ErrorRateRow {
  return {
    system,
    corpus,
    topic_type: topicType,
    summaries: 10,
    units: 10,
    inconsistent_sentences: 4,
    sentence_inconsistency: estimate(rate, 40),
    summary_inconsistency: estimate(0.3, 10),
    relevance: estimate(4.2, 10, 0.1),
    completeness: estimate(null, 0),
    conciseness: estimate(null, 0),
    error_types: [
      { type: 'Extrinsic Information', count: 3, ...estimate(0.75, 4) },
      { type: '', count: 1, ...estimate(0.25, 4) },
    ],
  };
}

const ANALYSIS: ReleaseAnalysis = {
  release: 'demo@1.0.0',
  metrics: [
    { key: 'sentence_inconsistency', label: 'Inconsistent sentences' },
    { key: 'summary_inconsistency', label: 'Inconsistent summaries' },
    { key: 'relevance', label: 'Relevance (1-5)' },
    { key: 'completeness', label: 'Completeness' },
    { key: 'conciseness', label: 'Conciseness' },
  ],
  topic_types: [
    { key: 'main', label: 'main topics' },
    { key: 'marginal', label: 'marginal topics' },
    { key: 'uncategorised', label: 'topics without a category' },
    { key: 'all', label: 'all topics' },
  ],
  error_types: ['Extrinsic Information', ''],
  confidence: 0.95,
  n_resamples: 1000,
  seed: 0,
  method: 'percentile bootstrap',
  notes: [],
  rows: [
    row('model-a', 'all', 'main', 0.125),
    row('model-a', 'all', 'marginal', 0.25),
    row('model-a', 'mediasum', 'main', 0.1),
    row('model-a', 'meetingbank', 'main', 0.2),
  ],
  dropped_not_a_summary: { test: 2 },
  files: [
    { name: 'error_rates.csv', stored: true },
    { name: 'error_rates.tex', stored: true },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('the error rates of a release', () => {
  it('shows the rates in words with intervals, a chart, the error types and the downloads', async () => {
    fakeServer({
      'GET /api/releases/7/analysis/': () => answer('GET /api/releases/{release_id}/analysis/', 200, ANALYSIS),
    });
    renderWithProviders(<ErrorRatesPanel releaseId={7} version="1.0.0" />);
    const table = await screen.findByRole('table', { name: 'Error rates per summarizer of 1.0.0, all corpora' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('model-aMain topics1012.5% [7.5, 17.5]n = 40');
    expect(rows[2]).toHaveTextContent('Marginal topics');
    // Completeness and conciseness have no value anywhere: no column, and a sentence says so.
    expect(within(table).queryByRole('columnheader', { name: 'Completeness' })).toBeNull();
    expect(screen.getByText(/Not in this release’s labels: Completeness, Conciseness/)).toBeInTheDocument();
    expect(screen.getByText(/2 output\(s\) flagged as not a summary were left out/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Inconsistent sentences by summarizer, main topics and marginal topics/ })).toBeInTheDocument();
    expect(screen.getByText('Inconsistent sentences, marginal topics')).toBeInTheDocument();
    const types = screen.getByRole('table', { name: 'Error types per summarizer of 1.0.0, all corpora' });
    expect(within(types).getByRole('columnheader', { name: 'No error type given' })).toBeInTheDocument();
    expect(within(types).getAllByRole('row')[1]).toHaveTextContent('75.0% [70.0, 80.0]');
    expect(screen.getByRole('link', { name: 'Error rates (LaTeX)' })).toHaveAttribute('href', '/api/releases/7/analysis/error_rates.tex');
    // One corpus at a time.
    await userEvent.click(screen.getByRole('radio', { name: 'meetingbank' }));
    const one = screen.getByRole('table', { name: 'Error rates per summarizer of 1.0.0, meetingbank' });
    expect(within(one).getAllByRole('row')).toHaveLength(2);
    expect(within(one).getAllByRole('row')[1]).toHaveTextContent('20.0%');
  });
});
