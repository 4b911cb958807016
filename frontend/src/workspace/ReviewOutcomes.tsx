import { Alert, List, Text } from '@mantine/core';

import type { WorkspacePayload } from '../api/types';

const DECISIONS: Record<string, string> = {
  confirmed: 'error confirmed',
  false_positive: 'false positive (the sentence is consistent)',
  types_changed: 'error confirmed, types changed',
};
const STATUSES: Record<string, string> = {
  confirmed: 'confirmed by a second reviewer',
  pending: 'waiting for a second reviewer',
  disputed: 'disputed, with an admin to decide',
  adjudicated: 'decided by an admin',
};

/**
 * What review decided about this linguist's labels on a submitted unit (docs/api/review.md):
 * the loop annotators of other tools ask for, closed where they can see their own answers.
 */
export function ReviewOutcomes({ payload }: { payload: WorkspacePayload }) {
  const outcomes = payload.review_outcomes;
  if (outcomes.length === 0) return null;
  const where = new Map(
    payload.summaries.flatMap((summary) =>
      summary.sentences.map((sentence) => [sentence.id, `Summary ${summary.label}, sentence ${sentence.number}`] as const),
    ),
  );
  const typeName = new Map(payload.taxonomy.types.map((type) => [type.id, type.name]));
  return (
    <Alert color="blue" title="What review decided" mb="sm">
      <List size="sm" spacing={4}>
        {outcomes.map((outcome) => (
          <List.Item key={outcome.sentence}>
            <Text span fw={600}>
              {where.get(outcome.sentence) ?? 'A sentence'}:
            </Text>{' '}
            {DECISIONS[outcome.decision] ?? outcome.decision}
            {outcome.error_types.length > 0 && ` (${outcome.error_types.map((id) => typeName.get(id) ?? `type ${id}`).join(', ')})`} —{' '}
            {STATUSES[outcome.status] ?? outcome.status}
            {outcome.note !== '' && <Text size="sm">“{outcome.note}”</Text>}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
