import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import type { DraftType } from './draft';

interface TypeFormProps {
  /** The type being edited, or a blank one being added. */
  initial: DraftType;
  adding: boolean;
  groups: DraftType[];
  unifiedLeaves: string[];
  /** Codes other types use: a new code must differ. */
  takenCodes: string[];
  onApply: (type: DraftType) => void;
  onCancel: () => void;
}

/** Adds or edits one type of the draft; a locked type's meaning is read-only. */
export function TypeForm({ initial, adding, groups, unifiedLeaves, takenCodes, onApply, onCancel }: TypeFormProps) {
  const [type, setType] = useState<DraftType>(initial);
  const [codeError, setCodeError] = useState<string | null>(null);
  const set = <K extends keyof DraftType>(key: K, value: DraftType[K]) => setType((current) => ({ ...current, [key]: value }));
  const fixed = type.locked;

  function apply(event: FormEvent) {
    event.preventDefault();
    if (!/^[a-z0-9][a-z0-9_-]{0,59}$/.test(type.code)) {
      setCodeError('1 to 60 lowercase letters, digits, - and _ (a letter or digit first).');
      return;
    }
    if (takenCodes.includes(type.code)) {
      setCodeError(`Another type has the code ${type.code}.`);
      return;
    }
    onApply(type);
  }

  return (
    <form onSubmit={apply} noValidate aria-label={adding ? 'New type' : `Edit ${initial.name || initial.code}`}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Code"
            description={type.published ? 'Fixed once published: exports name it.' : 'Stable id in exports.'}
            required
            disabled={type.published}
            value={type.code}
            error={codeError}
            onChange={(event) => {
              set('code', event.currentTarget.value);
              setCodeError(null);
            }}
          />
          <TextInput label="Name" required disabled={fixed} value={type.name} onChange={(event) => set('name', event.currentTarget.value)} />
        </SimpleGrid>
        <Textarea
          label="Definition"
          required
          autosize
          minRows={2}
          disabled={fixed}
          value={type.definition}
          onChange={(event) => set('definition', event.currentTarget.value)}
        />
        <Textarea label="Example" autosize minRows={2} disabled={fixed} value={type.example} onChange={(event) => set('example', event.currentTarget.value)} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label="Group"
            description="The type it is grouped under (one level)."
            disabled={fixed}
            data={[{ value: '', label: 'No group' }, ...groups.map((group) => ({ value: group.code, label: `${group.name} (${group.code})` }))]}
            value={type.group}
            onChange={(event) => set('group', event.currentTarget.value)}
          />
          <NativeSelect
            label="Unified type (crosswalk)"
            description="The AggreFact unified leaf it maps to."
            disabled={fixed}
            data={[{ value: '', label: 'Choose a leaf' }, ...unifiedLeaves.map((leaf) => ({ value: leaf, label: leaf }))]}
            value={type.unified}
            onChange={(event) => set('unified', event.currentTarget.value)}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit">{adding ? 'Add type' : 'Apply'}</Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
