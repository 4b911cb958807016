import { Alert, Button, Group, SimpleGrid, Text } from '@mantine/core';

import type { ErrorType } from '../api/types';
import type { Conflict } from './saveQueue';

const FIELD_NAMES: Record<string, string> = {
  label: 'Label',
  explanation: 'Explanation',
  error_types: 'Error types',
  relevance: 'Relevance',
  not_a_summary: 'Not a summary',
  comment: 'Comment',
  category: 'Topic category',
};

function describeValue(field: string, value: unknown, errorTypes: readonly ErrorType[]): string {
  if (value === '' || value === null || value === undefined) return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'error_types' && Array.isArray(value)) {
    if (value.length === 0) return '(none)';
    return value.map((id) => errorTypes.find((type) => type.id === id)?.name ?? `#${String(id)}`).join(', ');
  }
  return String(value);
}

interface ConflictPanelProps {
  /** What changed, as people name it: "Summary A, sentence 2". */
  itemName: string;
  conflict: Conflict;
  errorTypes: readonly ErrorType[];
  onKeepMine: () => void;
  onUseSaved: () => void;
}

/** Both versions side by side; nothing is dropped until the person chooses. */
export function ConflictPanel({ itemName, conflict, errorTypes, onKeepMine, onUseSaved }: ConflictPanelProps) {
  const fields = Object.keys(conflict.mine).filter((field) => field in FIELD_NAMES);
  return (
    <Alert color="orange" title={`${itemName} changed on the server since you loaded it`} role="alert" className="conflict">
      <SimpleGrid cols={2} spacing="md">
        {(['Yours', 'Saved on the server'] as const).map((side) => (
          <section key={side} aria-label={`${side}: ${itemName}`}>
            <Text fw={600} size="sm">
              {side}
            </Text>
            <dl className="conflict__values">
              {fields.map((field) => (
                <div key={field}>
                  <dt>{FIELD_NAMES[field]}</dt>
                  <dd>
                    {describeValue(field, side === 'Yours' ? conflict.mine[field] : conflict.current[field], errorTypes)}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </SimpleGrid>
      <Group gap="sm" mt="sm">
        <Button size="xs" onClick={onKeepMine}>
          Keep mine
        </Button>
        <Button size="xs" variant="default" onClick={onUseSaved}>
          Use saved
        </Button>
      </Group>
    </Alert>
  );
}
