import { ActionIcon, Anchor, Button, Group, Kbd, Text } from '@mantine/core';
import { Link } from 'react-router';

import { formatDuration } from '../format';
import { SaveStatus } from './SaveStatus';
import type { SaveSnapshot } from './saveQueue';

interface TopBarProps {
  projectName: string;
  roundName: string;
  position: number;
  count: number;
  guidelineVersion: number | null;
  onOpenGuidelines: () => void;
  guidelinesOpen: boolean;
  onShowShortcuts: () => void;
  snapshot: SaveSnapshot;
  activeSeconds: number;
  onSubmit: () => void;
  submitting: boolean;
  readOnly: boolean;
  /** A short keyboard hint ("Relevance: press 1–5"), or null. */
  hint: string | null;
}

export function TopBar(props: TopBarProps) {
  return (
    <header className="workspace-bar">
      <Group gap="sm" wrap="wrap">
        <Anchor component={Link} to="/app/queue" size="sm" aria-keyshortcuts="Shift+Q">
          ← Queue
        </Anchor>
        <Text fw={600}>
          {props.projectName} · {props.roundName}
        </Text>
        <Text aria-hidden="true" c="dimmed">
          ·
        </Text>
        <Text>
          unit {props.position} of {props.count}
        </Text>
        {props.guidelineVersion !== null && (
          <Button
            variant={props.guidelinesOpen ? 'light' : 'subtle'}
            size="compact-sm"
            onClick={props.onOpenGuidelines}
            aria-keyshortcuts="g"
            aria-pressed={props.guidelinesOpen}
          >
            Guidelines v{props.guidelineVersion}
          </Button>
        )}
      </Group>
      <Group gap="md" wrap="wrap" justify="flex-end">
        {props.hint !== null && (
          <Text size="sm" c="indigo.8" role="status">
            {props.hint}
          </Text>
        )}
        <SaveStatus snapshot={props.snapshot} />
        <Text size="sm">
          Time on task <strong>{formatDuration(props.activeSeconds)}</strong>
        </Text>
        <ActionIcon variant="default" onClick={props.onShowShortcuts} aria-label="Keyboard shortcuts" aria-keyshortcuts="?">
          ?
        </ActionIcon>
        {!props.readOnly && (
          <Button
            onClick={props.onSubmit}
            loading={props.submitting}
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
