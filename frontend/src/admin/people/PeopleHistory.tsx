import { List, Text } from '@mantine/core';

import type { PeopleChange } from '../../api/types';
import { formatDateTime } from '../format';
import { describeChange } from './roleLabels';

/** The audit trail of the project's people, newest first. */
export function PeopleHistory({ changes, labelledBy }: { changes: PeopleChange[]; labelledBy: string }) {
  if (changes.length === 0) return <Text size="sm">No changes yet.</Text>;
  return (
    <List size="sm" spacing={4} aria-labelledby={labelledBy} listStyleType="none" ml={0}>
      {changes.map((change) => (
        <List.Item key={change.id}>
          <Text span size="sm" fw={600}>
            {formatDateTime(change.at)}
          </Text>{' '}
          {describeChange(change)}
        </List.Item>
      ))}
    </List>
  );
}
