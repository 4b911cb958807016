import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { answer } from '../test/answer';
import { fakeServer } from '../test/fakeServer';
import { renderWithProviders } from '../test/render';
import { RoundSelectionCard } from './RoundSelectionCard';

const SELECTION = {
  strategy: 'disagreement' as const,
  runs: [
    { id: 4, evaluator: 'judge-one', version: 'v1' },
    { id: 6, evaluator: 'judge-two', version: 'v2' },
  ],
  weights: { disagreement: 1 },
  reserve: 0.2,
  count: 10,
  frame_units: 30,
  allocation: { 'sys-alpha': 6, 'sys-beta': 4 },
  selected_units: 10,
  labelled_units: 8,
  systems: [
    {
      system: 'sys-alpha',
      units: 5,
      sentences: 15,
      errors: 9,
      unweighted: 0.6,
      ht_errors: 20,
      ht_sentences: 60,
      ht_rate: 0.3704,
      hajek_rate: 0.3333,
      hajek_se: 0.05,
    },
  ],
  note: 'Weighted by inverse inclusion probabilities: the units were chosen by evaluator disagreement.',
};

describe('the weighted rates of a selected round', () => {
  it('shows the design, the note and per system the unweighted and weighted rates', async () => {
    fakeServer({
      'GET /api/admin/rounds/7/selection/': () => answer('GET /api/admin/rounds/{round_id}/selection/', 200, { selection: SELECTION }),
    });
    renderWithProviders(<RoundSelectionCard roundId={7} />);
    const table = await screen.findByRole('table', { name: 'Error rates per system, weighted' });
    expect(screen.getByText(/Weighted by inverse inclusion probabilities/)).toBeInTheDocument();
    expect(screen.getByText(/judge-one v1, judge-two v2, 10 of 30 unannotated units, with a 20% random reserve; 8 of 10/)).toBeInTheDocument();
    const row = within(table).getByRole('row', { name: /sys-alpha/ });
    expect(row).toHaveTextContent('60%');
    expect(row).toHaveTextContent('33.3% ± 9.8%');
    expect(row).toHaveTextContent('37%');
  });

  it('shows nothing for a round whose units were not selected', async () => {
    const server = fakeServer({
      'GET /api/admin/rounds/8/selection/': () => answer('GET /api/admin/rounds/{round_id}/selection/', 200, { selection: null }),
    });
    renderWithProviders(<RoundSelectionCard roundId={8} />);
    await waitFor(() => expect(server.requests).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Error rates per system, weighted')).not.toBeInTheDocument());
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
