import { Alert, Anchor, Button, Container, Group, Loader, Stack, Text } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { Link, Outlet } from 'react-router';

import { signOut } from '../api/client';
import { AppHeader } from '../components/AppHeader';
import { SIGN_IN_PATH, navigateTo, signInUrl, type Navigate } from '../navigation';
import { describeError, useMe } from '../useMe';

/**
 * The frame of every admin page: the app header, then the page, wider than the landing page
 * because the admin screens are tables. It also sends a signed-out person to sign in.
 */
export function AdminLayout({ navigate = navigateTo }: { navigate?: Navigate }) {
  const { state, reload } = useMe();
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);

  useEffect(() => {
    if (state.status === 'unauthenticated') navigate(signInUrl(window.location.pathname + window.location.search));
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

  return (
    <>
      <AppHeader showDjangoAdmin={state.me.is_staff} onSignOut={handleSignOut} signingOut={signingOut} />
      <Container size="xl" component="main" py="lg">
        <Stack gap="lg">
          <Anchor component={Link} to="/" size="sm">
            ← Your projects and queue
          </Anchor>
          {signOutError !== null && (
            <Alert color="red" title="Could not sign out" role="alert">
              {signOutError}
            </Alert>
          )}
          {/* Pages load lazily; only the page area waits, the header stays. */}
          <Suspense
            fallback={
              <Group gap="xs" role="status">
                <Loader size="sm" aria-hidden="true" />
                <Text>Loading…</Text>
              </Group>
            }
          >
            <Outlet />
          </Suspense>
        </Stack>
      </Container>
    </>
  );
}
