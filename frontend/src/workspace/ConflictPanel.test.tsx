import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../test/render';
import { ConflictPanel } from './ConflictPanel';

const TYPES = [{ id: 7, code: 'wrong-date', name: 'Wrong date', definition: '', example: '', parent: null }];

describe('the conflict panel', () => {
  it('shows both span sets in words, quoting the sentence', () => {
    renderWithProviders(
      <ConflictPanel
        itemName="Summary A, sentence 1"
        sentenceText="The vote was on Monday."
        conflict={{
          key: 'sentence:abcdefghijklmnopqrstuv',
          mine: { spans: [{ start: 16, end: 22, error_type: 7, note: '', no_evidence: false, evidence: [{ turn: 3, start: 0, end: 4 }] }] },
          current: {
            spans: [{ start: 0, end: 8, error_type: null, note: '', no_evidence: true, evidence: [] }],
            version: 3,
          },
        }}
        errorTypes={TYPES}
        onKeepMine={vi.fn()}
        onUseSaved={vi.fn()}
      />,
    );
    expect(screen.getByRole('region', { name: 'Yours: Summary A, sentence 1' })).toHaveTextContent(
      'Error spans“Monday”, Wrong date, evidence in 1 place',
    );
    expect(screen.getByRole('region', { name: 'Saved on the server: Summary A, sentence 1' })).toHaveTextContent(
      'Error spans“The vote”, no evidence in the dialogue',
    );
  });
});
