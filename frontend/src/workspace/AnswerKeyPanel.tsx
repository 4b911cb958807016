import { Alert, Badge, Group, List, Text } from '@mantine/core';

import type { WorkspacePayload } from '../api/types';

const QUESTIONS: Record<string, string> = {
  sentence_label: 'Sentence labels',
  error_types: 'Error types',
  relevance: 'Relevance',
  topic_category: 'Topic category',
};

/**
 * A practice or qualification unit's answer key beside the linguist's answers, once they
 * submitted (docs/quality.md): their accuracy per question, then each sentence where they
 * differed, with the key's explanation.
 */
export function AnswerKeyPanel({ payload }: { payload: WorkspacePayload }) {
  const key = payload.answer_key;
  if (key === null) return null;
  const where = new Map(
    payload.summaries.flatMap((summary) =>
      summary.sentences.map((sentence) => [sentence.id, `Summary ${summary.label}, sentence ${sentence.number}`] as const),
    ),
  );
  const differing = key.sentences.filter((sentence) => !sentence.agrees);
  const typeName = new Map(payload.taxonomy.types.map((type) => [type.id, type.name]));
  return (
    <Alert color="grape" title="The answer key" mb="sm">
      <Group gap="xs" mb="xs">
        {Object.entries(key.accuracy).map(([question, value]) =>
          value === null ? null : (
            <Badge key={question} variant="light" tt="none">
              {QUESTIONS[question] ?? question}: {Math.round(value * 100)}%
            </Badge>
          ),
        )}
      </Group>
      {differing.length === 0 ? (
        <Text size="sm">Your labels match the key on every keyed sentence.</Text>
      ) : (
        <List size="sm" spacing={4} aria-label="Where you differed from the key">
          {differing.map((sentence) => (
            <List.Item key={sentence.sentence}>
              <Text span fw={600}>
                {where.get(sentence.sentence) ?? 'A sentence'}:
              </Text>{' '}
              the key says {sentence.label}
              {sentence.error_types.length > 0 && ` (${sentence.error_types.map((id) => typeName.get(id) ?? `type ${id}`).join(', ')})`}, you said{' '}
              {sentence.yours || 'nothing'}.
              {sentence.explanation !== '' && <Text size="sm">Why: {sentence.explanation}</Text>}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
