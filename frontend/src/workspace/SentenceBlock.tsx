import { Button, Group, Kbd, Text, Textarea } from '@mantine/core';
import { memo } from 'react';

import type { Confidence, ErrorType, Handle, SentenceLabel } from '../api/types';
import type { SentenceAnswer } from './answers';
import { ChoiceGroup, type Choice } from './ChoiceGroup';
import { ConflictPanel } from './ConflictPanel';
import { ErrorTypePicker } from './ErrorTypePicker';
import { sentenceKey, type Conflict, type ItemKey } from './saveQueue';
import type { ChangeAnswer } from './useWorkspaceSaving';

export const EXPLANATION_DEBOUNCE_MS = 600;
const CONFIDENCE_CHOICES: readonly Choice<Confidence>[] = [
  { value: 1, label: 'Low', digit: '1' },
  { value: 2, label: 'Medium', digit: '2' },
  { value: 3, label: 'High', digit: '3' },
];
const MAX_TEXT = 5000;

interface SentenceBlockProps {
  summaryLabel: string;
  sentenceId: Handle;
  number: number;
  text: string;
  /** Place across all summaries, for `j`/`k`. */
  index: number;
  answer: SentenceAnswer;
  active: boolean;
  askLabel: boolean;
  /** The scheme asks for an optional comment per sentence (`m`). */
  askComment: boolean;
  /** The scheme asks for an optional confidence per label (`f` then 1–3). */
  askConfidence: boolean;
  errorTypes: readonly ErrorType[];
  readOnly: boolean;
  errors: Readonly<Record<string, string>> | undefined;
  conflict: Conflict | undefined;
  onChange: ChangeAnswer;
  onKeepMine: (key: ItemKey) => void;
  onUseSaved: (key: ItemKey) => void;
}

/**
 * One summary sentence: focusable as a whole (the keys act on it), with its label toggles,
 * and — once inconsistent — a required explanation and the error types.
 * Memoised: typing in one sentence re-renders only that sentence.
 */
export const SentenceBlock = memo(function SentenceBlock(props: SentenceBlockProps) {
  const { summaryLabel, sentenceId, number, answer, readOnly, errors } = props;
  const key = sentenceKey(sentenceId);
  const name = `Summary ${summaryLabel}, sentence ${number}`;
  const inconsistent = answer.label === 'inconsistent';
  // A written explanation stays visible even after switching to consistent, so no text is hidden.
  const showExplanation = props.askLabel && (inconsistent || answer.explanation !== '');
  const showTypes = props.askLabel && props.errorTypes.length > 0 && (inconsistent || answer.error_types.length > 0);
  // Optional notes stay out of the way until the sentence is worked on or has one.
  const showComment = props.askComment && (props.active || answer.comment !== '');
  const showConfidence = props.askConfidence && (answer.label !== '' || answer.confidence !== null);

  function toggle(label: Exclude<SentenceLabel, ''>) {
    if (readOnly) return;
    props.onChange(key, { label: answer.label === label ? '' : label });
  }

  return (
    <div
      className="sentence"
      role="group"
      tabIndex={0}
      aria-label={name}
      aria-describedby={`sentence-text-${sentenceId}`}
      data-nav={`label:${sentenceId}`}
      data-sentence-index={props.index}
      data-active={props.active || undefined}
    >
      <Text className="sentence__text" id={`sentence-text-${sentenceId}`}>
        <span className="sentence__number" aria-hidden="true">
          {number}
        </span>
        {props.text}
      </Text>
      {props.askLabel && (
        <Group gap="xs" mt={6}>
          <Button
            size="compact-sm"
            // The darkest shades: white on teal-6 or red-6 is 2.5:1 and 3.3:1, below WCAG AA.
            color="teal.9"
            variant={answer.label === 'consistent' ? 'filled' : 'default'}
            aria-pressed={answer.label === 'consistent'}
            aria-label={`${name}: consistent`}
            aria-keyshortcuts="1"
            // Read-only, not disabled: a disabled button greys out and hides the answer.
            aria-disabled={readOnly || undefined}
            data-readonly={readOnly || undefined}
            className="label-toggle"
            onClick={() => toggle('consistent')}
            rightSection={<Kbd size="xs">1</Kbd>}
          >
            ✓ Consistent
          </Button>
          <Button
            size="compact-sm"
            color="red.9"
            variant={inconsistent ? 'filled' : 'default'}
            aria-pressed={inconsistent}
            aria-label={`${name}: inconsistent`}
            aria-keyshortcuts="2"
            aria-disabled={readOnly || undefined}
            data-readonly={readOnly || undefined}
            className="label-toggle"
            onClick={() => toggle('inconsistent')}
            rightSection={<Kbd size="xs">2</Kbd>}
          >
            ✗ Inconsistent
          </Button>
        </Group>
      )}
      {errors?.label !== undefined && (
        <Text size="sm" c="red.8" role="alert">
          {errors.label}
        </Text>
      )}
      {showExplanation && (
        <div data-nav={`explanation:${sentenceId}`} className="sentence__field">
          <Textarea
            label={`Explanation for summary ${summaryLabel}, sentence ${number}`}
            description={inconsistent ? 'What does the dialogue say instead? (required)' : undefined}
            required={inconsistent}
            aria-keyshortcuts="e"
            autosize
            minRows={2}
            maxLength={MAX_TEXT}
            readOnly={readOnly}
            value={answer.explanation}
            error={errors?.explanation}
            onChange={(event) =>
              props.onChange(key, { explanation: event.currentTarget.value }, { debounceMs: EXPLANATION_DEBOUNCE_MS })
            }
          />
        </div>
      )}
      {showTypes && (
        <div data-nav={`error_types:${sentenceId}`} className="sentence__field">
          <ErrorTypePicker
            label={`Error types for summary ${summaryLabel}, sentence ${number}`}
            types={props.errorTypes}
            value={answer.error_types}
            onChange={(ids) => props.onChange(key, { error_types: ids })}
            readOnly={readOnly}
            error={errors?.error_types}
            required={inconsistent}
          />
        </div>
      )}
      {showConfidence && (
        <div data-nav={`confidence:${sentenceId}`} className="sentence__field">
          <ChoiceGroup
            label={`How sure are you of this label? (optional)`}
            choices={CONFIDENCE_CHOICES}
            value={answer.confidence}
            onChange={(confidence) => props.onChange(key, { confidence })}
            readOnly={readOnly}
            error={errors?.confidence}
            inline
          />
        </div>
      )}
      {showComment && (
        <div data-nav={`comment:${sentenceId}`} className="sentence__field">
          <Textarea
            label={`Comment on summary ${summaryLabel}, sentence ${number} (optional)`}
            description="A note for the admins; not the explanation of an error."
            aria-keyshortcuts="m"
            autosize
            minRows={1}
            maxLength={MAX_TEXT}
            readOnly={readOnly}
            value={answer.comment}
            error={errors?.comment}
            onChange={(event) =>
              props.onChange(key, { comment: event.currentTarget.value }, { debounceMs: EXPLANATION_DEBOUNCE_MS })
            }
          />
        </div>
      )}
      {errors?.detail !== undefined && (
        <Text size="sm" c="red.8" role="alert">
          {errors.detail}
        </Text>
      )}
      {props.conflict !== undefined && (
        <ConflictPanel
          itemName={name}
          conflict={props.conflict}
          errorTypes={props.errorTypes}
          onKeepMine={() => props.onKeepMine(key)}
          onUseSaved={() => props.onUseSaved(key)}
        />
      )}
    </div>
  );
});
