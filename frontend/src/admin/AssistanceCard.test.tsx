import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { Assistance } from '../api/types';
import wording from '../../../fixtures/agreement/assistance_wording.json';
import { renderWithProviders } from '../test/render';
import { AssistanceCard } from './AssistanceCard';

/** The shared wording cases' sections, by name: realistic reports of both rounds. */
function section(name: string, overrides: Partial<Assistance> = {}): Assistance {
  const found = (wording.cases as unknown as { name: string; section: Assistance }[]).find((c) => c.name === name);
  if (found === undefined) throw new Error(`no wording case ${name}`);
  return { ...found.section, ...overrides };
}

const FULL = 'every shared sentence compared, kappa with its interval';

describe('the hint comparison card', () => {
  it('says the comparison in one sentence, then each round, the evidence and the confusion matrix', () => {
    renderWithProviders(
      <AssistanceCard
        assistance={section(FULL, { evidence: { name: 'turn F1', value: 0.5412, ci: [0.41, 0.66], n_units: 61 } })}
        roundId={4}
      />,
    );

    const card = screen.getByRole('article', { name: 'Evidence hints: with and without' });
    expect(card).toHaveTextContent(
      'With hints: 34.2% of labels inconsistent; without: 31.3%; labels differ on 7.1% of 240 shared sentences; kappa between conditions 0.71 (95% CI 0.63 to 0.80).',
    );
    expect(card).toHaveTextContent('Compared with “Pilot with hints”, the most recent round of the same kind');

    const rounds = within(card).getByRole('table', { name: 'Each round on the shared sentences' });
    const [, first, second] = within(rounds).getAllByRole('row');
    expect(within(first!).getByRole('rowheader')).toHaveTextContent('Pilot with hints (with hints)');
    expect(first).toHaveTextContent('34.2% (82 of 240)');
    expect(within(second!).getByRole('rowheader')).toHaveTextContent('Pilot without hints (without hints, this round)');
    expect(second).toHaveTextContent('31.3% (75 of 240)');
    // One annotator a round: the note says there is nothing to measure within it.
    expect(first).toHaveTextContent('—');

    expect(card).toHaveTextContent('Evidence turn F1 between the rounds 0.54 (95% CI 0.41 to 0.66), on 61 sentences both label inconsistent.');
    const confusion = within(card).getByRole('table', { name: 'Confusion matrix: rows with hints, columns without hints' });
    expect(within(confusion).getAllByRole('row')[2]).toHaveTextContent('inconsistent1468');
    expect(card).not.toHaveTextContent('Too few');
  });

  it('warns when few sentences are compared and shows each round’s own agreement', () => {
    renderWithProviders(
      <AssistanceCard assistance={section('ties leave sentences out: both counts are said', { chosen: 'explicit' })} roundId={3} />,
    );
    const card = screen.getByRole('article');
    expect(card).toHaveTextContent('Only 2 sentences compared');
    expect(card).toHaveTextContent('Compared with “B”, the round an admin chose.');
    const rounds = within(card).getByRole('table', { name: 'Each round on the shared sentences' });
    expect(within(rounds).getAllByRole('row')[1]).toHaveTextContent("Cohen's kappa 0.50 (95% CI −0.50 to 1.00)");
  });

  it('says there is nothing to compare yet, without empty tables', () => {
    renderWithProviders(<AssistanceCard assistance={section('nothing labelled in both rounds yet')} roundId={3} />);
    const card = screen.getByRole('article');
    expect(card).toHaveTextContent('No sentence has labels both with and without hints yet.');
    expect(within(card).queryByRole('table')).not.toBeInTheDocument();
  });
});
