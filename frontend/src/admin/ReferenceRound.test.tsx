import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import type { AdminRound } from '../api/types';
import { adminProject } from '../test/adminFixtures';
import { renderWithProviders } from '../test/render';
import { GuidelineDiffView } from './GuidelineDiffView';
import { PublishedLabelsTable } from './PublishedLabelsTable';
import { RoundActions } from './RoundActions';

const REFERENCE: AdminRound = {
  ...adminProject().rounds[0]!,
  id: 9,
  name: 'TofuEval release',
  kind: 'reference',
  status: 'closed',
  guideline_version: null,
};

describe('a reference round (labels a benchmark published)', () => {
  it('links to its published labels, not to progress, agreement or disagreements', () => {
    renderWithProviders(
      <MemoryRouter>
        <RoundActions round={REFERENCE} slug="tofueval" onChanged={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Published labels of TofuEval release' })).toHaveAttribute(
      'href',
      '/app/admin/rounds/9/progress?project=tofueval',
    );
    expect(screen.queryByRole('link', { name: /Agreement|Disagreements|Progress/ })).not.toBeInTheDocument();
  });

  it('shows the label distribution per system and topic category', () => {
    renderWithProviders(
      <>
        <h2 id="t">By topic category</h2>
        <PublishedLabelsTable
          labelledBy="t"
          byTopicCategory
          rows={[
            { system: 'gpt-4', topic_category: 'main', summaries: 10, sentences: 30, consistent: 27, inconsistent: 3, inconsistent_rate: 0.1 },
          ]}
        />
      </>,
    );
    const row = within(screen.getByRole('table', { name: 'By topic category' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('maingpt-41030273');
    expect(row).toHaveTextContent('10%');
  });
});

describe('comparing guideline versions', () => {
  it('never says "only one version so far" when there is none', () => {
    renderWithProviders(<GuidelineDiffView slug="tofueval" versions={[]} />);
    expect(screen.getByText('No guidelines yet: write the first version above.')).toBeInTheDocument();
    expect(screen.queryByText(/only one version/)).not.toBeInTheDocument();
  });
});
