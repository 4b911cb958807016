import { Anchor, Button, Group, Title } from '@mantine/core';
import { NavLink, useInRouterContext } from 'react-router';

interface AppHeaderProps {
  /** Shows the link to Django's admin site; only staff can use it. */
  showDjangoAdmin: boolean;
  /** Shows the links to the linguist queue and the reviewer queue: for reviewers. */
  showReviews?: boolean;
  onSignOut: () => void;
  signingOut: boolean;
}

/** A link inside the app: a router link (it marks the current page with `aria-current`), or a
 * plain one where the header is drawn outside a router (the landing page's tests). */
function AppLink({ to, children }: { to: string; children: string }) {
  const inRouter = useInRouterContext();
  return inRouter ? (
    <Anchor component={NavLink} to={to} end underline="hover">
      {children}
    </Anchor>
  ) : (
    <Anchor href={to} underline="hover">
      {children}
    </Anchor>
  );
}

export function AppHeader({ showDjangoAdmin, showReviews = false, onSignOut, signingOut }: AppHeaderProps) {
  return (
    <header className="app-header">
      <Group justify="space-between" wrap="wrap" gap="md" className="app-header__inner">
        <Title order={1} className="app-header__title">
          Factual consistency studio
        </Title>
        <Group gap="md">
          {showReviews && (
            <Group gap="md" component="nav" aria-label="Your work">
              <AppLink to="/">Assignments</AppLink>
              <AppLink to="/app/reviews">Reviews</AppLink>
            </Group>
          )}
          <Group gap="md" component="nav" aria-label="Account">
            <AppLink to="/app/tokens">API tokens</AppLink>
            {showDjangoAdmin && <AppLink to="/app/staff/project-creators">Project creators</AppLink>}
            {showDjangoAdmin && (
              <Anchor href="/admin/" underline="hover">
                Django admin
              </Anchor>
            )}
            <Button variant="default" onClick={onSignOut} loading={signingOut}>
              Sign out
            </Button>
          </Group>
        </Group>
      </Group>
    </header>
  );
}
