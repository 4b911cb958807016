import { Alert, Stack, Title } from '@mantine/core';
import { useEffect, useId, useState } from 'react';

import { api } from '../api/client';
import { RoundQueue } from '../queue/RoundQueue';
import type { RoundGroup } from '../queue/groupByRound';
import type { ReviewQueue as ReviewQueueResponse } from './types';

/** Review and second-review work come apart: the same reviewer may hold both in one round. */
function byRoundAndStage(entries: ReviewQueueResponse['assignments']): RoundGroup[] {
  const groups = new Map<string, RoundGroup>();
  for (const entry of entries) {
    const key = `${entry.round.id}:${entry.stage}`;
    let group = groups.get(key);
    if (group === undefined) {
      const stage = entry.stage === 'second_review' ? 'second review' : 'review';
      group = { round: { ...entry.round, name: `${entry.round.name} · ${stage}` }, entries: [] };
      groups.set(key, group);
    }
    group.entries.push(entry);
  }
  return [...groups.values()];
}

/** The reviewer's queue (`GET /api/reviews/`): their review and second-review units. */
export function ReviewQueue() {
  const headingId = useId();
  const [queue, setQueue] = useState<ReviewQueueResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api.get<ReviewQueueResponse>('/api/reviews/', controller.signal).then(setQueue, (failure: unknown) => {
      if (!controller.signal.aborted) setError(failure instanceof Error ? failure.message : 'Could not load your reviews.');
    });
    return () => controller.abort();
  }, []);
  if (error !== null) {
    return (
      <Alert color="red" title="Could not load your reviews" role="alert">
        {error}
      </Alert>
    );
  }
  if (queue === null || queue.assignments.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} id={headingId} mb="sm">
        Your reviews
      </Title>
      <Stack gap="lg">
        {byRoundAndStage(queue.assignments).map((group) => (
          <RoundQueue key={`${group.round.id}:${group.round.name}`} group={group} />
        ))}
      </Stack>
    </section>
  );
}
