import { Badge, Group, Text } from '@mantine/core';

import type { ErrorType, Handle } from '../api/types';
import { useWorkspacePayload } from '../workspace/useItem';
import { OUTCOME_STATUS_WORDS } from './stages';
import type { ReviewOutcome } from './types';

const STATUS_COLORS: Record<ReviewOutcome['status'], string> = {
  confirmed: 'teal',
  pending: 'gray',
  disputed: 'orange',
  adjudicated: 'indigo',
};

/** What review decided, as the linguist reads it: about their label, not about them. */
function decisionWords(outcome: ReviewOutcome, errorTypes: readonly ErrorType[]): string {
  const names = outcome.error_types.map((id) => errorTypes.find((type) => type.id === id)?.name ?? `type ${id}`);
  switch (outcome.decision) {
    case 'confirmed':
      return 'error confirmed';
    case 'false_positive':
      return 'false positive (the sentence is consistent)';
    case 'types_changed':
      return names.length > 0 ? `error confirmed, types changed to ${names.join(', ')}` : 'error confirmed, types changed';
  }
}

/**
 * Under a sentence of a submitted unit: what second-stage review decided about it
 * (docs/api/review.md, "What the linguist sees afterwards"), and where that decision stands.
 * Read-only; nothing shows for a sentence no review decided, or before the unit is submitted
 * (the server sends no outcomes then).
 */
export function SentenceReviewOutcome({ sentence }: { sentence: Handle }) {
  const payload = useWorkspacePayload();
  const outcome = payload.review_outcomes.find((candidate) => candidate.sentence === sentence);
  if (outcome === undefined) return null;
  return (
    <Group gap="xs" mt={6} wrap="wrap" role="note" aria-label="Review outcome">
      <Text size="sm">
        <strong>Review:</strong> {decisionWords(outcome, payload.taxonomy?.types ?? [])}
        {outcome.note !== '' && <> — {outcome.note}</>}
      </Text>
      <Badge size="sm" variant="light" color={STATUS_COLORS[outcome.status]} tt="none">
        {OUTCOME_STATUS_WORDS[outcome.status]}
      </Badge>
    </Group>
  );
}
