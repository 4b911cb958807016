import { Alert, Anchor, Button, Group, Kbd, Text } from '@mantine/core';
import { Link } from 'react-router';

import type { WorkspacePayload } from '../api/types';

interface WorkspaceNoticesProps {
  payload: WorkspacePayload;
  submitted: boolean;
  /** Why saving stopped or submit was refused with 403, if it did. */
  stopMessage: string | null;
  submitError: string | null;
  /** Changes left in this browser that a read-only unit can no longer take. */
  strandedChanges: number;
  onDiscardStranded: () => void;
}

/** Shift+N follows it, wherever it leads (keyboard.ts). */
function NextLink({ next }: { next: number | null }) {
  return (
    <Anchor component={Link} to={next === null ? '/app/queue' : `/app/assignments/${next}`} aria-keyshortcuts="Shift+N">
      {next === null ? 'Back to the queue' : 'Go to the next unit'}{' '}
      <Kbd size="xs" aria-hidden="true">
        Shift+N
      </Kbd>
    </Anchor>
  );
}

/** Everything the person must know about the unit as a whole, between the top bar and the panes. */
export function WorkspaceNotices(props: WorkspaceNoticesProps) {
  const { payload } = props;
  return (
    <>
      {props.submitted && (
        <Alert color="teal" title="Submitted — thank you" role="status">
          <Group gap="md">
            <Text size="sm">This unit is now read-only.</Text>
            <NextLink next={payload.next_assignment} />
          </Group>
        </Alert>
      )}
      {!props.submitted && payload.read_only && (
        <Alert color="gray" title="Read-only" role="status">
          <Group gap="md">
            <Text size="sm">
              {payload.status === 'submitted'
                ? 'You submitted this unit; its answers can no longer be changed.'
                : `The round “${payload.round.name}” is closed; its answers can no longer be changed.`}
            </Text>
            <NextLink next={payload.next_assignment} />
          </Group>
        </Alert>
      )}
      {props.strandedChanges > 0 && (
        <Alert color="orange" title="Unsaved changes from this browser" role="alert">
          <Group gap="md">
            <Text size="sm">
              {props.strandedChanges} change{props.strandedChanges === 1 ? ' was' : 's were'} made here but not saved
              before the unit became read-only. Ask your project admin if they matter.
            </Text>
            <Button size="xs" variant="default" onClick={props.onDiscardStranded}>
              Discard them
            </Button>
          </Group>
        </Alert>
      )}
      {props.stopMessage !== null && (
        <Alert color="red" title="Saving stopped" role="alert">
          {props.stopMessage} Your unsaved changes are kept in this browser.
        </Alert>
      )}
      {props.submitError !== null && (
        <Alert color="red" title="Not submitted" role="alert">
          {props.submitError}
        </Alert>
      )}
    </>
  );
}
