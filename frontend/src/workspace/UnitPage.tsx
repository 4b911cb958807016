import { Alert, Anchor, Button, Container, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';

import { ApiError } from '../api/client';
import { navigateTo, signInUrl, type Navigate } from '../navigation';
import { describeError } from '../useMe';

export type UnitState<T> =
  | { status: 'loading' }
  | { status: 'ready'; payload: T }
  | { status: 'not_found' }
  | { status: 'unauthenticated' }
  | { status: 'error'; message: string };

type Load<T> = (assignmentId: number, signal: AbortSignal) => Promise<T>;

function parseId(raw: string | undefined): number | null {
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
}

/** Loads a unit's payload once per id; a new `attempt` loads it again after an error. */
export function useUnitPayload<T>(assignmentId: number | null, attempt: number, load: Load<T>): UnitState<T> {
  const [state, setState] = useState<UnitState<T>>({ status: 'loading' });

  useEffect(() => {
    if (assignmentId === null) {
      setState({ status: 'not_found' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(assignmentId, controller.signal).then(
      (payload) => setState({ status: 'ready', payload }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setState({ status: 'not_found' });
        else if (error instanceof ApiError && error.isAuthError) setState({ status: 'unauthenticated' });
        else setState({ status: 'error', message: describeError(error) });
      },
    );
    return () => controller.abort();
    // `load` is left out: each page passes one module-level function, which never changes.
  }, [assignmentId, attempt]);

  return state;
}

interface UnitPageProps<T> {
  navigate?: Navigate;
  load: Load<T>;
  /** "the unit", "the items": what is loading, or could not be loaded. */
  what: string;
  notFound: string;
  render: (payload: T) => ReactNode;
}

/** `/app/assignments/:id…`: loads one of the user's units, then hands it to its screen (the
 * workspace, or the item screen of a review round); sign-in, not found and retry alike. */
export function UnitPage<T>({ navigate = navigateTo, load, what, notFound, render }: UnitPageProps<T>) {
  const assignmentId = parseId(useParams().id);
  const [attempt, setAttempt] = useState(0);
  const state = useUnitPayload(assignmentId, attempt, load);

  useEffect(() => {
    if (state.status === 'unauthenticated') navigate(signInUrl(window.location.pathname));
  }, [state.status, navigate]);

  if (state.status === 'ready') return render(state.payload);
  return (
    <Container size="sm" py="xl" component="main">
      {state.status === 'loading' || state.status === 'unauthenticated' ? (
        <Stack align="center" gap="sm" role="status">
          <Loader aria-hidden="true" />
          <Text>{state.status === 'loading' ? `Loading ${what}…` : 'Taking you to sign in…'}</Text>
        </Stack>
      ) : state.status === 'not_found' ? (
        <Alert color="gray" title="Unit not found" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text>{notFound}</Text>
            <Anchor component={Link} to="/app/queue">
              Back to the queue
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <Alert color="red" title={`Could not load ${what}`} role="alert">
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
