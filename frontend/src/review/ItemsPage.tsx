import { Alert, Anchor, Button, Container, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';

import { navigateTo, signInUrl, type Navigate } from '../navigation';
import { ItemScreen } from './ItemScreen';
import { useItemsPayload } from './useItemsPayload';

function parseId(raw: string | undefined): number | null {
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
}

/** `/app/assignments/:id/items` — loads a review or error-typing unit, then the item screen. */
export function ItemsPage({ navigate = navigateTo }: { navigate?: Navigate }) {
  const assignmentId = parseId(useParams().id);
  const [attempt, setAttempt] = useState(0);
  const state = useItemsPayload(assignmentId, attempt);

  useEffect(() => {
    if (state.status === 'unauthenticated') navigate(signInUrl(window.location.pathname));
  }, [state.status, navigate]);

  if (state.status === 'ready') {
    // Keyed by id: the next unit starts with fresh state, queue and focus.
    return <ItemScreen key={state.payload.id} payload={state.payload} />;
  }
  return (
    <Container size="sm" py="xl" component="main">
      {state.status === 'loading' || state.status === 'unauthenticated' ? (
        <Stack align="center" gap="sm" role="status">
          <Loader aria-hidden="true" />
          <Text>{state.status === 'loading' ? 'Loading the items…' : 'Taking you to sign in…'}</Text>
        </Stack>
      ) : state.status === 'not_found' ? (
        <Alert color="gray" title="Unit not found" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text>This unit does not exist, is not yours, or is not a review or error-typing unit.</Text>
            <Anchor component={Link} to="/app/queue">
              Back to the queue
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <Alert color="red" title="Could not load the items" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text>{state.message}</Text>
            <Button variant="default" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
    </Container>
  );
}
