import { Button, CopyButton, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import { createInvitation } from '../../api/client';
import type { CreatedInvitation, ProjectRole } from '../../api/types';
import { NO_ERRORS, fieldError, formErrors, type FormErrors } from '../fieldErrors';
import { formatDateTime } from '../format';
import { ROLES, roleLabel } from './roleLabels';

interface InviteFormProps {
  slug: string;
  onInvited: (invitation: CreatedInvitation) => void;
}

/** Invite someone without an account: the server makes a one-time link, shown here once for
 * the admin to copy and send; the invitee sets their own password. */
export function InviteForm({ slug, onInvited }: InviteFormProps) {
  const [role, setRole] = useState<ProjectRole>('annotator');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [created, setCreated] = useState<CreatedInvitation | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const invitation = await createInvitation(slug, { role, email: email.trim() });
      setCreated(invitation);
      setEmail('');
      onInvited(invitation);
    } catch (failure) {
      setErrors(formErrors(failure));
    } finally {
      setBusy(false);
    }
  }

  const general = errors.general !== null && Object.keys(errors.fields).length === 0 ? errors.general : null;
  return (
    <Stack gap="sm">
      <form onSubmit={(event) => void submit(event)} aria-label="Invite a new person">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NativeSelect
            label="Role"
            value={role}
            onChange={(event) => setRole(event.currentTarget.value as ProjectRole)}
            data={ROLES.map((r) => ({ value: r.value, label: r.label }))}
            error={fieldError(errors, 'role')}
            w={220}
          />
          <TextInput
            label="Email (optional)"
            description="Only to tell invitations apart"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={fieldError(errors, 'email')}
            maxLength={254}
            w={260}
          />
          <Button type="submit" loading={busy} mt={25}>
            Create invitation link
          </Button>
        </Group>
        {general !== null && (
          <Text size="sm" c="red.8" role="alert" mt="xs">
            {general}
          </Text>
        )}
      </form>
      {created !== null && (
        <Paper withBorder p="md" radius="md" role="group" aria-label="The new invitation">
          <Stack gap="xs">
            <Text fw={600}>Invitation link for a new {roleLabel(created.role)}</Text>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label="Invitation link"
                value={created.link}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: 1 }}
              />
              <CopyButton value={created.link}>
                {({ copied, copy }) => (
                  <Button variant={copied ? 'light' : 'filled'} onClick={copy}>
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm">
              Send it to them yourself: it is shown only now, works once, and expires {formatDateTime(created.expires_at)}.
              They choose a username and password and join as {roleLabel(created.role)}.
            </Text>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
