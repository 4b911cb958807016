import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import type { WorkspacePayload } from '../api/types';
import { AppRoutes } from '../routes';
import { fakeServer } from '../test/fakeServer';
import { workspacePayload } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { answer } from '../test/answer';

function openWorkspace(payload: WorkspacePayload) {
  fakeServer({ 'GET /api/assignments/12/': () => answer('GET /api/assignments/{assignment_id}/', 200, payload) });
  renderWithProviders(
    <MemoryRouter initialEntries={['/app/assignments/12']}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

function submitted(outcomes: WorkspacePayload['review_outcomes']): WorkspacePayload {
  return workspacePayload({ status: 'submitted', read_only: true, review_outcomes: outcomes });
}

describe('review outcomes in a submitted workspace', () => {
  it('says under each reviewed sentence what review decided, the note, and where it stands', async () => {
    openWorkspace(
      submitted([
        { sentence: 'sentence-4001-handle-x', decision: 'false_positive', error_types: [], note: 'Turn 1 says it was approved.', status: 'disputed' },
        { sentence: 'sentence-4003-handle-x', decision: 'types_changed', error_types: [32], note: '', status: 'confirmed' },
      ]),
    );

    const a1 = await screen.findByRole('group', { name: 'Summary A, sentence 1' });
    const outcome = within(a1).getByRole('note', { name: 'Review outcome' });
    expect(outcome).toHaveTextContent('Review: false positive (the sentence is consistent) — Turn 1 says it was approved.');
    expect(outcome).toHaveTextContent('disputed; an admin will decide');

    const b1 = screen.getByRole('group', { name: 'Summary B, sentence 1' });
    expect(within(b1).getByRole('note', { name: 'Review outcome' })).toHaveTextContent(
      'Review: error confirmed, types changed to Stating Opinion As Fact',
    );
    expect(within(b1).getByRole('note', { name: 'Review outcome' })).toHaveTextContent('confirmed by a second reviewer');

    // A sentence no review decided shows nothing, and nothing can be changed.
    const a2 = screen.getByRole('group', { name: 'Summary A, sentence 2' });
    expect(within(a2).queryByRole('note', { name: 'Review outcome' })).not.toBeInTheDocument();
    expect(within(a1).getByRole('button', { name: 'Summary A, sentence 1: consistent' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows nothing while the unit has no outcomes', async () => {
    openWorkspace(workspacePayload());
    await screen.findByRole('group', { name: 'Summary A, sentence 1' });
    expect(screen.queryByRole('note', { name: 'Review outcome' })).not.toBeInTheDocument();
  });
});
