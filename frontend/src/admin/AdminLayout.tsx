import { Alert, Anchor, Container, Group, Loader, Stack, Text } from '@mantine/core';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';

import type { Me } from '../api/types';
import { AppHeader } from '../components/AppHeader';
import { AccountPending, useAccount } from '../components/useAccount';
import { navigateTo, type Navigate } from '../navigation';

export interface AdminOutletContext {
  me: Me;
}

/**
 * The frame of every admin page: the app header, then the page, wider than the landing page
 * because the admin screens are tables. It also sends a signed-out person to sign in.
 */
export function AdminLayout({ navigate = navigateTo }: { navigate?: Navigate }) {
  const { state, reload, signingOut, signOutError, handleSignOut } = useAccount(navigate);
  if (state.status !== 'ready') return <AccountPending state={state} reload={reload} />;

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
            {/* The pages that vary with the account (a superuser's project page) read it here. */}
            <Outlet context={{ me: state.me } satisfies AdminOutletContext} />
          </Suspense>
        </Stack>
      </Container>
    </>
  );
}
