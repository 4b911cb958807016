import { ActionIcon, Anchor, Button, Group, Kbd, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

import { SaveStatus } from '../workspace/SaveStatus';
import type { SaveSnapshot } from '../workspace/saveQueue';
import { ItemProgress } from './ItemProgress';
import { STAGE_TITLES, queuePath } from './stages';
import type { ItemsPayload } from './types';

interface ItemBarProps {
  payload: ItemsPayload;
  snapshot: SaveSnapshot;
  onShowShortcuts: () => void;
  onSubmit: () => void;
  submitting: boolean;
  readOnly: boolean;
  /** A short keyboard hint ("Press t to pick the types"), or null. */
  hint: string | null;
}

/** The item screen's top bar, as the workspace's: where you are, how far, the save state, submit. */
export function ItemBar({ payload, snapshot, onShowShortcuts, onSubmit, submitting, readOnly, hint }: ItemBarProps) {
  return (
    <header className="workspace-bar">
      <Group gap="sm" wrap="wrap">
        <Anchor component={Link} to={queuePath(payload.stage)} size="sm" aria-keyshortcuts="Shift+Q">
          ← Queue
        </Anchor>
        <Title order={1} size="h5">
          {STAGE_TITLES[payload.stage]}: {payload.topic.name}
        </Title>
        <Text aria-hidden="true" c="dimmed">
          ·
        </Text>
        <Text>
          {payload.project.name} · {payload.round.name}
        </Text>
        <Text aria-hidden="true" c="dimmed">
          ·
        </Text>
        <Text>
          unit {payload.position} of {payload.count}
        </Text>
        <ItemProgress payload={payload} />
      </Group>
      <Group gap="md" wrap="wrap" justify="flex-end">
        {hint !== null && (
          <Text size="sm" c="indigo.8" role="status">
            {hint}
          </Text>
        )}
        <SaveStatus snapshot={snapshot} />
        <ActionIcon variant="default" onClick={onShowShortcuts} aria-label="Keyboard shortcuts" aria-keyshortcuts="?">
          ?
        </ActionIcon>
        {!readOnly && (
          <Button
            onClick={onSubmit}
            loading={submitting}
            aria-keyshortcuts="Control+Enter"
            rightSection={
              <Kbd size="xs" aria-hidden="true">
                Ctrl+Enter
              </Kbd>
            }
          >
            Submit
          </Button>
        )}
      </Group>
    </header>
  );
}
