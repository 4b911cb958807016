import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../test/render';
import { workspacePayload } from '../test/fixtures';
import { AnswerKeyPanel } from './AnswerKeyPanel';
import { ReviewOutcomes } from './ReviewOutcomes';

describe('review outcomes on a submitted unit', () => {
  it('says what review decided about each sentence, by summary letter and number', () => {
    const payload = workspacePayload();
    const summary = payload.summaries[0];
    const sentence = summary?.sentences[0];
    if (summary === undefined || sentence === undefined) throw new Error('fixture has a sentence');
    const type = payload.taxonomy.types[0];
    renderWithProviders(
      <ReviewOutcomes
        payload={{
          ...payload,
          review_outcomes: [
            { sentence: sentence.id, decision: 'types_changed', error_types: type === undefined ? [] : [type.id], note: 'Wrong person.', status: 'confirmed' },
          ],
        }}
      />,
    );
    expect(screen.getByText(`Summary ${summary.label}, sentence ${sentence.number}:`)).toBeInTheDocument();
    expect(screen.getByText(/error confirmed, types changed/)).toBeInTheDocument();
    expect(screen.getByText(/confirmed by a second reviewer/)).toBeInTheDocument();
    expect(screen.getByText('“Wrong person.”')).toBeInTheDocument();
  });

  it('shows nothing before review has decided anything', () => {
    renderWithProviders(<ReviewOutcomes payload={workspacePayload()} />);
    expect(screen.queryByText('What review decided')).not.toBeInTheDocument();
  });
});

describe('the answer key of a submitted practice unit', () => {
  it('gives the accuracy and each sentence where the linguist differed, with why', () => {
    const payload = workspacePayload();
    const summary = payload.summaries[0];
    const sentence = summary?.sentences[0];
    if (summary === undefined || sentence === undefined) throw new Error('fixture has a sentence');
    renderWithProviders(
      <AnswerKeyPanel
        payload={{
          ...payload,
          answer_key: {
            accuracy: { sentence_label: 0.75, error_types: null, relevance: 1, topic_category: null },
            sentences: [
              { sentence: sentence.id, label: 'consistent', error_types: [], explanation: 'Turn 4 says so.', yours: 'inconsistent', agrees: false },
            ],
          },
        }}
      />,
    );
    expect(screen.getByText('Sentence labels: 75%')).toBeInTheDocument();
    expect(screen.getByText(/the key says consistent/)).toBeInTheDocument();
    expect(screen.getByText('Why: Turn 4 says so.')).toBeInTheDocument();
  });
});
