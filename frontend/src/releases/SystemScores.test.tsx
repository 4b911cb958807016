import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { fakeServer } from '../test/fakeServer';
import { release, releaseScores, releasesResponse } from '../test/releaseFixtures';
import { renderWithProviders } from '../test/render';
import { answer } from '../test/answer';
import { ReleaseCard } from './ReleaseCard';
import { ReleasesPage } from './ReleasesPage';
import { ScoreChart } from './ScoreChart';
import { chartedMetrics, describeScore, formatScoreWithInterval, scoreY } from './scoreFormat';
import { SystemScores } from './SystemScores';

describe('score formatting', () => {
  it('prints a mean with its interval, and a dash when undefined', () => {
    expect(formatScoreWithInterval({ mean: 0.8472, low: 0.8011, high: 0.8906, n: 30 })).toBe('0.847 [0.801, 0.891]');
    expect(formatScoreWithInterval({ mean: 0.5, low: null, high: null, n: 1 })).toBe('0.500');
    expect(formatScoreWithInterval({ mean: null, low: null, high: null, n: 0 })).toBe('—');
    expect(describeScore({ mean: 0.6, low: 0.5, high: 0.7, n: 14 }, 0.95)).toBe('0.600 (95% CI 0.500 to 0.700), n = 14');
    expect(describeScore({ mean: null, low: null, high: null, n: 0 }, 0.95)).toBe('no score (n = 0)');
  });

  it('scales scores to the plot and leaves out metrics nobody has', () => {
    expect(scoreY(0, 160)).toBe(160);
    expect(scoreY(1, 160)).toBe(0);
    expect(scoreY(0.25, 160)).toBe(120);
    expect(scoreY(1.2, 160)).toBe(0);
    expect(chartedMetrics(releaseScores()).map((metric) => metric.key)).toEqual(['faithfulness', 'completeness', 'acu_score']);
  });
});

describe('the scores of a release', () => {
  it('tabulates every system: mean [interval] and n per metric', () => {
    renderWithProviders(<SystemScores scores={releaseScores()} version="1.0.0" />);
    const table = screen.getByRole('table', { name: 'Scores per system of 1.0.0' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'System',
      'Summaries',
      'Faithfulness',
      'Completeness',
      'Conciseness',
      'ACU score',
    ]);
    const a = within(table).getByRole('row', { name: /model-a/ });
    const cells = within(a).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '30',
      '0.847 [0.801, 0.891]n = 30',
      '0.500 [0.250, 0.750]n = 28',
      '—n = 0',
      '0.900 [0.900, 0.900]n = 1',
    ]);
    expect(cells[1]).toHaveAttribute('title', 'Faithfulness: 0.847 (95% CI 0.801 to 0.891), n = 30');
    const b = within(table).getByRole('row', { name: /model-b/ });
    expect(within(b).getAllByRole('cell')[2]).toHaveTextContent('—n = 0');
    expect(screen.getByText(/No summary has a score for Conciseness/)).toBeInTheDocument();
    expect(screen.getByText(/95% bootstrap interval, 1000 resamples/)).toBeInTheDocument();
  });

  it('draws a bar with its interval for every defined score, and nothing for the others', () => {
    const { container } = renderWithProviders(<ScoreChart scores={releaseScores()} version="1.0.0" />);
    const chart = screen.getByRole('img', { name: 'Scores per system of 1.0.0, with 95% intervals' });
    expect(chart).toHaveAccessibleDescription(/model-a: Faithfulness 0\.847 \(95% CI 0\.801 to 0\.891\), n = 30/);
    expect(chart).toHaveAccessibleDescription(/model-b: Faithfulness 0\.600 .*; Completeness no score \(n = 0\)/);
    const a = container.querySelector('[data-system="model-a"]')!;
    const b = container.querySelector('[data-system="model-b"]')!;
    // model-a: faithfulness, completeness, ACU (conciseness is nobody's); model-b: faithfulness.
    expect([...a.querySelectorAll('[data-metric]')].map((bar) => bar.getAttribute('data-metric'))).toEqual([
      'faithfulness',
      'completeness',
      'acu_score',
    ]);
    expect([...b.querySelectorAll('[data-metric]')].map((bar) => bar.getAttribute('data-metric'))).toEqual(['faithfulness']);
    // Bar height and whisker ends on the 160-unit plot: 0.5 → y 80; interval 0.25–0.75 → 120 to 40.
    const completeness = a.querySelector('[data-metric="completeness"]')!;
    const bar = completeness.querySelector('rect')!;
    expect(Number(bar.getAttribute('y'))).toBe(80);
    expect(Number(bar.getAttribute('height'))).toBe(80);
    const stem = completeness.querySelector('[data-testid="whisker"] line')!;
    expect([stem.getAttribute('y1'), stem.getAttribute('y2')].map(Number)).toEqual([40, 120]);
    expect(completeness.querySelector('title')).toHaveTextContent('model-a, Completeness: 0.500 (95% CI 0.250 to 0.750), n = 28');
    expect(container.querySelectorAll('[data-testid="tick"]')).toHaveLength(5);
    // Hand-made SVG: no chart library's markup.
    expect(container.querySelector('.recharts-wrapper')).toBeNull();
  });

  it('says so when the release has no summaries', () => {
    renderWithProviders(<SystemScores scores={{ ...releaseScores(), systems: [] }} version="1.0.0" />);
    expect(screen.getByText('This release has no summaries to score.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows on a published release card, not on one built before scores existed', () => {
    renderWithProviders(
      <ul>
        <ReleaseCard release={release({ scores: releaseScores() })} />
        <ReleaseCard release={release({ id: 7, version: '0.9.0' })} />
      </ul>,
    );
    const card = screen.getByRole('listitem', { name: '1.0.0' });
    expect(within(card).getByRole('heading', { name: 'Scores per system' })).toBeInTheDocument();
    expect(within(card).getByRole('table', { name: 'Scores per system of 1.0.0' })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: /Scores per system of 1\.0\.0/ })).toBeInTheDocument();
    const old = screen.getByRole('listitem', { name: '0.9.0' });
    expect(within(old).queryByRole('heading', { name: 'Scores per system' })).not.toBeInTheDocument();
  });

  it('comes from the releases list on the releases page', async () => {
    fakeServer({
      'GET /api/projects/demo/releases/': () => answer('GET /api/projects/{slug}/releases/', 200, releasesResponse([release({ scores: releaseScores() })])),
    });
    renderWithProviders(
      <MemoryRouter initialEntries={['/app/projects/demo/releases']}>
        <Routes>
          <Route path="/app/projects/:slug/releases" element={<ReleasesPage pollIntervalMs={20} />} />
        </Routes>
      </MemoryRouter>,
    );
    const table = await screen.findByRole('table', { name: 'Scores per system of 1.0.0' });
    expect(within(table).getByRole('row', { name: /model-b/ })).toHaveTextContent('0.600 [0.500, 0.700]');
    // The table's headers explain each metric on hover.
    await userEvent.hover(within(table).getByRole('columnheader', { name: 'Completeness' }));
    expect(within(table).getByRole('columnheader', { name: 'Completeness' })).toHaveAttribute(
      'title',
      'covered key facts ÷ key facts',
    );
  });
});
