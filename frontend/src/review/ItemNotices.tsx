import { Alert, Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

import { itemsPath, queuePath } from './stages';
import type { ItemsPayload } from './types';

interface ItemNoticesProps {
  payload: ItemsPayload;
  submitted: boolean;
  /** Why saving stopped, or why submit was refused with 403. */
  stopMessage: string | null;
  submitError: string | null;
}

function NextLink({ payload }: { payload: ItemsPayload }) {
  const next = payload.next_assignment;
  return (
    <Anchor component={Link} to={next === null ? queuePath(payload.stage) : itemsPath(next)}>
      {next === null ? 'Back to the queue' : 'Go to the next unit'}
    </Anchor>
  );
}

/** What the person must know about the unit as a whole, between the top bar and the panes. */
export function ItemNotices({ payload, submitted, stopMessage, submitError }: ItemNoticesProps) {
  return (
    <>
      {submitted && (
        <Alert color="teal" title="Submitted — thank you" role="status">
          <Group gap="md">
            <Text size="sm">This unit is now read-only.</Text>
            <NextLink payload={payload} />
          </Group>
        </Alert>
      )}
      {!submitted && payload.read_only && (
        <Alert color="gray" title="Read-only" role="status">
          <Group gap="md">
            <Text size="sm">
              {payload.status === 'submitted'
                ? 'You submitted this unit; its answers can no longer be changed.'
                : `The round “${payload.round.name}” is closed; its answers can no longer be changed.`}
            </Text>
            <NextLink payload={payload} />
          </Group>
        </Alert>
      )}
      {stopMessage !== null && (
        <Alert color="red" title="Saving stopped" role="alert">
          {stopMessage} Your unsaved changes are kept in this browser.
        </Alert>
      )}
      {submitError !== null && (
        <Alert color="red" title="Not submitted" role="alert">
          {submitError}
        </Alert>
      )}
    </>
  );
}
