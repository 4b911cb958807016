import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { agreementHistory, agreementQuestion } from '../test/adminFixtures';
import { renderWithProviders } from '../test/render';
import { AgreementCard } from './AgreementCard';
import { historyTicks } from './HistoryChart';

const ANNOTATORS = ['linguist1', 'linguist2'];

describe('an agreement card', () => {
  it('shows the coefficient with its interval, alpha, agreement, counts and the target met', () => {
    renderWithProviders(
      <AgreementCard
        question={agreementQuestion()}
        annotators={ANNOTATORS}
        history={agreementHistory().questions[0]}
        roundId={1}
      />,
    );

    const card = screen.getByRole('article', { name: 'Sentence consistency' });
    expect(card).toHaveTextContent("Cohen's kappa");
    expect(within(card).getByTestId('coefficient-value')).toHaveTextContent('0.42');
    expect(card).toHaveTextContent('95% CI 0.31 to 0.53');
    expect(card).toHaveTextContent("Krippendorff's alpha0.41 (95% CI 0.30 to 0.52)");
    expect(card).toHaveTextContent('Percent agreement81%');
    expect(card).toHaveTextContent('Units129');
    expect(card).toHaveTextContent('Raters2');
    expect(card).toHaveTextContent('Target0.40');
    expect(within(card).getByText('Target met')).toBeInTheDocument();

    // The chart across rounds is named by what it shows.
    expect(within(card).getByRole('img', { name: /Sentence consistency by round: Practice 0.35, Pilot 1 0.42 \(95% CI 0.31 to 0.53\). Target 0.40/ })).toBeInTheDocument();

    // The heatmap prints its number in the cell; the confusion matrix is a table.
    const heatmap = within(card).getByRole('table', { name: "Pairwise Cohen's kappa" });
    const row = within(heatmap).getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader')).toHaveTextContent('linguist1');
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['—', '0.42']);
    // Two raters: no majority to compare with, so no such table.
    expect(within(card).queryByRole('table', { name: 'Each annotator vs the majority' })).not.toBeInTheDocument();
    const confusion = within(card).getByRole('table', { name: 'Confusion matrix: rows linguist1, columns linguist2' });
    expect(within(confusion).getAllByRole('row')[2]).toHaveTextContent('inconsistent1415');
  });

  it('shows each annotator vs the majority with three or more raters', () => {
    renderWithProviders(
      <AgreementCard question={agreementQuestion({ n_raters: 3 })} annotators={[...ANNOTATORS, 'linguist3']} />,
    );
    const majority = screen.getByRole('table', { name: 'Each annotator vs the majority' });
    expect(majority).toHaveTextContent('linguist20.39');
  });

  it('warns instead of presenting a coefficient of a handful of units as a finding', () => {
    renderWithProviders(
      <AgreementCard
        question={agreementQuestion({ n_units: 4, small_n: true, coefficient: { name: "Cohen's kappa", value: -1, ci: [-1, 1] } })}
        annotators={ANNOTATORS}
      />,
    );
    expect(screen.getByRole('article')).toHaveTextContent('Only 4 units');
    expect(screen.getByRole('article')).toHaveTextContent('Too few to read the coefficient as a finding');
  });

  it('draws each round with its interval', () => {
    const history = agreementHistory().questions[0]!;
    history.points = history.points.map((point) => ({ ...point, ci: [0.2, 0.6] as [number, number] }));
    renderWithProviders(<AgreementCard question={agreementQuestion()} annotators={ANNOTATORS} history={history} roundId={1} />);
    expect(screen.getByRole('img', { name: /Practice 0.35 \(95% CI 0.20 to 0.60\)/ })).toBeInTheDocument();
  });

  it('says when the target is not met', () => {
    renderWithProviders(
      <AgreementCard question={agreementQuestion({ target: 0.6, met: false })} annotators={ANNOTATORS} />,
    );

    expect(screen.getByText('Target not met')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the note instead of a value when the coefficient cannot be computed', () => {
    renderWithProviders(
      <AgreementCard
        question={agreementQuestion({
          label: 'Topic category',
          coefficient: null,
          alpha: null,
          met: null,
          note: 'Only one category was used, so chance agreement is undefined.',
        })}
        annotators={ANNOTATORS}
      />,
    );

    const card = screen.getByRole('article', { name: 'Topic category' });
    expect(card).toHaveTextContent('Not computed');
    expect(card).toHaveTextContent('Only one category was used, so chance agreement is undefined.');
    expect(within(card).queryByTestId('coefficient-value')).not.toBeInTheDocument();
    expect(card).toHaveTextContent("Krippendorff's alpha—");
    expect(within(card).getByText('Target not assessed')).toBeInTheDocument();
  });
});

describe('a span question', () => {
  it('reads as F1 between raters, with each pair and each error type', () => {
    renderWithProviders(
      <AgreementCard
        question={agreementQuestion({
          key: 'span_character',
          label: 'Error spans (characters)',
          level: 'span',
          n_units: 46,
          coefficient: { name: 'span F1 (character)', value: 0.5287, ci: [0.41, 0.63] },
          alpha: null,
          percent_agreement: null,
          pairwise: [{ a: 'linguist1', b: 'linguist2', value: 0.5287, n_units: 46 }],
          vs_majority: [],
          confusion: null,
          per_label: { 'Circumstantial inference': 0.61, 'World knowledge': null },
        })}
        annotators={['linguist1', 'linguist2']}
      />,
    );
    const card = screen.getByRole('article', { name: 'Error spans (characters)' });
    expect(within(card).getByTestId('coefficient-value')).toHaveTextContent('0.53');
    expect(card).toHaveTextContent('95% CI 0.41 to 0.63');
    expect(card).toHaveTextContent('Sentences flagged by two or more46');
    expect(card).not.toHaveTextContent("Krippendorff's alpha");
    const types = within(card).getByRole('table', { name: 'span F1 (character) by error type' });
    expect(within(types).getByRole('row', { name: /Circumstantial inference/ })).toHaveTextContent('0.61');
    expect(within(types).getByRole('row', { name: /World knowledge/ })).toHaveTextContent('—');
    expect(within(card).getByRole('table', { name: 'Pairwise span F1 (character)' })).toBeInTheDocument();
  });

  it('draws its history with 0 among the ticks, and no empty axes for a question never computed', () => {
    const history = agreementHistory().questions[0]!;
    // The axis's lowest value rounds down to a tenth; 0 (chance) is always a tick.
    expect(historyTicks(-0.23)).toEqual([-0.3, 0, 0.5, 1]);
    expect(historyTicks(0)).toEqual([0, 0.5, 1]);

    const never = { ...history, points: history.points.map((point) => ({ ...point, value: null, ci: null })) };
    renderWithProviders(
      <AgreementCard question={agreementQuestion({ coefficient: null, note: 'Fewer than two raters labelled the same units.' })} annotators={ANNOTATORS} history={never} roundId={1} />,
    );
    const card = screen.getByRole('article', { name: 'Sentence consistency' });
    expect(within(card).queryByRole('img', { name: /by round/ })).not.toBeInTheDocument();
  });
});

describe('what a live report adds to a card', () => {
  it('shows Fleiss kappa per error type on the error-type card', () => {
    renderWithProviders(
      <AgreementCard
        question={agreementQuestion({
          key: 'error_types',
          label: 'Error types (sentences labelled inconsistent)',
          level: 'set',
          coefficient: { name: "Krippendorff's alpha (MASI)", value: 0.5, ci: [0.4, 0.6] },
          confusion: null,
          per_label: { 'Mis-Referencing': 0.61, 'Reasoning Error': 0.12 },
        })}
        annotators={ANNOTATORS}
      />,
    );
    const table = screen.getByRole('table', { name: "Fleiss' kappa by error type" });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'Error typeKappa',
      'Mis-Referencing0.61',
      'Reasoning Error0.12',
    ]);
  });

  it('says how many more units give the chosen interval width, and links each confusion to its units', () => {
    renderWithProviders(
      <MemoryRouter>
        <AgreementCard
          question={agreementQuestion({
            projection: {
              half_width: 0.05,
              confidence: 0.95,
              standard_error: 0.06,
              n_units: 40,
              resampled: 'units',
              current_half_width: 0.1176,
              units_needed: 222,
              more_units: 182,
              note: null,
            },
            confusion_pairs: [
              {
                a: 'consistent',
                b: 'inconsistent',
                count: 29,
                n_units: 12,
                units: [
                  { id: 7, name: 'Dialogue 3 · budget', count: 4 },
                  { id: 9, name: 'Dialogue 5 · travel', count: 2 },
                ],
              },
            ],
          })}
          annotators={ANNOTATORS}
          roundId={1}
          slug="demo"
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('projection')).toHaveTextContent(
      'About 182 more units (222 in all) for an interval of ±0.05 at the current agreement; now ±0.12 from 40 units.',
    );
    const disagreements = screen.getByRole('list', { name: 'Most frequent disagreements' });
    expect(disagreements).toHaveTextContent('“consistent” vs “inconsistent”: 29 times in 12 units');
    expect(disagreements).toHaveTextContent('and 10 more');
    expect(within(disagreements).getByRole('link', { name: 'Dialogue 3 · budget' })).toHaveAttribute(
      'href',
      '/app/admin/rounds/1/disagreements/7?project=demo',
    );
  });
});
