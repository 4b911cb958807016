import { Alert, Container, Stack, Text } from '@mantine/core';
import { Outlet } from 'react-router';

import { AppHeader } from './components/AppHeader';
import { ProjectList } from './components/ProjectList';
import { AccountPending, useAccount } from './components/useAccount';
import { navigateTo, type Navigate } from './navigation';
import { hasRole } from './roles';

interface AppProps {
  navigate?: Navigate;
}

export function App({ navigate = navigateTo }: AppProps) {
  const { state, reload, signingOut, signOutError, handleSignOut } = useAccount(navigate);
  if (state.status !== 'ready') return <AccountPending state={state} reload={reload} />;

  const { me } = state;
  return (
    <>
      <AppHeader
        showDjangoAdmin={me.is_staff}
        showReviews={hasRole(me.memberships, 'reviewer')}
        onSignOut={handleSignOut}
        signingOut={signingOut}
      />
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
          <ProjectList memberships={me.memberships} canCreate={me.can_create_projects} />
        </Stack>
      </Container>
    </>
  );
}
