import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../test/render';
import { workspacePayload } from '../test/fixtures';
import { AnswerKeyPanel } from './AnswerKeyPanel';

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
