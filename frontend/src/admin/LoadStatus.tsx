import { Alert, Button, Loader, Stack, Text } from '@mantine/core';

import type { LoadState } from './useLoad';

interface LoadStatusProps {
  state: LoadState<unknown>;
  /** What is loading, in words: "the project", "the agreement report". */
  what: string;
  onRetry: () => void;
  /** What a 404 means on this page; the admin screens' wording by default. */
  notFoundText?: string;
}

/** The loading and error states every admin page shares; renders nothing once ready. */
export function LoadStatus({ state, what, onRetry, notFoundText }: LoadStatusProps) {
  if (state.status === 'ready') return null;
  if (state.status === 'loading') {
    return (
      <Stack align="flex-start" gap="xs" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>Loading {what}…</Text>
      </Stack>
    );
  }
  if (state.notFound) {
    return (
      <Alert color="gray" title="Not found" role="alert">
        {notFoundText ?? 'It does not exist, or you are not an admin of its project.'}
      </Alert>
    );
  }
  return (
    <Alert color="red" title={`Could not load ${what}`} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text>{state.message}</Text>
        <Button variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
