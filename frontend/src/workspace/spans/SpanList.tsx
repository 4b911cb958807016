import { Button, CloseButton, Group, Kbd, NativeSelect, Stack, Text, TextInput } from '@mantine/core';

import type { ErrorSpan, ErrorType, Evidence, Turn } from '../../api/types';
import { scrollToTurn } from './activeSpan';
import { EvidenceLinks } from './EvidenceLinks';
import { quote } from './spanText';

interface SpanListProps {
  /** "Summary B, sentence 2": names every control. */
  name: string;
  text: string;
  spans: readonly ErrorSpan[];
  types: readonly ErrorType[];
  turns: readonly Turn[];
  activeStart: number | null;
  askEvidence: boolean;
  requireSpans: boolean;
  requireEvidence: boolean;
  readOnly: boolean;
  error: string | undefined;
  onActivate: (start: number | null) => void;
  onType: (start: number, errorType: number | null) => void;
  onNote: (start: number, note: string) => void;
  onRemove: (start: number) => void;
  onUnlink: (start: number, evidence: Evidence) => void;
  onNoEvidence: (start: number, none: boolean) => void;
}

/**
 * The sentence's error spans, each with its type, note and evidence. The active span is the
 * one the dialogue links evidence to; "No evidence in the dialogue" is the explicit answer for
 * extrinsic information, where there is nothing to point at.
 */
export function SpanList(props: SpanListProps) {
  const { name, text, spans, types, turns, activeStart, askEvidence, readOnly } = props;
  return (
    <Stack gap={6} className="span-list" aria-label={`Error spans for ${name}`} role="group">
      <Text size="sm" fw={500}>
        Error spans{props.requireSpans ? ' (at least one)' : ' (optional)'}
      </Text>
      {spans.length === 0 && !readOnly && (
        <Text size="xs" c="dimmed">
          Select the wrong words in the sentence, or press <Kbd size="xs">u</Kbd> and use the arrow keys.
        </Text>
      )}
      {spans.map((span, position) => {
        const label = `span ${position + 1} of ${name}`;
        const active = span.start === activeStart;
        return (
          <div key={span.start} className="span-item" data-active={active || undefined}>
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Button
                size="compact-sm"
                variant={active ? 'filled' : 'light'}
                aria-pressed={active}
                aria-label={`${active ? 'Active' : 'Activate'} ${label}: ${quote(text, span)}`}
                onClick={() => {
                  props.onActivate(active ? null : span.start);
                  if (!active && span.evidence[0] !== undefined) scrollToTurn(span.evidence[0].turn);
                }}
              >
                {quote(text, span)}
              </Button>
              {!readOnly && (
                <CloseButton size="sm" aria-label={`Remove ${label}`} onClick={() => props.onRemove(span.start)} />
              )}
            </Group>
            <Group gap="xs" mt={4} align="flex-end" wrap="wrap">
              {types.length > 0 && (
                <NativeSelect
                  size="xs"
                  label="Type"
                  aria-label={`Error type of ${label}`}
                  disabled={readOnly}
                  value={span.error_type === null ? '' : String(span.error_type)}
                  data={[{ value: '', label: 'No type' }, ...types.map((type) => ({ value: String(type.id), label: type.name }))]}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    props.onType(span.start, value === '' ? null : Number(value));
                  }}
                />
              )}
              <TextInput
                size="xs"
                label="Note"
                aria-label={`Note on ${label}`}
                maxLength={1000}
                readOnly={readOnly}
                value={span.note}
                onChange={(event) => props.onNote(span.start, event.currentTarget.value)}
                className="span-item__note"
              />
            </Group>
            {askEvidence && (
              <EvidenceLinks
                label={label}
                evidence={span.evidence}
                noEvidence={span.no_evidence}
                turns={turns}
                active={active}
                readOnly={readOnly}
                required={props.requireEvidence}
                onUnlink={(evidence) => props.onUnlink(span.start, evidence)}
                onNoEvidence={(none) => props.onNoEvidence(span.start, none)}
              />
            )}
          </div>
        );
      })}
      {props.error !== undefined && (
        <Text size="sm" c="red.8" role="alert">
          {props.error}
        </Text>
      )}
    </Stack>
  );
}
