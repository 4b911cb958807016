import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { FeedbackItem } from '../api/types';
import { answer } from '../test/answer';
import { fakeServer } from '../test/fakeServer';
import { renderWithProviders } from '../test/render';
import { WorkspaceFeedback } from './WorkspaceFeedback';

const NOTE: FeedbackItem = {
  id: 9,
  round: 'Pilot 1',
  round_id: 1,
  project: { slug: 'demo', name: 'Demo study' },
  author: 'Ada Admin',
  text: 'Turn 5 supports sentence 2.',
  created_at: '2026-11-21T06:00:00Z',
  assignment: 12,
  sentence: { summary_label: 'B', number: 2 },
  reopened: false,
  replies: [],
  read: false,
};

describe('feedback in the workspace', () => {
  it('shows the note with where it applies until it is marked as read', async () => {
    fakeServer({ 'POST /api/feedback/9/read/': () => answer('POST /api/feedback/{feedback_id}/read/', 204, null) });
    renderWithProviders(<WorkspaceFeedback items={[NOTE]} />);

    const region = screen.getByRole('region', { name: 'Feedback from your project admin' });
    expect(region).toHaveTextContent('Demo study · Pilot 1 · Summary B, sentence 2');
    expect(region).toHaveTextContent('Turn 5 supports sentence 2.');
    expect(screen.queryByRole('link', { name: 'Open the unit' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(screen.queryByText('Turn 5 supports sentence 2.')).toBeNull());
  });

  it('renders nothing without feedback', () => {
    renderWithProviders(<WorkspaceFeedback items={[]} />);
    expect(screen.queryByRole('region', { name: 'Feedback from your project admin' })).toBeNull();
  });
});
