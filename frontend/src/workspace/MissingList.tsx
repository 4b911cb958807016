import { Alert, Anchor, List } from '@mantine/core';

import type { MissingItem } from '../api/types';

interface MissingListProps {
  detail: string;
  missing: readonly MissingItem[];
  onGoTo: (item: MissingItem) => void;
}

/** The server's refusal to submit, each item a link to the control that needs an answer. */
export function MissingList({ detail, missing, onGoTo }: MissingListProps) {
  return (
    <Alert color="orange" title={`Not submitted: ${detail}`} role="alert" className="missing-list">
      <List size="sm" spacing={2}>
        {missing.map((item, index) => (
          <List.Item key={`${item.message}-${index}`}>
            <Anchor component="button" type="button" size="sm" onClick={() => onGoTo(item)}>
              {item.message}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
