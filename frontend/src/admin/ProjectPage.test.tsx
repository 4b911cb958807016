import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import type { AgreementTargets, Me } from '../api/types';
import { AppRoutes } from '../routes';
import { adminProject } from '../test/adminFixtures';
import { fakeServer } from '../test/fakeServer';
import { answer } from '../test/answer';
import { errorResponse, renderWithProviders } from '../test/render';

const ADMIN: Me = {
  username: 'ada',
  display_name: 'Ada Admin',
  is_staff: false,
  is_superuser: false,
  can_create_projects: false,
  memberships: [
    { project: 'demo', project_name: 'Demo study (TofuEval scheme)', role: 'admin' },
    { project: 'other', project_name: 'Other study', role: 'annotator' },
  ],
};

const GUIDELINE_2 = {
  version: 2,
  markdown: '# Guidelines\n\nHopes are **not** facts.',
  changelog: 'Hopes are not facts.',
  created_at: '2025-01-05T09:00:00Z',
  published_at: '2025-01-05T09:00:00Z',
};

function renderAt(path: string, extra: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer({
    'GET /api/me/': () => answer('GET /api/me/', 200, ADMIN),
    'GET /api/assignments/': () => answer('GET /api/assignments/', 200, { assignments: [], feedback: [] }),
    'GET /api/admin/projects/demo/': () => answer('GET /api/admin/projects/{slug}/', 200, adminProject()),
    'GET /api/admin/projects/demo/guidelines/2/': () => answer('GET /api/admin/projects/{slug}/guidelines/{version}/', 200, GUIDELINE_2),
    'GET /api/admin/projects/demo/guidelines/diff/?from=1&to=2': () =>
      answer('GET /api/admin/projects/{slug}/guidelines/diff/', 200, { from: 1, to: 2, diff: '--- v1\n+++ v2\n@@ -1,2 +1,2 @@\n # Guidelines\n-Hopes are facts.\n+Hopes are **not** facts.\n' }),
    ...extra,
  });
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
  return server;
}

describe('the project admin page', () => {
  it('is linked as "Manage" from the landing page for projects the person administers', async () => {
    const user = userEvent.setup();
    renderAt('/');

    const manage = await screen.findByRole('link', { name: 'Manage Demo study (TofuEval scheme)' });
    expect(manage).toHaveAttribute('href', '/app/admin/projects/demo');
    expect(screen.queryByRole('link', { name: 'Manage Other study' })).not.toBeInTheDocument();

    await user.click(manage);
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo study (TofuEval scheme)' })).toBeInTheDocument();
  });

  it('shows the overview and the rounds, and opens and closes rounds', async () => {
    const project = adminProject();
    const user = userEvent.setup();
    const server = renderAt('/app/admin/projects/demo', {
      'POST /api/admin/rounds/2/open/': () => answer('POST /api/admin/rounds/{round_id}/open/', 200, { ...project.rounds[1]!, status: 'open', opened_at: '2025-01-07T09:00:00Z' }),
      'POST /api/admin/rounds/1/close/': () => answer('POST /api/admin/rounds/{round_id}/close/', 200, { ...project.rounds[0]!, status: 'closed', closed_at: '2025-01-08T09:00:00Z' }),
    });

    const members = await screen.findByRole('table', { name: 'Members' });
    expect(within(members).getByRole('row', { name: /Luis Linguist/ })).toHaveTextContent('Linguist, Reviewer');
    expect(screen.getByRole('table', { name: 'Corpora' })).toHaveTextContent('demo3945');

    const rounds = screen.getByRole('table', { name: 'Rounds' });
    const pilot1 = within(rounds).getByRole('row', { name: /Pilot 1/ });
    expect(pilot1).toHaveTextContent('Open');
    expect(pilot1).toHaveTextContent('4 / 18');
    expect(within(pilot1).getByRole('link', { name: 'Agreement in Pilot 1' })).toHaveAttribute(
      'href',
      '/app/admin/rounds/1/agreement?project=demo',
    );

    await user.click(within(rounds).getByRole('button', { name: 'Open round Pilot 2' }));
    await waitFor(() =>
      expect(within(rounds).queryByRole('button', { name: 'Open round Pilot 2' })).not.toBeInTheDocument(),
    );
    expect(within(rounds).getByRole('button', { name: 'Close round Pilot 2' })).toBeInTheDocument();

    // Closing asks first.
    await user.click(within(rounds).getByRole('button', { name: 'Close round Pilot 1' }));
    expect(server.requests.some((r) => r.path === '/api/admin/rounds/1/close/')).toBe(false);
    await user.click(within(rounds).getByRole('button', { name: 'Confirm: close round Pilot 1' }));
    await waitFor(() => expect(within(rounds).getByRole('row', { name: /Pilot 1/ })).toHaveTextContent('Closed'));
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/admin/rounds/2/open/',
      '/api/admin/rounds/1/close/',
    ]);
  });

  it('saves the agreement targets, sending null for an empty box', async () => {
    const user = userEvent.setup();
    const server = renderAt('/app/admin/projects/demo', {
      'PUT /api/admin/projects/demo/targets/': (body) => answer('PUT /api/admin/projects/{slug}/targets/', 200, { ...adminProject().targets, ...(body as Partial<AgreementTargets>) }),
    });

    const sentence = await screen.findByRole('textbox', { name: 'Target: Sentence consistency' });
    expect(sentence).toHaveValue('0.4');
    await user.clear(sentence);
    await user.type(sentence, '0.6');
    await user.clear(screen.getByRole('textbox', { name: 'Target: Topic category' }));
    await user.click(screen.getByRole('button', { name: 'Save targets' }));

    expect(await screen.findByText('Targets saved.')).toBeInTheDocument();
    const put = server.requests.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({ sentence_consistency: 0.6, topic_category: null, relevance: null });
  });

  it('offers span targets only where the scheme asks for spans, and keeps a hidden one', async () => {
    const user = userEvent.setup();
    const base = adminProject();
    const server = renderAt('/app/admin/projects/demo', {
      'GET /api/admin/projects/demo/': () => answer('GET /api/admin/projects/{slug}/', 200, { ...base, targets: { ...base.targets, span_exact: 0.5 } }),
      'PUT /api/admin/projects/demo/targets/': (body) => answer('PUT /api/admin/projects/{slug}/targets/', 200, { ...adminProject().targets, ...(body as Partial<AgreementTargets>) }),
    });

    await screen.findByRole('textbox', { name: 'Target: Sentence consistency' });
    expect(screen.queryByRole('textbox', { name: 'Target: Error spans (exact)' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save targets' }));
    expect(await screen.findByText('Targets saved.')).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ span_exact: 0.5, evidence_turns: null });
  });

  it('shows the span and evidence targets of a project that asks for them', async () => {
    const base = adminProject();
    renderAt('/app/admin/projects/demo', {
      'GET /api/admin/projects/demo/': () =>
        answer('GET /api/admin/projects/{slug}/', 200, { ...base, scheme: { ...base.scheme, error_spans: true, evidence: true } }),
    });
    expect(await screen.findByRole('textbox', { name: 'Target: Error spans (characters)' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Target: Evidence (turns cited)' })).toBeInTheDocument();
  });

  it('publishes a new guideline version from the latest text and shows the diff', async () => {
    const user = userEvent.setup();
    const server = renderAt('/app/admin/projects/demo', {
      'POST /api/admin/projects/demo/guidelines/': (body) =>
        answer('POST /api/admin/projects/{slug}/guidelines/', 201, { ...(body as { markdown: string; changelog: string }), version: 3, created_at: '2025-01-09T09:00:00Z', published_at: '2025-01-09T09:00:00Z' }),
    });

    const editor = await screen.findByRole('textbox', { name: 'Guideline text (Markdown)' });
    await waitFor(() => expect(editor).toHaveValue(GUIDELINE_2.markdown));
    // The live preview renders the Markdown.
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Guidelines' })).toBeInTheDocument();
    await user.type(editor, '\n\nAsk when unsure.');
    expect(within(preview).getByText('Ask when unsure.')).toBeInTheDocument();

    // The diff between v1 and v2, coloured by kind.
    const diff = await screen.findByLabelText('Changes from v1 to v2');
    expect(within(diff).getByText('+Hopes are **not** facts.')).toHaveAttribute('data-kind', 'added');
    expect(within(diff).getByText('-Hopes are facts.')).toHaveAttribute('data-kind', 'removed');

    await user.type(screen.getByRole('textbox', { name: 'Changelog' }), 'Say when to ask.');
    await user.click(screen.getByRole('button', { name: 'Publish new version' }));

    expect(await screen.findByText('Published version 3.')).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      markdown: `${GUIDELINE_2.markdown}\n\nAsk when unsure.`,
      changelog: 'Say when to ask.',
    });
    expect(screen.getByRole('table', { name: 'Guidelines' })).toHaveTextContent('v3Say when to ask.');
  });

  it('shows the progress of a round per annotator and per unit', async () => {
    const project = adminProject();
    renderAt('/app/admin/rounds/1/progress?project=demo', {
      'GET /api/admin/rounds/1/progress/': () =>
        answer('GET /api/admin/rounds/{round_id}/progress/', 200, {
          round: project.rounds[0]!,
          count: 1,
          page: 1,
          pages: 1,
          page_size: 50,
          annotators: [
            { username: 'linguist1', display_name: 'Lena Linguist', assigned: 9, submitted: 3, in_progress: 2, active_seconds: 2710 },
            { username: 'linguist2', display_name: 'Luis Linguist', assigned: 9, submitted: 1, in_progress: 0, active_seconds: 300 },
          ],
          units: [
            {
              topic: 77,
              topic_name: 'Funding for the river bus line',
              document: 'City council',
              assignments: [{ assignment: 41, username: 'linguist1', status: 'submitted', active_seconds: 610 }],
            },
          ],
          published: null,
        }),
    });

    const byLinguist = await screen.findByRole('table', { name: 'By linguist' });
    const lena = within(byLinguist).getByRole('row', { name: /Lena Linguist/ });
    // Assigned, in progress, submitted, time on task.
    expect(within(lena).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['9', '2', '3', '45 min']);
    const byUnit = screen.getByRole('table', { name: 'By unit' });
    const row = within(byUnit).getByRole('row', { name: /Funding/ });
    expect(row).toHaveTextContent('Submitted10 min');
    expect(row).toHaveTextContent('Not assigned');
    expect(screen.queryByRole('navigation', { name: 'Pages of units' })).not.toBeInTheDocument();
  });

  it('pages through the units of a large round, keeping the figures per linguist', async () => {
    const project = adminProject();
    const progress = (page: number, topic: number, name: string) => ({
      round: project.rounds[0]!,
      count: 120,
      page,
      pages: 3,
      page_size: 50,
      annotators: [{ username: 'linguist1', display_name: 'Lena Linguist', assigned: 120, submitted: 3, in_progress: 2, active_seconds: 2710 }],
      units: [{ topic, topic_name: name, document: 'City council', assignments: [{ assignment: topic, username: 'linguist1', status: 'assigned' as const, active_seconds: 0 }] }],
      published: null,
    });
    renderAt('/app/admin/rounds/1/progress?project=demo', {
      'GET /api/admin/rounds/1/progress/': () => answer('GET /api/admin/rounds/{round_id}/progress/', 200, progress(1, 77, 'Funding for the river bus line')),
      'GET /api/admin/rounds/1/progress/?page=3': () => answer('GET /api/admin/rounds/{round_id}/progress/', 200, progress(3, 301, 'Parking fees')),
    });

    const pages = await screen.findByRole('navigation', { name: 'Pages of units' });
    expect(within(pages).getByText('1–50 of 120')).toBeInTheDocument();
    await userEvent.setup().click(within(pages).getByRole('button', { name: 'Page 3 of units' }));

    const byUnit = await screen.findByRole('table', { name: 'By unit' });
    expect(await within(byUnit).findByRole('row', { name: /Parking fees/ })).toBeInTheDocument();
    expect(screen.getByText('101–120 of 120')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'By linguist' })).toHaveTextContent('Lena Linguist');
  });

  it('names the people of a review round reviewers in its progress', async () => {
    const project = adminProject();
    const review = { ...project.rounds[0]!, id: 5, name: 'Review 1', kind: 'review' as const };
    renderAt('/app/admin/rounds/5/progress?project=demo', {
      'GET /api/admin/projects/demo/': () => answer('GET /api/admin/projects/{slug}/', 200, adminProject({ rounds: [...project.rounds, review] })),
      'GET /api/admin/rounds/5/progress/': () =>
        answer('GET /api/admin/rounds/{round_id}/progress/', 200, {
          round: review,
          count: 0,
          page: 1,
          pages: 1,
          page_size: 50,
          annotators: [{ username: 'reviewer', display_name: 'Rita Reviewer', assigned: 2, submitted: 0, in_progress: 0, active_seconds: 0 }],
          units: [],
          published: null,
        }),
    });
    const table = await screen.findByRole('table', { name: 'By reviewer' });
    expect(within(table).getByRole('columnheader', { name: 'Reviewer' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Linguist' })).not.toBeInTheDocument();
  });

  it('counts the linguists\' unread replies on the project and on the round, each opening its unit', async () => {
    const project = adminProject({ unread_replies: [{ round: 1, topic: 77, count: 2 }, { round: 1, topic: null, count: 1 }] });
    renderAt('/app/admin/projects/demo', {
      'GET /api/admin/projects/demo/': () => answer('GET /api/admin/projects/{slug}/', 200, project),
    });
    expect(await screen.findByText('3 unread replies to your feedback')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pilot 1: 2 unread replies' })).toHaveAttribute(
      'href',
      '/app/admin/rounds/1/disagreements/77?project=demo',
    );
    await userEvent.setup().click(screen.getByRole('link', { name: 'Pilot 1: 2 unread replies' }));
    // The round's pages load on first use: wait for the lazy chunk as long as a loaded machine needs.
    expect(await screen.findByText(/3 unread feedback repl/, {}, { timeout: 10_000 })).toHaveTextContent('3 unread feedback replies');
  });

  it('lets a superuser who is not the project’s admin manage its people, then shows the whole page', async () => {
    const root: Me = { username: 'root', display_name: 'root', is_staff: true, is_superuser: true, can_create_projects: true, memberships: [] };
    const ada = { username: 'ada', display_name: 'Ada Admin', email: '', roles: ['admin' as const], paused: false, paused_at: null, paused_round: null, joined_at: '2026-11-01T10:00:00Z' };
    let rootIsAdmin = false;
    const { requests } = renderAt('/app/admin/projects/demo', {
      'GET /api/me/': () => answer('GET /api/me/', 200, root),
      'GET /api/admin/projects/demo/': () =>
        rootIsAdmin
          ? answer('GET /api/admin/projects/{slug}/', 200, adminProject())
          : errorResponse(404, { message: 'No such project that you administer.', code: 'not_found' }),
      'GET /api/admin/projects/demo/members/': () => answer('GET /api/admin/projects/{slug}/members/', 200, [ada]),
      'GET /api/admin/projects/demo/invitations/': () => answer('GET /api/admin/projects/{slug}/invitations/', 200, []),
      'GET /api/admin/projects/demo/people-history/': () => answer('GET /api/admin/projects/{slug}/people-history/', 200, []),
      'POST /api/admin/projects/demo/members/': () => {
        rootIsAdmin = true;
        return answer('POST /api/admin/projects/{slug}/members/', 201, { ...ada, username: 'root', display_name: 'root' });
      },
    });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'People of project demo' })).toBeInTheDocument();
    expect(screen.queryByText('Not found')).not.toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Roles of ada' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add an existing user' });
    await user.type(within(form).getByLabelText(/Username or email/), 'root');
    await user.selectOptions(within(form).getByLabelText('Role'), 'admin');
    await user.click(within(form).getByRole('button', { name: 'Add to the project' }));

    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ user: 'root', role: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo study (TofuEval scheme)' })).toBeInTheDocument();
  });

  it('still says "Not found" to an admin of other projects who is no superuser', async () => {
    renderAt('/app/admin/projects/elsewhere', {
      'GET /api/admin/projects/elsewhere/': () =>
        errorResponse(404, { message: 'No such project that you administer.', code: 'not_found' }),
    });
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /People of project/ })).not.toBeInTheDocument();
  });
});
