import { Alert, Button, Container, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

import { signOut } from '../api/client';
import { SIGN_IN_PATH, signInUrl, type Navigate } from '../navigation';
import { describeError, useMe } from '../useMe';

/**
 * The signed-in person for a page frame: sends a signed-out person to sign in, and signs
 * out (reporting a failure instead of leaving the page). Shared by the landing page and the
 * admin and researcher frames.
 */
export function useAccount(navigate: Navigate) {
  const { state, reload } = useMe();
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);

  useEffect(() => {
    if (state.status === 'unauthenticated') {
      navigate(signInUrl(window.location.pathname + window.location.search));
    }
  }, [state.status, navigate]);

  async function handleSignOut() {
    setSigningOut(true);
    setSignOutError(null);
    try {
      await signOut();
      navigate(SIGN_IN_PATH);
    } catch (error) {
      setSignOutError(describeError(error));
      setSigningOut(false);
    }
  }

  return { state, reload, signingOut, signOutError, handleSignOut };
}

type AccountState = ReturnType<typeof useMe>['state'];

/** What a frame shows until the account is loaded: a status, or the error with a retry. */
export function AccountPending({ state, reload }: { state: AccountState; reload: () => void }) {
  if (state.status === 'loading' || state.status === 'unauthenticated') {
    return (
      <Container size="sm" py="xl">
        <Stack align="center" gap="sm" role="status">
          <Loader aria-hidden="true" />
          <Text>{state.status === 'loading' ? 'Loading your account…' : 'Taking you to sign in…'}</Text>
        </Stack>
      </Container>
    );
  }
  if (state.status === 'error') {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title="Could not load your account" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text>{state.message}</Text>
            <Button variant="default" onClick={reload}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
  return null;
}
