import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';

import { ReviewQueueTable } from './ReviewQueueTable';
import { useReviewQueue } from './useReviewQueue';

/**
 * `/app/reviews` (GET /api/reviews/): the reviewer's review and second-review assignments.
 * `embedded` is the same list under the linguist queue at `/`: there it says nothing while
 * loading or when there are no reviews, since the page is about other work.
 */
export function ReviewQueuePage({ embedded = false }: { embedded?: boolean }) {
  const { state, reload } = useReviewQueue();
  const headingId = useId();
  if (embedded && (state.status === 'loading' || (state.status === 'ready' && state.queue.assignments.length === 0))) {
    return null;
  }
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} id={headingId} mb="sm">
        Your reviews
      </Title>
      {state.status === 'loading' && (
        <Stack align="flex-start" gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>Loading your reviews…</Text>
        </Stack>
      )}
      {state.status === 'error' && (
        <Alert color="red" title="Could not load your reviews" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text>{state.message}</Text>
            <Button variant="default" onClick={reload}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
      {state.status === 'ready' &&
        (state.queue.assignments.length === 0 ? (
          <Text>You have no reviews yet. A project admin assigns them when a review round opens.</Text>
        ) : (
          <ReviewQueueTable entries={state.queue.assignments} labelledBy={headingId} />
        ))}
    </section>
  );
}
