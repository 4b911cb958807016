import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { CompetenceQuestion } from '../api/types';
import { agreementQuestion } from '../test/adminFixtures';
import { renderWithProviders } from '../test/render';
import { AgreementCard } from './AgreementCard';
import { CompetenceTable, shareWithInterval } from './CompetenceTable';

function competence(overrides: Partial<CompetenceQuestion> = {}): CompetenceQuestion {
  const annotator = (name: string, accuracy: number, mace: number) => ({
    annotator: name,
    n_labels: 1290,
    accuracy: { value: accuracy, ci: [accuracy - 0.02, accuracy + 0.01] },
    recall: [
      { label: 'consistent', value: 0.97, ci: [0.95, 0.98] },
      { label: 'inconsistent', value: 0.81, ci: [0.74, 0.87] },
    ],
    confusion: [
      [0.97, 0.03],
      [0.19, 0.81],
    ],
    mace: { value: mace, ci: [mace - 0.05, mace + 0.04] },
  });
  return {
    key: 'sentence_consistency',
    label: 'Sentence consistency',
    classes: ['consistent', 'inconsistent'],
    n_items: 1290,
    n_raters: 3,
    priors: [0.8, 0.2],
    annotators: [annotator('linguist1', 0.95, 0.9), annotator('linguist3', 0.7, 0.41)],
    items: { mean_entropy: 0.05, n_uncertain: 12, n_changed: 3, n_tied: 1, n_patterns: 9, patterns: [] },
    note: null,
    ...overrides,
  };
}

describe('the competence table', () => {
  it('says per annotator, in words, how often their label is right, per class, and whether they know', () => {
    renderWithProviders(<CompetenceTable competence={competence()} />);
    const table = screen.getByRole('table', { name: 'Annotator competence (Dawid–Skene and MACE)' });
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Annotator',
      'Labels',
      'Label is right',
      'Says “consistent” when it is',
      'Says “inconsistent” when it is',
      'Knows rather than guesses',
    ]);
    const careless = within(table).getByRole('row', { name: /linguist3/ });
    expect(within(careless).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '1,290',
      '70% (95% CI 68% to 71%)',
      '97% (95% CI 95% to 98%)',
      '81% (95% CI 74% to 87%)',
      '41% (95% CI 36% to 45%)',
    ]);
    expect(
      screen.getByText(
        'Of 1,290 sentences, 12 sentences stay uncertain (less than 90% for any label); the model’s label differs from a clear majority on 3 sentences and settles 1 sentence with a tied vote.',
      ),
    ).toBeInTheDocument();
  });

  it('says why there is no estimate instead of an empty table', () => {
    renderWithProviders(
      <CompetenceTable competence={competence({ annotators: [], items: null, note: 'No item has labels from two annotators.' })} />,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Annotator competence: No item has labels from two annotators.')).toBeInTheDocument();
  });

  it('is part of the question’s card, and leaves out an interval that was not computed', () => {
    renderWithProviders(
      <AgreementCard question={agreementQuestion()} annotators={['linguist1', 'linguist3']} competence={competence()} />,
    );
    const card = screen.getByRole('article', { name: 'Sentence consistency' });
    expect(within(card).getByRole('table', { name: 'Annotator competence (Dawid–Skene and MACE)' })).toBeInTheDocument();
    expect(shareWithInterval(0.5, [null, null])).toBe('50%');
  });
});
