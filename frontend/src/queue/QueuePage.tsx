import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useOutletContext } from 'react-router';

import type { Me } from '../api/types';
import { ReviewQueuePage } from '../review/ReviewQueuePage';
import { hasRole } from '../roles';

import { FeedbackCard } from './FeedbackCard';
import { groupByRound } from './groupByRound';
import { RoundQueue } from './RoundQueue';
import { useQueue } from './useQueue';

/** The linguist's queue: unread feedback on top, then assignments grouped by round. */
export function QueuePage() {
  const { state, reload, markRead } = useQueue();
  const headingId = useId();
  const feedbackHeadingId = useId();
  // Someone who annotates in no project (an admin, a researcher) lands on their projects,
  // listed below by the app; "you have no assignments" would answer a question they never had.
  const me = useOutletContext<Me | undefined>();
  const annotates = me === undefined || hasRole(me.memberships, 'annotator');
  // A reviewer's own queue is at /app/reviews (linked in the header); it is also listed here,
  // where someone who only reviews lands.
  const reviews = me !== undefined && hasRole(me.memberships, 'reviewer');
  if (!annotates && state.status === 'ready' && state.queue.assignments.length === 0 && state.queue.feedback.length === 0) {
    return reviews ? <ReviewQueuePage /> : null;
  }

  return (
    <Stack gap="lg">
      {state.status === 'ready' && state.queue.feedback.length > 0 && (
        <section aria-labelledby={feedbackHeadingId}>
          <Title order={2} id={feedbackHeadingId} mb="sm">
            Feedback for you
          </Title>
          <Stack gap="sm">
            {state.queue.feedback.map((item) => (
              <FeedbackCard key={item.id} item={item} onMarkRead={markRead} />
            ))}
          </Stack>
        </section>
      )}
      <section aria-labelledby={headingId}>
        <Title order={2} id={headingId} mb="sm">
          Your assignments
        </Title>
        {state.status === 'loading' && (
          <Stack align="flex-start" gap="xs" role="status">
            <Loader size="sm" aria-hidden="true" />
            <Text>Loading your assignments…</Text>
          </Stack>
        )}
        {state.status === 'error' && (
          <Alert color="red" title="Could not load your assignments" role="alert">
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
            <Text>You have no assignments yet. A project admin assigns units when a round opens.</Text>
          ) : (
            <Stack gap="xl">
              {groupByRound(state.queue.assignments).map((group) => (
                <RoundQueue key={group.round.id} group={group} />
              ))}
            </Stack>
          ))}
      </section>
      {reviews && <ReviewQueuePage embedded />}
    </Stack>
  );
}
