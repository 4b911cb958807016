import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { AssistedReveal } from '../api/types';
import { renderWithProviders } from '../test/render';
import { RevealCard } from './RevealCard';

const figure = (value: number | null, ci: [number, number] = [0, 1], n = 40) => ({ value, ci, n });

function figures() {
  return {
    changed: { value: 0.2, ci: [0.1, 0.3], n: 40, n_revealed: 40, to_inconsistent: 6, to_consistent: 2, toward_model: figure(0.75) },
    model_agreement: { before: figure(0.6, [0.5, 0.7]), after: figure(0.8, [0.7, 0.9]), difference: figure(0.2, [0.1, 0.3]) },
    inconsistent_rate: { assisted: figure(0.3), unassisted: figure(0.25), difference: figure(0.05) },
    time: { assisted: figure(120), unassisted: figure(100) },
  };
}

const REVEAL: AssistedReveal = {
  n_units: 8,
  n_labels: 96,
  n_revealed: 40,
  small_n: false,
  overall: {
    ...figures(),
    agreement: {
      n_mixed_sentences: 12,
      assisted: { n_sentences: 10, alpha: figure(0.55, [0.3, 0.7]), percent: figure(0.8) },
      unassisted: { n_sentences: 14, alpha: figure(0.61, [0.4, 0.8]), percent: figure(0.85) },
    },
  },
  annotators: [{ annotator: 'linguist1', ...figures(), agreement: { assisted: figure(0.8), unassisted: figure(0.9) } }],
};

describe('the reveal figures of an assisted round', () => {
  it('says what the reveal did in one sentence and tabulates each annotator with intervals', () => {
    renderWithProviders(<RevealCard reveal={REVEAL} />);
    const card = screen.getByRole('article', { name: 'Model verdicts revealed after the label' });
    expect(card).toHaveTextContent(
      '20% of 40 revealed labels were changed after the reveal (6 to inconsistent, 2 to consistent); agreement with the model 60% before the reveal, 80% after.',
    );
    const table = within(card).getByRole('table', { name: /resample units/ });
    const overall = within(table).getByRole('row', { name: /All annotators/ });
    expect(overall).toHaveTextContent('20% (95% CI 10% to 30%)');
    expect(overall).toHaveTextContent('+20 points (95% CI +10 to +30)');
    expect(overall).toHaveTextContent('alpha 0.55 (95% CI 0.30 to 0.70) vs 0.61 (95% CI 0.40 to 0.80)');
    expect(overall).toHaveTextContent('120 s vs 100 s');
    expect(within(table).getByRole('row', { name: /linguist1/ })).toHaveTextContent('80% (95% CI 0% to 100%) vs 90%');
  });

  it('says when nothing was revealed yet', () => {
    renderWithProviders(<RevealCard reveal={{ ...REVEAL, n_revealed: 0, small_n: true }} />);
    expect(screen.getByText('No label has revealed a model verdict yet.')).toBeInTheDocument();
  });
});
