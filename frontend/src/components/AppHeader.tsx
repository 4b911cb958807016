import { Anchor, Button, Group, Title } from '@mantine/core';

interface AppHeaderProps {
  /** Shows the link to Django's admin site; only staff can use it. */
  showDjangoAdmin: boolean;
  onSignOut: () => void;
  signingOut: boolean;
}

export function AppHeader({ showDjangoAdmin, onSignOut, signingOut }: AppHeaderProps) {
  return (
    <header className="app-header">
      <Group justify="space-between" wrap="wrap" gap="md" className="app-header__inner">
        <Title order={1} className="app-header__title">
          Factual consistency studio
        </Title>
        <Group gap="md" component="nav" aria-label="Account">
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
    </header>
  );
}
