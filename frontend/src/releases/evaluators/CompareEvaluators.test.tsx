import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../test/render';
import { CompareEvaluators } from './CompareEvaluators';
import type { EvaluatorEntry, Level } from './types';

const perfect = { value: 1, low: 1, high: 1 };

function entry(): EvaluatorEntry {
  return {
    kind: 'score',
    threshold: 0.5,
    tuned_balanced_accuracy: 1,
    balanced_accuracy: perfect,
    fpr: perfect,
    fnr: perfect,
    precision: perfect,
    recall: perfect,
    f1: perfect,
    auc: null,
    confusion: { tp: 1, fp: 0, fn: 0, tn: 3 },
    type_recall: {},
    by: {},
  };
}

function level(documents: number, comparison: Level['comparisons'][number]): Level {
  return {
    protocol: 'all',
    tuned_on: 4 * documents,
    measured_on: 4 * documents,
    documents,
    warning: null,
    n_resamples: 1000,
    confidence: 0.95,
    seed: 0,
    evaluators: { Coin: entry(), Judge: entry() },
    unscored: {},
    comparisons: [comparison],
  };
}

describe('two evaluators compared', () => {
  it('says there are not enough documents to test instead of a p-value from one document', () => {
    const note = 'not enough documents to test: 1 document measured, a paired test needs at least 6';
    renderWithProviders(
      <CompareEvaluators level={level(1, { a: 'Coin', b: 'Judge', value: -1, low: -1, high: -1, p_value: null, testable: false, note })} />,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(`-1.000 [-1.000, -1.000]; ${note}`);
    expect(status).not.toHaveTextContent(/p =/);
    expect(status).not.toHaveTextContent(/different at the 5% level/);
  });

  it('gives the paired test when there are enough documents', () => {
    renderWithProviders(
      <CompareEvaluators level={level(30, { a: 'Coin', b: 'Judge', value: -0.2, low: -0.3, high: -0.1, p_value: 0.004, testable: true, note: null })} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('paired bootstrap p = 0.004 (different at the 5% level)');
  });
});
