import { Badge, Button, Checkbox, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';

import type { ProjectPerson, ProjectRole } from '../../api/types';
import { formatDate } from '../format';
import { ROLES } from './roleLabels';

interface MembersTableProps {
  members: ProjectPerson[];
  labelledBy: string;
  /** Whose change is on its way (their controls wait). */
  busy: string | null;
  onRoles: (member: ProjectPerson, roles: ProjectRole[]) => void;
  onPaused: (member: ProjectPerson, paused: boolean) => void;
  onRemove: (member: ProjectPerson) => void;
}

/** The project's people: a row each, with their roles as checkboxes (a person may hold
 * several), pause or resume, and remove after a confirmation. */
export function MembersTable({ members, labelledBy, busy, onRoles, onPaused, onRemove }: MembersTableProps) {
  const [removing, setRemoving] = useState<ProjectPerson | null>(null);

  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table aria-labelledby={labelledBy} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Person</Table.Th>
              <Table.Th scope="col">Roles</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((member) => {
              const name = member.username;
              const waiting = busy === name;
              return (
                <Table.Tr key={name}>
                  <Table.Th scope="row" fw="normal">
                    <Text size="sm" fw={600}>
                      {member.display_name}
                    </Text>
                    {member.display_name !== name && <Text size="xs">{name}</Text>}
                    {member.email !== '' && <Text size="xs">{member.email}</Text>}
                  </Table.Th>
                  <Table.Td>
                    <Checkbox.Group
                      value={member.roles}
                      onChange={(roles) => {
                        if (roles.length > 0) onRoles(member, roles as ProjectRole[]);
                      }}
                    >
                      <Group gap="sm" role="group" aria-label={`Roles of ${name}`}>
                        {ROLES.map((role) => (
                          <Checkbox
                            key={role.value}
                            value={role.value}
                            label={role.label}
                            size="xs"
                            disabled={waiting || (member.roles.length === 1 && member.roles[0] === role.value)}
                          />
                        ))}
                      </Group>
                    </Checkbox.Group>
                  </Table.Td>
                  <Table.Td>
                    {/* Filled yellow with dark text (autoContrast): the light badges' orange and
                        green text fall under 4.5:1 on their tint. */}
                    {member.paused ? (
                      <Badge color="yellow.3" autoContrast title={`Since ${formatDate(member.paused_at)}`}>
                        Paused
                      </Badge>
                    ) : (
                      <Text size="sm">Active</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="default"
                        loading={waiting}
                        aria-label={`${member.paused ? 'Resume' : 'Pause'} ${name}`}
                        onClick={() => onPaused(member, !member.paused)}
                      >
                        {member.paused ? 'Resume' : 'Pause'}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="default"
                        color="red"
                        disabled={waiting}
                        aria-label={`Remove ${name} from the project`}
                        onClick={() => setRemoving(member)}
                      >
                        Remove
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={`Remove ${removing?.username ?? ''}?`}>
        <Stack gap="sm">
          <Text size="sm">
            {removing?.username} loses every role in this project and can no longer open its work. Units they have not
            started in rounds not yet closed are released for the round to give to someone else; their started and submitted work
            and their judgements stay, attributed to them. The removal is recorded in the history.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)} data-autofocus>
              Cancel
            </Button>
            <Button
              color="red.8"
              onClick={() => {
                if (removing !== null) onRemove(removing);
                setRemoving(null);
              }}
            >
              Remove {removing?.username}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
