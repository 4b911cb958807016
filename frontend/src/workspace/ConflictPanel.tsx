import { Alert, Button, Group, SimpleGrid, Text } from '@mantine/core';

import type { ErrorSpan, ErrorType } from '../api/types';
import type { Conflict } from './saveQueue';

const FIELD_NAMES: Record<string, string> = {
  label: 'Label',
  explanation: 'Explanation',
  error_types: 'Error types',
  relevance: 'Relevance',
  not_a_summary: 'Not a summary',
  comment: 'Comment',
  category: 'Topic category',
  confidence: 'Confidence',
  spans: 'Error spans',
};

/** A span set in words: each span's text (offsets without the sentence), its type and evidence. */
function describeSpans(spans: readonly ErrorSpan[], errorTypes: readonly ErrorType[], text: string | undefined): string {
  if (spans.length === 0) return '(none)';
  return spans
    .map((span) => {
      const words = text === undefined ? `[${span.start}–${span.end})` : `“${text.slice(span.start, span.end)}”`;
      const type = errorTypes.find((candidate) => candidate.id === span.error_type)?.name;
      const evidence = span.no_evidence
        ? 'no evidence in the dialogue'
        : `evidence in ${span.evidence.length} place${span.evidence.length === 1 ? '' : 's'}`;
      return [words, type, evidence].filter(Boolean).join(', ');
    })
    .join('; ');
}

function describeValue(field: string, value: unknown, errorTypes: readonly ErrorType[], text?: string): string {
  if (field === 'spans' && Array.isArray(value)) return describeSpans(value as ErrorSpan[], errorTypes, text);
  if (value === '' || value === null || value === undefined) return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'error_types' && Array.isArray(value)) {
    if (value.length === 0) return '(none)';
    return value.map((id) => errorTypes.find((type) => type.id === id)?.name ?? `#${String(id)}`).join(', ');
  }
  return String(value);
}

interface ConflictPanelProps {
  /** What changed, as people name it: "Summary A, sentence 2". */
  itemName: string;
  conflict: Conflict;
  errorTypes: readonly ErrorType[];
  /** The sentence's text, to quote its spans. */
  sentenceText?: string;
  /** Names of the item's own fields (a fact list is "Key facts" or "Atomic facts"). */
  fieldNames?: Readonly<Record<string, string>>;
  /** The item's own fields in words (a fact list: each fact, its decisions by summary letter);
   * null leaves the field to the general rule. */
  describe?: (field: string, value: unknown) => string | null;
  onKeepMine: () => void;
  onUseSaved: () => void;
}

/** Both versions side by side; nothing is dropped until the person chooses. */
export function ConflictPanel(props: ConflictPanelProps) {
  const { itemName, conflict, errorTypes, sentenceText, describe, onKeepMine, onUseSaved } = props;
  const names = { ...FIELD_NAMES, ...props.fieldNames };
  const fields = Object.keys(conflict.mine).filter((field) => field in names);
  const words = (field: string, value: unknown) => describe?.(field, value) ?? describeValue(field, value, errorTypes, sentenceText);
  return (
    <Alert color="orange" title={`${itemName} changed on the server since you loaded it`} role="alert" className="conflict">
      <SimpleGrid cols={2} spacing="md">
        {(['Yours', 'Saved on the server'] as const).map((side) => (
          <section key={side} aria-label={`${side}: ${itemName}`}>
            <Text fw={600} size="sm">
              {side}
            </Text>
            <dl className="conflict__values">
              {fields.map((field) => (
                <div key={field}>
                  <dt>{names[field]}</dt>
                  <dd>{words(field, side === 'Yours' ? conflict.mine[field] : conflict.current[field])}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </SimpleGrid>
      <Group gap="sm" mt="sm">
        <Button size="xs" onClick={onKeepMine}>
          Keep mine
        </Button>
        <Button size="xs" variant="default" onClick={onUseSaved}>
          Use saved
        </Button>
      </Group>
    </Alert>
  );
}
