import { Alert, Stack, Title } from '@mantine/core';
import { useId, useState } from 'react';

import {
  getInvitations,
  getMembers,
  getPeopleHistory,
  removeMember,
  revokeInvitation,
  updateMember,
} from '../../api/client';
import type { Invitation, MemberUpdateBody, PeopleChange, ProjectPerson } from '../../api/types';
import { describeError } from '../../useMe';
import { LoadStatus } from '../LoadStatus';
import { useLoad } from '../useLoad';
import { AddMemberForm } from './AddMemberForm';
import { InviteForm } from './InviteForm';
import { MembersTable } from './MembersTable';
import { PeopleHistory } from './PeopleHistory';
import { PendingInvitations } from './PendingInvitations';

interface People {
  members: ProjectPerson[];
  invitations: Invitation[];
  history: PeopleChange[];
}

interface PeopleSectionProps {
  slug: string;
  /** Members changed: the rest of the page (the new-round form's annotators) reloads. */
  onMembersChanged: () => void;
}

/** The project page's "People": who works on the project and in which roles, invitations
 * for people without an account, and the history of every change (docs/people.md). */
export function PeopleSection({ slug, onMembersChanged }: PeopleSectionProps) {
  const membersId = useId();
  const invitationsId = useId();
  const historyId = useId();
  const { state, reload, refresh, setData } = useLoad(slug, async (signal): Promise<People> => {
    const [members, invitations, history] = await Promise.all([
      getMembers(slug, signal),
      getInvitations(slug, signal),
      getPeopleHistory(slug, signal),
    ]);
    return { members, invitations, history };
  });
  const [busyMember, setBusyMember] = useState<string | null>(null);
  const [busyInvitation, setBusyInvitation] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (state.status !== 'ready') return <LoadStatus state={state} what="the project's people" onRetry={reload} />;
  const { members, invitations, history } = state.data;

  async function change(member: ProjectPerson, action: () => Promise<unknown>) {
    setBusyMember(member.username);
    setError(null);
    try {
      await action();
      onMembersChanged();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      await refresh();
      setBusyMember(null);
    }
  }
  const update = (member: ProjectPerson, body: MemberUpdateBody) =>
    void change(member, () => updateMember(slug, member.username, body));

  async function revoke(invitation: Invitation) {
    setBusyInvitation(invitation.id);
    setError(null);
    try {
      await revokeInvitation(slug, invitation.id);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      await refresh();
      setBusyInvitation(null);
    }
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={3} size="h4" mb="xs" id={membersId}>
          Members
        </Title>
        {error !== null && (
          <Alert color="red" title="Not changed" role="alert" mb="sm" withCloseButton onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        <MembersTable
          members={members}
          labelledBy={membersId}
          busy={busyMember}
          onRoles={(member, roles) => {
            // Shown at once (a checkbox that lags its click reads as broken); the refresh
            // after the answer puts the server's roles back if it refused.
            setData((people) => ({
              ...people,
              members: people.members.map((m) => (m.username === member.username ? { ...m, roles } : m)),
            }));
            update(member, { roles });
          }}
          onPaused={(member, paused) => update(member, { paused })}
          onRemove={(member) => void change(member, () => removeMember(slug, member.username))}
        />
      </div>
      <div>
        <Title order={3} size="h4" mb="xs">
          Add an existing user
        </Title>
        <AddMemberForm
          slug={slug}
          onAdded={() => {
            void refresh();
            onMembersChanged();
          }}
        />
      </div>
      <div>
        <Title order={3} size="h4" mb="xs">
          Invite a new person
        </Title>
        <InviteForm slug={slug} onInvited={() => void refresh()} />
      </div>
      <div>
        <Title order={3} size="h4" mb="xs" id={invitationsId}>
          Pending invitations
        </Title>
        <PendingInvitations
          invitations={invitations}
          labelledBy={invitationsId}
          busy={busyInvitation}
          onRevoke={(invitation) => void revoke(invitation)}
        />
      </div>
      <details>
        <summary>
          <Title order={3} size="h4" id={historyId} style={{ display: 'inline' }}>
            History
          </Title>
        </summary>
        <PeopleHistory changes={history} labelledBy={historyId} />
      </details>
    </Stack>
  );
}
