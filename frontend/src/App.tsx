import { Alert, Button, Container, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';

import { signOut } from './api/client';
import { AppHeader } from './components/AppHeader';
import { ProjectList } from './components/ProjectList';
import { SIGN_IN_PATH, navigateTo, signInUrl, type Navigate } from './navigation';
import { describeError, useMe } from './useMe';

interface AppProps {
  navigate?: Navigate;
}

export function App({ navigate = navigateTo }: AppProps) {
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

  if (state.status === 'loading' || state.status === 'unauthenticated') {
    const message = state.status === 'loading' ? 'Loading your account…' : 'Taking you to sign in…';
    return (
      <Container size="sm" py="xl">
        <Stack align="center" gap="sm" role="status">
          <Loader aria-hidden="true" />
          <Text>{message}</Text>
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

  const { me } = state;
  return (
    <>
      <AppHeader showDjangoAdmin={me.is_staff} onSignOut={handleSignOut} signingOut={signingOut} />
      <Container size="md" component="main" py="xl">
        <Stack gap="xl">
          {signOutError !== null && (
            <Alert color="red" title="Could not sign out" role="alert">
              {signOutError}
            </Alert>
          )}
          <Text size="lg">
            Signed in as <strong>{me.display_name || me.username}</strong>
          </Text>
          {/* The page under the header: the queue at `/` and `/app/queue`. Outside a router
              (the landing-page tests) an Outlet renders nothing. */}
          <Outlet context={me} />
          <ProjectList memberships={me.memberships} />
        </Stack>
      </Container>
    </>
  );
}
