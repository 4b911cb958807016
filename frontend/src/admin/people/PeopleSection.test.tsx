import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { Invitation, ProjectPerson } from '../../api/types';
import { answer } from '../../test/answer';
import { fakeServer } from '../../test/fakeServer';
import { errorResponse, renderWithProviders } from '../../test/render';
import { PeopleSection } from './PeopleSection';

const BASE = '/api/admin/projects/study';
const MEMBERS = `${BASE}/members/`;
const INVITATIONS = `${BASE}/invitations/`;
const HISTORY = `${BASE}/people-history/`;

function person(username: string, roles: ProjectPerson['roles'], paused = false): ProjectPerson {
  return {
    username,
    display_name: username,
    email: '',
    roles,
    paused,
    paused_at: paused ? '2026-11-20T10:00:00Z' : null,
    paused_round: null,
    joined_at: '2026-11-01T10:00:00Z',
  };
}

const PENDING: Invitation = {
  id: 7,
  role: 'reviewer',
  email: 'nina@example.org',
  created_by: 'ada',
  created_at: '2026-11-26T10:00:00Z',
  expires_at: '2026-12-03T10:00:00Z',
};

/** A server holding `members` and `invitations`, answering the section's reads. */
function server(members: ProjectPerson[], invitations: Invitation[] = [], extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    [`GET ${MEMBERS}`]: () => answer('GET /api/admin/projects/{slug}/members/', 200, members),
    [`GET ${INVITATIONS}`]: () => answer('GET /api/admin/projects/{slug}/invitations/', 200, invitations),
    [`GET ${HISTORY}`]: () => answer('GET /api/admin/projects/{slug}/people-history/', 200, []),
    ...extra,
  });
}

describe('the People section', () => {
  it('changes a role with the member’s labelled checkboxes and tells the page', async () => {
    const members = [person('ada', ['admin']), person('lena', ['annotator'])];
    const { requests } = server(members, [], {
      [`PATCH ${MEMBERS}lena/`]: (body) => {
        members[1] = person('lena', (body as { roles: ProjectPerson['roles'] }).roles);
        return answer('PATCH /api/admin/projects/{slug}/members/{username}/', 200, members[1]);
      },
    });
    const onMembersChanged = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<PeopleSection slug="study" onMembersChanged={onMembersChanged} />);

    const lena = await screen.findByRole('group', { name: 'Roles of lena' });
    // A member's only role cannot be unticked: removing them is the Remove button.
    expect(within(lena).getByRole('checkbox', { name: 'Annotator (linguist)' })).toBeDisabled();
    await user.click(within(lena).getByRole('checkbox', { name: 'Reviewer' }));

    await waitFor(() => expect(onMembersChanged).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ roles: ['annotator', 'reviewer'] });
    await waitFor(() =>
      expect(within(screen.getByRole('group', { name: 'Roles of lena' })).getByRole('checkbox', { name: 'Reviewer' })).toBeChecked(),
    );
  });

  it('shows the server’s refusal to demote the last admin and keeps the roles', async () => {
    server([person('ada', ['admin', 'annotator'])], [], {
      [`PATCH ${MEMBERS}ada/`]: () =>
        errorResponse(400, {
          message: 'ada is the project’s last admin.',
          code: 'last_admin',
          errors: { roles: ['ada is the last admin: make someone else admin first'] },
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PeopleSection slug="study" onMembersChanged={() => {}} />);

    const ada = await screen.findByRole('group', { name: 'Roles of ada' });
    await user.click(within(ada).getByRole('checkbox', { name: 'Project admin' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('last admin');
    await waitFor(() =>
      expect(within(screen.getByRole('group', { name: 'Roles of ada' })).getByRole('checkbox', { name: 'Project admin' })).toBeChecked(),
    );
  });

  it('pauses a member, and removes one only after a confirmation', async () => {
    const members = [person('ada', ['admin']), person('lena', ['annotator'])];
    const { requests } = server(members, [], {
      [`PATCH ${MEMBERS}lena/`]: () => {
        members[1] = person('lena', ['annotator'], true);
        return answer('PATCH /api/admin/projects/{slug}/members/{username}/', 200, members[1]!);
      },
      [`DELETE ${MEMBERS}lena/`]: () => {
        members.pop();
        return answer('DELETE /api/admin/projects/{slug}/members/{username}/', 204, null);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<PeopleSection slug="study" onMembersChanged={() => {}} />);

    await user.click(await screen.findByRole('button', { name: 'Pause lena' }));
    expect(await screen.findByRole('button', { name: 'Resume lena' })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ paused: true });

    await user.click(screen.getByRole('button', { name: 'Remove lena from the project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove lena?' });
    expect(dialog).toHaveTextContent('Units they have not started in rounds not yet closed are released');
    expect(dialog).toHaveTextContent('their judgements stay, attributed to them');
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Remove lena' }));

    await waitFor(() => expect(screen.queryByRole('group', { name: 'Roles of lena' })).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`${MEMBERS}lena/`]);
  });

  it('adds an existing user, naming the field the server refused', async () => {
    const members = [person('ada', ['admin'])];
    const { requests } = server(members, [], {
      [`POST ${MEMBERS}`]: (body) => {
        const { user } = body as { user: string };
        if (user !== 'rita') {
          return errorResponse(400, {
            message: 'No account is called nobody.',
            errors: { user: ["no account has the username or email 'nobody': invite them instead"] },
          });
        }
        members.push(person('rita', ['reviewer']));
        return answer('POST /api/admin/projects/{slug}/members/', 201, members[1]!);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<PeopleSection slug="study" onMembersChanged={() => {}} />);

    const form = await screen.findByRole('form', { name: 'Add an existing user' });
    const who = within(form).getByRole('textbox', { name: 'Username or email' });
    await user.type(who, 'nobody');
    await user.click(within(form).getByRole('button', { name: 'Add to the project' }));
    await waitFor(() => expect(who).toHaveAccessibleDescription(/invite them instead/));

    await user.clear(who);
    await user.type(who, 'rita');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Role' }), 'Reviewer');
    await user.click(within(form).getByRole('button', { name: 'Add to the project' }));

    expect(await screen.findByRole('group', { name: 'Roles of rita' })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ user: 'rita', role: 'reviewer' });
    expect(within(form).getByRole('status')).toHaveTextContent('rita added as Reviewer.');
  });

  it('creates an invitation, shows its link to copy once, and revokes a pending one', async () => {
    const invitations = [PENDING];
    const link = 'http://testserver/accounts/invitations/secret-token/';
    server([person('ada', ['admin'])], invitations, {
      [`POST ${INVITATIONS}`]: () =>
        answer('POST /api/admin/projects/{slug}/invitations/', 201, {
          ...PENDING,
          id: 8,
          role: 'annotator',
          email: '',
          link,
        }),
      [`DELETE ${INVITATIONS}7/`]: () => {
        invitations.pop();
        return answer('DELETE /api/admin/projects/{slug}/invitations/{invitation_id}/', 204, null);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<PeopleSection slug="study" onMembersChanged={() => {}} />);

    const form = await screen.findByRole('form', { name: 'Invite a new person' });
    await user.click(within(form).getByRole('button', { name: 'Create invitation link' }));

    expect(await screen.findByRole('textbox', { name: 'Invitation link' })).toHaveValue(link);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    const pending = screen.getByRole('table', { name: 'Pending invitations' });
    expect(pending).toHaveTextContent('nina@example.org');
    expect(pending).toHaveTextContent('Reviewer');

    await user.click(within(pending).getByRole('button', { name: 'Revoke nina@example.org' }));
    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument();
  });
});
