import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import type { Me, QueueResponse } from '../api/types';
import { AppRoutes } from '../routes';
import { fakeServer } from '../test/fakeServer';
import { queueResponse } from '../test/fixtures';
import { reviewQueueResponse } from '../test/reviewFixtures';
import { renderWithProviders } from '../test/render';
import { answer } from '../test/answer';
import { groupByRound } from './groupByRound';

const LINGUIST: Me = {
  username: 'linguist1',
  display_name: 'Linguist One',
  is_staff: false,
  is_superuser: false,
  can_create_projects: false,
  memberships: [{ project: 'demo', project_name: 'Demo study', role: 'annotator' }],
};

function renderQueue(path = '/', me: Me = LINGUIST, queue: QueueResponse = queueResponse()) {
  const server = fakeServer({
    'GET /api/me/': () => answer('GET /api/me/', 200, me),
    'GET /api/assignments/': () => answer('GET /api/assignments/', 200, queue),
    'POST /api/feedback/4/read/': () => answer('POST /api/feedback/{feedback_id}/read/', 204, null),
    'POST /api/feedback/4/replies/': (body) =>
      answer('POST /api/feedback/{feedback_id}/replies/', 201, { id: 1, author: 'Linguist One', mine: true, text: (body as { text: string }).text, created_at: '2025-01-12T10:00:00Z' }),
  });
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
  return server;
}

describe('the queue', () => {
  it.each(['/', '/app/queue'])('lists the assignments at %s grouped by round under the header', async (path) => {
    renderQueue(path);

    expect(await screen.findByText(/Signed in as/)).toHaveTextContent('Linguist One');
    const pilot = await screen.findByRole('table', { name: 'Pilot 1 — Demo study' });
    const rows = within(pilot).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = rows[0]!;
    expect(first).toHaveTextContent('Funding for the river bus line');
    expect(first).toHaveTextContent('City council: streetlights and parking');
    expect(first).toHaveTextContent('unit 3 of 9');
    expect(first).toHaveTextContent('In progress');
    expect(first).toHaveTextContent('3 / 17');
    expect(within(first).getByRole('progressbar', { name: 'Progress: 3 of 17 items answered' })).toBeInTheDocument();
    expect(first).toHaveTextContent('12 min');
    expect(within(first).getByRole('link', { name: /^Continue/ })).toHaveAttribute('href', '/app/assignments/12');
    expect(rows[1]).toHaveTextContent('Not started');
    // A unit not started says Start, and shows no time on it.
    expect(within(rows[1]!).getByRole('link', { name: /^Start/ })).toBeInTheDocument();
    expect(rows[1]).not.toHaveTextContent('min');

    const practice = screen.getByRole('table', { name: 'Practice — Demo study' });
    expect(practice).toHaveTextContent('Submitted');
    expect(within(practice).getByRole('link', { name: /^Open/ })).toHaveAttribute('href', '/app/assignments/7');
  });

  it('shows unread feedback on top and marks it as read', async () => {
    const server = renderQueue();

    const feedback = await screen.findByRole('article', { name: 'Demo study · Pilot 1 · Summary B, sentence 2' });
    expect(feedback).toHaveTextContent('Hopes are not facts');
    expect(feedback).toHaveTextContent('From Ada Admin');

    await userEvent.click(within(feedback).getByRole('button', { name: 'Mark as read' }));

    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
    expect(server.requests).toContainEqual({ method: 'POST', path: '/api/feedback/4/read/', body: undefined });
  });

  it('answers the admin under their note, and says when a unit was reopened', async () => {
    const queue = queueResponse();
    queue.feedback[0] = {
      ...queue.feedback[0]!,
      reopened: true,
      replies: [{ id: 7, author: 'Ada Admin', mine: false, text: 'Any news?', created_at: '2025-01-12T09:30:00Z' }],
    };
    const server = renderQueue('/', LINGUIST, queue);

    const feedback = await screen.findByRole('article', { name: /Pilot 1/ });
    expect(feedback).toHaveTextContent('Unit reopened for you');
    expect(within(feedback).getByRole('list', { name: 'Replies' })).toHaveTextContent('Ada Admin');
    const send = within(feedback).getByRole('button', { name: 'Send reply' });
    expect(send).toBeDisabled();
    await userEvent.type(within(feedback).getByRole('textbox', { name: 'Reply' }), 'Re-checked: turn 4 supports it.');
    await userEvent.click(send);

    await waitFor(() =>
      expect(within(feedback).getByRole('list', { name: 'Replies' })).toHaveTextContent('You'),
    );
    expect(within(feedback).getByRole('list', { name: 'Replies' })).toHaveTextContent('Re-checked: turn 4 supports it.');
    expect(within(feedback).getByRole('textbox', { name: 'Reply' })).toHaveValue('');
    expect(server.requests).toContainEqual({
      method: 'POST',
      path: '/api/feedback/4/replies/',
      body: { text: 'Re-checked: turn 4 supports it.' },
    });
  });
});

describe('groupByRound', () => {
  it('opens an error-typing assignment on the item screen, and the others in the workspace', async () => {
    const queue = queueResponse();
    const typing = {
      ...queue.assignments[0]!,
      id: 44,
      round: { id: 9, name: 'Typing 1', kind: 'error_typing', status: 'open' },
      topic: 'Ferry timetable',
      screen: 'items' as const,
    };
    renderQueue('/', LINGUIST, { ...queue, assignments: [...queue.assignments, typing] });

    const table = await screen.findByRole('table', { name: 'Typing 1 — Demo study' });
    expect(within(table).getByRole('link', { name: /Ferry timetable/ })).toHaveAttribute('href', '/app/assignments/44/items');
    // The round's kind reads as words, never as its identifier.
    expect(screen.getByText('Error typing')).toBeInTheDocument();
    expect(screen.queryByText('error_typing')).toBeNull();
    const pilot = screen.getByRole('table', { name: 'Pilot 1 — Demo study' });
    expect(within(pilot).getByRole('link', { name: /^Continue/ })).toHaveAttribute('href', '/app/assignments/12');
  });

  it('lands someone who only reviews on their reviews', async () => {
    const reviewer: Me = {
      username: 'rev1',
      display_name: 'Rhea Reviewer',
      is_staff: false,
      is_superuser: false,
      can_create_projects: false,
      memberships: [{ project: 'demo', project_name: 'Demo study', role: 'reviewer' }],
    };
    const server = fakeServer({
      'GET /api/me/': () => answer('GET /api/me/', 200, reviewer),
      'GET /api/assignments/': () => answer('GET /api/assignments/', 200, { assignments: [], feedback: [] }),
      'GET /api/reviews/': () => answer('GET /api/reviews/', 200, reviewQueueResponse()),
    });
    renderWithProviders(
      <MemoryRouter initialEntries={['/']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    const table = await screen.findByRole('table', { name: 'Your reviews' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByText(/You have no assignments/)).not.toBeInTheDocument();
    expect(server.requests.some((request) => request.path === '/api/reviews/')).toBe(true);
  });

  it('keeps the server order of rounds and rows', () => {
    const groups = groupByRound(queueResponse().assignments);
    expect(groups.map((group) => [group.round.name, group.entries.map((entry) => entry.id)])).toEqual([
      ['Pilot 1', [12, 13]],
      ['Practice', [7]],
    ]);
  });

  it('shows an admin who annotates nowhere their projects, not "no assignments"', async () => {
    const admin: Me = {
      username: 'admin',
      display_name: 'Ada Admin',
      is_staff: true,
      is_superuser: false,
      can_create_projects: true,
      memberships: [{ project: 'demo', project_name: 'Demo study', role: 'admin' }],
    };
    const server = renderQueue('/', admin, { assignments: [], feedback: [] });

    expect(await screen.findByRole('heading', { name: 'Your projects' })).toBeInTheDocument();
    expect(screen.getByText('Demo study')).toBeInTheDocument();
    // Once the (empty) queue has arrived: while it loads, its heading and loader show.
    await waitFor(() => expect(server.requests.some((request) => request.path === '/api/assignments/')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Your assignments' })).not.toBeInTheDocument();
    expect(screen.queryByText(/You have no assignments/)).not.toBeInTheDocument();
  });
});
