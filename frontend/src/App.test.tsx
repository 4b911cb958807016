import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { App } from './App';
import type { Me } from './api/types';
import { answer } from './test/answer';
import { errorResponse, renderWithProviders } from './test/render';

const LINGUIST: Me = {
  username: 'linguist1',
  display_name: 'Linguist One',
  is_staff: false,
  is_superuser: false,
  can_create_projects: false,
  memberships: [
    { project: 'demo', project_name: 'Demo study', role: 'annotator' },
    { project: 'tofu', project_name: 'TofuEval replication', role: 'admin' },
    { project: 'tofu', project_name: 'TofuEval replication', role: 'reviewer' },
  ],
};

function stubFetch(...responses: Response[]) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const response of responses) fetchMock.mockResolvedValueOnce(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the signed-in landing page', () => {
  it("shows the person's name and their projects with roles in plain words", async () => {
    stubFetch(answer('GET /api/me/', 200, LINGUIST));

    renderWithProviders(<App navigate={vi.fn()} />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading your account');
    expect(await screen.findByText(/Signed in as/)).toHaveTextContent('Signed in as Linguist One');
    expect(screen.getByRole('heading', { level: 1, name: 'Factual consistency studio' })).toBeInTheDocument();

    const projects = within(screen.getByRole('list', { name: 'Your projects' })).getAllByRole('listitem');
    expect(projects).toHaveLength(2);
    expect(projects[0]).toHaveTextContent('Demo study');
    expect(within(projects[0]!).getByText('Linguist')).toBeInTheDocument();
    expect(projects[1]).toHaveTextContent('TofuEval replication');
    expect(within(projects[1]!).getByText('Project admin')).toBeInTheDocument();
    expect(within(projects[1]!).getByText('Reviewer')).toBeInTheDocument();
  });

  it('links to the Django admin only for staff', async () => {
    stubFetch(answer('GET /api/me/', 200, LINGUIST));
    const { unmount } = renderWithProviders(<App navigate={vi.fn()} />);
    await screen.findByText(/Signed in as/);
    expect(screen.queryByRole('link', { name: 'Django admin' })).not.toBeInTheDocument();
    unmount();

    stubFetch(answer('GET /api/me/', 200, { ...LINGUIST, is_staff: true }));
    renderWithProviders(<App navigate={vi.fn()} />);
    expect(await screen.findByRole('link', { name: 'Django admin' })).toHaveAttribute('href', '/admin/');
  });

  it('offers to start a new project only to those who may create one', async () => {
    stubFetch(answer('GET /api/me/', 200, LINGUIST));
    const { unmount } = renderWithProviders(<App navigate={vi.fn()} />);
    await screen.findByText(/Signed in as/);
    expect(screen.queryByRole('link', { name: 'New project' })).not.toBeInTheDocument();
    unmount();

    // Staff, or someone staff granted the right to (not staff themselves).
    stubFetch(answer('GET /api/me/', 200, { ...LINGUIST, can_create_projects: true }));
    renderWithProviders(<App navigate={vi.fn()} />);
    expect(await screen.findByRole('link', { name: 'New project' })).toHaveAttribute('href', '/app/admin/new-project');
  });

  it('tells a person without projects what to do', async () => {
    stubFetch(answer('GET /api/me/', 200, { ...LINGUIST, memberships: [] }));

    renderWithProviders(<App navigate={vi.fn()} />);

    expect(await screen.findByText(/not a member of any project yet/)).toBeInTheDocument();
  });

  it('signs out with the CSRF token and goes to the sign-in page', async () => {
    document.cookie = 'csrftoken=abc123';
    const fetchMock = stubFetch(
      answer('GET /api/me/', 200, LINGUIST),
      new Response('<form>sign in</form>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
    );
    const navigate = vi.fn();
    renderWithProviders(<App navigate={navigate} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/accounts/login/'));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/accounts/logout/');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('X-CSRFToken')).toBe('abc123');
  });

  it('says so when signing out fails and stays on the page', async () => {
    stubFetch(answer('GET /api/me/', 200, LINGUIST), errorResponse(403, { message: 'CSRF Failed: CSRF token missing.'  }));
    const navigate = vi.fn();
    renderWithProviders(<App navigate={navigate} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('CSRF token missing');
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([401, 403])('sends a signed-out person (%i) to the sign-in page', async (status) => {
    stubFetch(errorResponse(status, { message: 'Authentication credentials were not provided.'  }));
    const navigate = vi.fn();

    renderWithProviders(<App navigate={navigate} />);

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/accounts/login/?next=/'));
  });

  it('shows a readable error and can try again', async () => {
    stubFetch(
      new Response('Server Error', { status: 500, statusText: 'Internal Server Error' }),
      answer('GET /api/me/', 200, LINGUIST),
    );
    renderWithProviders(<App navigate={vi.fn()} />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your account');
    expect(alert).toHaveTextContent('GET /api/me/ failed with 500 Internal Server Error');

    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText(/Signed in as/)).toHaveTextContent('Linguist One');
  });

  it('explains when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));

    renderWithProviders(<App navigate={vi.fn()} />);

    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached');
  });
});
