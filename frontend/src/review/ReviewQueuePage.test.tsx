import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import type { Me } from '../api/types';
import { AppRoutes } from '../routes';
import { fakeServer } from '../test/fakeServer';
import { errorResponse, renderWithProviders } from '../test/render';
import { answer, type Answer } from '../test/answer';
import { itemsPayload, reviewQueueResponse } from '../test/reviewFixtures';

const REVIEWER: Me = {
  username: 'rev1',
  display_name: 'Rhea Reviewer',
  is_staff: false,
  is_superuser: false,
  can_create_projects: false,
  memberships: [{ project: 'demo', project_name: 'Demo study', role: 'reviewer' }],
};

function renderAt(path: string, me: Me = REVIEWER, reviews: () => Answer = () => answer('GET /api/reviews/', 200, reviewQueueResponse())) {
  const server = fakeServer({
    'GET /api/me/': () => answer('GET /api/me/', 200, me),
    'GET /api/reviews/': reviews,
    'GET /api/assignments/': () => answer('GET /api/assignments/', 200, { assignments: [], feedback: [] }),
    'GET /api/assignments/41/items/': () => answer('GET /api/assignments/{assignment_id}/items/', 200, itemsPayload('review')),
  });
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
  return server;
}

describe('the reviewer queue', () => {
  it('lists each review assignment with its stage, round, project and items done, linked to the item screen', async () => {
    renderAt('/app/reviews');

    const table = await screen.findByRole('table', { name: 'Your reviews' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [review, second] = rows as [HTMLElement, HTMLElement];
    expect(review).toHaveTextContent('Funding for the river bus line');
    expect(review).toHaveTextContent('Review');
    expect(review).toHaveTextContent('Review 1');
    expect(review).toHaveTextContent('Demo study');
    expect(review).toHaveTextContent('1 / 2');
    expect(within(review).getByRole('progressbar', { name: 'Progress: 1 of 2 items done' })).toBeInTheDocument();
    expect(within(review).getByRole('link', { name: /^Continue: review of Funding/ })).toHaveAttribute('href', '/app/assignments/41/items');
    expect(second).toHaveTextContent('Second review');
    expect(second).toHaveTextContent('0 / 3');
    expect(within(second).getByRole('link', { name: /^Start: second review of Storm warnings/ })).toHaveAttribute(
      'href',
      '/app/assignments/58/items',
    );
  });

  it('opens the item screen from its link', async () => {
    renderAt('/app/reviews');
    const table = await screen.findByRole('table', { name: 'Your reviews' });
    await userEvent.click(within(table).getByRole('link', { name: /^Continue: review of Funding/ }));
    expect(await screen.findByRole('article', { name: 'Item 1 of 2: Summary A, sentence 2' })).toBeInTheDocument();
  });

  it('says so when there is nothing to review', async () => {
    renderAt('/app/reviews', REVIEWER, () => answer('GET /api/reviews/', 200, { assignments: [] }));
    expect(await screen.findByText(/You have no reviews yet/)).toBeInTheDocument();
  });

  it('reports a queue that cannot be loaded, with a way to try again', async () => {
    renderAt('/app/reviews', REVIEWER, () => errorResponse(500, { message: 'The server failed.' }));
    expect(await screen.findByRole('alert', { name: 'Could not load your reviews' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('is linked in the header for reviewers only', async () => {
    renderAt('/');
    const nav = await screen.findByRole('navigation', { name: 'Your work' });
    expect(within(nav).getByRole('link', { name: 'Reviews' })).toHaveAttribute('href', '/app/reviews');
    expect(within(nav).getByRole('link', { name: 'Assignments' })).toHaveAttribute('aria-current', 'page');
  });

  it('has no header link for someone who does not review', async () => {
    renderAt('/', { ...REVIEWER, memberships: [{ project: 'demo', project_name: 'Demo study', role: 'annotator' }] });
    await screen.findByText(/Signed in as/);
    expect(screen.queryByRole('navigation', { name: 'Your work' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reviews' })).not.toBeInTheDocument();
  });
});
