import { Button, Checkbox, CloseButton, Group, Kbd, NativeSelect, Stack, Text, TextInput } from '@mantine/core';

import type { ErrorSpan, ErrorType, Evidence, Turn } from '../../api/types';
import { scrollToTurn } from './activeSpan';
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

function evidenceLabel(evidence: Evidence, turns: readonly Turn[]): string {
  const turn = turns.find((candidate) => candidate.id === evidence.turn);
  if (turn === undefined) return `Turn ?`;
  const whole = evidence.start === 0 && evidence.end === turn.text.length;
  return `Turn ${turn.position + 1}: ${whole ? 'the whole turn' : quote(turn.text, evidence, 40)}`;
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
        const needsEvidence = askEvidence && props.requireEvidence && span.evidence.length === 0 && !span.no_evidence;
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
              <div className="span-item__evidence">
                {span.evidence.length > 0 && (
                  <ul className="plain-list" aria-label={`Evidence for ${label}`}>
                    {span.evidence.map((item) => (
                      <li key={`${item.turn}:${item.start}`} className="evidence-chip">
                        <button type="button" className="evidence-chip__go" onClick={() => scrollToTurn(item.turn)}>
                          {evidenceLabel(item, turns)}
                        </button>
                        {!readOnly && (
                          <CloseButton
                            size="xs"
                            aria-label={`Unlink ${evidenceLabel(item, turns)} from ${label}`}
                            onClick={() => props.onUnlink(span.start, item)}
                          />
                        )}
                      </li>
                    ))}
                  </ul>
                )}
                {active && !readOnly && !span.no_evidence && (
                  <Text size="xs" c="dimmed">
                    Select the evidence in the dialogue, or press <Kbd size="xs">d</Kbd> and Enter on a turn to take it whole.
                  </Text>
                )}
                {span.evidence.length === 0 && (
                  <Checkbox
                    size="xs"
                    mt={4}
                    label="No evidence in the dialogue (extrinsic information)"
                    aria-label={`No evidence in the dialogue for ${label}`}
                    aria-keyshortcuts="o"
                    checked={span.no_evidence}
                    disabled={readOnly}
                    onChange={(event) => props.onNoEvidence(span.start, event.currentTarget.checked)}
                  />
                )}
                {needsEvidence && (
                  <Text size="xs" c="orange.9">
                    Needs evidence, or “No evidence in the dialogue”.
                  </Text>
                )}
              </div>
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
