import { Button, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import { addMember } from '../../api/client';
import type { ProjectPerson, ProjectRole } from '../../api/types';
import { NO_ERRORS, fieldError, formErrors, type FormErrors } from '../fieldErrors';
import { ROLES } from './roleLabels';

interface AddMemberFormProps {
  slug: string;
  onAdded: (member: ProjectPerson) => void;
}

/** Give someone who already has an account a role in the project. */
export function AddMemberForm({ slug, onAdded }: AddMemberFormProps) {
  const [user, setUser] = useState('');
  const [role, setRole] = useState<ProjectRole>('annotator');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [added, setAdded] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors(NO_ERRORS);
    setAdded(null);
    try {
      const member = await addMember(slug, { user: user.trim(), role });
      setUser('');
      setAdded(`${member.username} added as ${ROLES.find((r) => r.value === role)?.label ?? role}.`);
      onAdded(member);
    } catch (failure) {
      setErrors(formErrors(failure));
    } finally {
      setBusy(false);
    }
  }

  const general = errors.general !== null && Object.keys(errors.fields).length === 0 ? errors.general : null;
  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Add an existing user">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Username or email"
          value={user}
          onChange={(event) => setUser(event.currentTarget.value)}
          error={fieldError(errors, 'user')}
          required
          maxLength={254}
          w={260}
        />
        <NativeSelect
          label="Role"
          value={role}
          onChange={(event) => setRole(event.currentTarget.value as ProjectRole)}
          data={ROLES.map((r) => ({ value: r.value, label: r.label }))}
          error={fieldError(errors, 'role')}
          w={220}
        />
        <Button type="submit" loading={busy} disabled={user.trim() === ''} mt={25}>
          Add to the project
        </Button>
      </Group>
      {general !== null && (
        <Text size="sm" c="red.8" role="alert" mt="xs">
          {general}
        </Text>
      )}
      {added !== null && (
        <Text size="sm" role="status" mt="xs">
          {added}
        </Text>
      )}
    </form>
  );
}
