import { Button, Table, Text } from '@mantine/core';

import type { Invitation } from '../../api/types';
import { formatDateTime } from '../format';
import { roleLabel } from './roleLabels';

interface PendingInvitationsProps {
  invitations: Invitation[];
  labelledBy: string;
  busy: number | null;
  onRevoke: (invitation: Invitation) => void;
}

/** Links sent and not used yet: revoking one makes it stop working. */
export function PendingInvitations({ invitations, labelledBy, busy, onRevoke }: PendingInvitationsProps) {
  if (invitations.length === 0) return <Text size="sm">No pending invitations.</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-labelledby={labelledBy} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">For</Table.Th>
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col">Created</Table.Th>
            <Table.Th scope="col">Expires</Table.Th>
            <Table.Th scope="col">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invitations.map((invitation) => {
            const who = invitation.email === '' ? `invitation ${invitation.id}` : invitation.email;
            return (
              <Table.Tr key={invitation.id}>
                <Table.Td>{invitation.email === '' ? '—' : invitation.email}</Table.Td>
                <Table.Td>{roleLabel(invitation.role)}</Table.Td>
                <Table.Td>
                  {formatDateTime(invitation.created_at)}
                  {invitation.created_by !== '' && ` by ${invitation.created_by}`}
                </Table.Td>
                <Table.Td>{formatDateTime(invitation.expires_at)}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="default"
                    loading={busy === invitation.id}
                    aria-label={`Revoke ${who}`}
                    onClick={() => onRevoke(invitation)}
                  >
                    Revoke
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
