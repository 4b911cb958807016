import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useState, type FormEvent } from 'react';

import { getProjectCreators, grantProjectCreator, revokeProjectCreator } from '../api/client';
import type { ProjectCreator } from '../api/types';
import { NO_ERRORS, fieldError, formErrors, type FormErrors } from '../admin/fieldErrors';

function GrantForm({ onGranted }: { onGranted: (creator: ProjectCreator) => void }) {
  const [username, setUsername] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = username.trim();
    if (name === '') {
      setErrors({ general: null, fields: { username: 'Enter the username of the person to let create projects.' } });
      return;
    }
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const creator = await grantProjectCreator(name);
      setUsername('');
      onGranted(creator);
    } catch (failure) {
      setErrors(formErrors(failure));
    } finally {
      setBusy(false);
    }
  }

  const usernameError = fieldError(errors, 'username') ?? errors.general ?? undefined;
  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Let a person create projects" noValidate>
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Username"
          description="They must have signed in once, or accepted an invitation"
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          error={usernameError}
          maxLength={150}
          w={320}
        />
        <Button type="submit" loading={busy} mt={46}>
          Let them create projects
        </Button>
      </Group>
    </form>
  );
}

/** Site staff decide who may start a study (docs/sign-in.md, "Who may create projects"),
 * so a lab needs no superuser per project and no trip to Django admin. */
export function ProjectCreatorsPage() {
  const [creators, setCreators] = useState<ProjectCreator[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ProjectCreator | null>(null);
  const [revokeBusy, setRevokeBusy] = useState(false);
  const [revokeError, setRevokeError] = useState<string | null>(null);

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      setCreators(await getProjectCreators(signal));
      setLoadError(null);
    } catch (failure) {
      if (signal?.aborted) return;
      setLoadError(formErrors(failure).general ?? 'Could not load the list.');
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  async function revoke() {
    if (revoking === null) return;
    setRevokeBusy(true);
    setRevokeError(null);
    try {
      await revokeProjectCreator(revoking.username);
      setNotice(`${revoking.display_name} can no longer create projects.`);
      setRevoking(null);
      await load();
    } catch (failure) {
      setRevokeError(formErrors(failure).general ?? 'Could not take the right back.');
    } finally {
      setRevokeBusy(false);
    }
  }

  return (
    <Stack gap="md">
      <Title order={2}>Who may create projects</Title>
      <Text size="sm">
        A person on this list can start a new study and becomes its first admin. Projects they already run are not
        affected when you take the right back.
      </Text>
      <GrantForm
        onGranted={(creator) => {
          setNotice(`${creator.display_name} can now create projects.`);
          void load();
        }}
      />
      <div role="status" aria-live="polite">
        {notice !== null && <Text size="sm">{notice}</Text>}
      </div>
      <Title order={3} id="creators-heading">
        People who may create projects
      </Title>
      {loadError !== null && (
        <Alert color="red" title="Could not load the list" role="alert">
          {loadError}
        </Alert>
      )}
      {creators === null && loadError === null && <Text size="sm">Loading…</Text>}
      {creators !== null && creators.length === 0 && (
        <Text size="sm">Nobody yet: only site staff can create projects.</Text>
      )}
      {creators !== null && creators.length > 0 && (
        <Table aria-labelledby="creators-heading" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Username</Table.Th>
              <Table.Th scope="col">Email</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {creators.map((creator) => (
              <Table.Tr key={creator.username}>
                <Table.Th scope="row" fw={500}>
                  {creator.display_name}
                </Table.Th>
                <Table.Td>{creator.username}</Table.Td>
                <Table.Td>{creator.email || '—'}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={`Take back from ${creator.display_name}`}
                    onClick={() => {
                      setRevokeError(null);
                      setRevoking(creator);
                    }}
                  >
                    Take back
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        closeButtonProps={{ 'aria-label': 'Cancel' }}
        title={revoking === null ? '' : `Stop ${revoking.display_name} creating projects?`}
      >
        <Stack gap="sm">
          <Text size="sm">They keep the projects they already run; they cannot start a new one.</Text>
          {revokeError !== null && (
            <Text size="sm" c="red.8" role="alert">
              {revokeError}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(null)}>
              Cancel
            </Button>
            <Button color="red.8" loading={revokeBusy} onClick={() => void revoke()}>
              Take back
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
