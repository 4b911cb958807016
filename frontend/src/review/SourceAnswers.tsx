import { Badge, Group, Stack, Text } from '@mantine/core';

import type { ErrorType, Turn } from '../api/types';
import { quote } from '../workspace/spans/spanText';
import type { SourceLabel, SourceSpan } from './types';

const LABEL_WORDS: Record<string, { text: string; color: string }> = {
  inconsistent: { text: 'Inconsistent', color: 'red' },
  consistent: { text: 'Consistent', color: 'teal' },
};

interface SourceAnswersProps {
  /** "Summary B, sentence 2". */
  itemName: string;
  sentenceText: string;
  labels: readonly SourceLabel[];
  errorTypes: readonly ErrorType[];
  turns: readonly Turn[];
}

function typeName(errorTypes: readonly ErrorType[], id: number | null): string | null {
  return id === null ? null : (errorTypes.find((type) => type.id === id)?.name ?? `type ${id}`);
}

/** Where a span's evidence is, by turn number (the dialogue shows the same numbers). */
function evidenceWords(span: SourceSpan, turns: readonly Turn[]): string {
  if (span.no_evidence) return 'no evidence in the dialogue';
  if (span.evidence.length === 0) return 'no evidence linked';
  const numbers = [...new Set(span.evidence.map((item) => turns.find((turn) => turn.id === item.turn)?.position))]
    .filter((position): position is number => position !== undefined)
    .map((position) => position + 1);
  return `evidence in turn${numbers.length === 1 ? '' : 's'} ${numbers.join(', ')}`;
}

/**
 * Every annotator's answer on the item, by role letter (R1, R2…: the order of their
 * assignment, never who they are): the label, the error types by name, the explanation, and
 * the wrong words with their type and where the evidence is.
 */
export function SourceAnswers({ itemName, sentenceText, labels, errorTypes, turns }: SourceAnswersProps) {
  if (labels.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No annotator’s answer to show.
      </Text>
    );
  }
  return (
    <ul className="plain-list" aria-label={`The annotators’ answers on ${itemName}`}>
      {labels.map((label) => {
        const words = LABEL_WORDS[label.label] ?? { text: 'No label', color: 'gray' };
        return (
          <li key={label.rater} aria-label={`${label.rater}: ${words.text}`}>
            <Stack gap={2} mt={6}>
              <Group gap="xs">
                <Badge variant="outline" color="gray" tt="none">
                  {label.rater}
                </Badge>
                <Badge variant="light" color={words.color} tt="none">
                  {words.text}
                </Badge>
                {label.error_types.map((id) => (
                  <Badge key={id} variant="dot" color="orange" tt="none">
                    {typeName(errorTypes, id)}
                  </Badge>
                ))}
              </Group>
              {label.explanation !== '' && <Text size="sm">{label.explanation}</Text>}
              {label.spans.map((span) => {
                const type = typeName(errorTypes, span.error_type);
                return (
                  <Text key={`${span.start}-${span.end}`} size="sm" c="dimmed">
                    Wrong words {quote(sentenceText, span)}
                    {type !== null && ` — ${type}`} — {evidenceWords(span, turns)}
                    {span.note !== '' && ` — ${span.note}`}
                  </Text>
                );
              })}
            </Stack>
          </li>
        );
      })}
    </ul>
  );
}
