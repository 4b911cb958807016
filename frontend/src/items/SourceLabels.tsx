import { Badge, Group, Mark, Stack, Text } from '@mantine/core';

import type { ItemsPayload, SourceLabel } from './types';

type ErrorTypes = ItemsPayload['taxonomy']['types'];

/** Every annotator's answer on the item, by role letter (R1, R2…), never by name: the label,
 * the explanation, the types and the wrong words marked in the sentence. */
export function SourceLabels({ labels, types, sentenceText }: { labels: SourceLabel[]; types: ErrorTypes; sentenceText: string }) {
  if (labels.length === 0) return <Text size="sm">No annotator's answer to show.</Text>;
  return (
    <Stack gap={6} aria-label="The annotators’ answers">
      {labels.map((label) => (
        <Stack key={label.rater} gap={2}>
          <Group gap="xs">
            <Badge variant="outline" color="gray">
              {label.rater}
            </Badge>
            <Badge color={label.label === 'inconsistent' ? 'red' : 'green'} variant="light">
              {label.label || 'no label'}
            </Badge>
            {label.error_types.map((id) => (
              <Badge key={id} variant="dot" color="orange" tt="none">
                {types.find((type) => type.id === id)?.name ?? `type ${id}`}
              </Badge>
            ))}
          </Group>
          {label.explanation !== '' && <Text size="sm">{label.explanation}</Text>}
          {label.spans.length > 0 && (
            <Text size="sm" c="dimmed">
              Wrong words:{' '}
              {label.spans.map((span) => (
                <Mark key={`${span.start}-${span.end}`} mr={4}>
                  {sentenceText.slice(span.start, span.end)}
                </Mark>
              ))}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
