import { Button, Group, Text, Textarea } from '@mantine/core';
import { memo } from 'react';

import { KeyHint } from '../components/KeyHint';
import type { Confidence, ErrorSpan, SentenceLabel, SummarySentence } from '../api/types';
import { sentenceKind } from '../kinds/sentence';
import { SentenceReviewOutcome } from '../review/SentenceReviewOutcome';
import { ChoiceGroup, type Choice } from './ChoiceGroup';
import { ConflictPanel } from './ConflictPanel';
import { ErrorTypePicker } from './ErrorTypePicker';
import { ModelVerdict } from './reveal';
import { activeSpanStart, scrollToTurn, useSpanFocus } from './spans/activeSpan';
import { SentenceText } from './spans/SentenceText';
import {
  removeSpan,
  setNoEvidence,
  setSpanNote,
  setSpanType,
  unlinkEvidence,
  withSentenceType,
} from './spans/spanEdits';
import { SpanList } from './spans/SpanList';
import { withSpan } from './spans/spanText';
import { useItem, useWorkspacePayload } from './useItem';

export const EXPLANATION_DEBOUNCE_MS = 600;
const CONFIDENCE_CHOICES: readonly Choice<Confidence>[] = [
  { value: 1, label: 'Low', digit: '1' },
  { value: 2, label: 'Medium', digit: '2' },
  { value: 3, label: 'High', digit: '3' },
];
const MAX_TEXT = 5000;

interface SentenceBlockProps {
  summaryLabel: string;
  sentence: SummarySentence;
  /** Place across all summaries, for `j`/`k`. */
  index: number;
  active: boolean;
}

/**
 * One summary sentence: focusable as a whole (the keys act on it), with its label toggles,
 * and — once inconsistent — a required explanation and the error types.
 * Memoised, and its judgement read with `useItem`: typing in one sentence re-renders only it.
 */
export const SentenceBlock = memo(function SentenceBlock({ summaryLabel, sentence, index, active }: SentenceBlockProps) {
  const { scheme, document: dialogue } = useWorkspacePayload();
  const item = useItem(sentenceKind, sentence.id);
  const spanFocus = useSpanFocus();
  const { answer, readOnly, errors } = item;
  const sentenceId = sentence.id;
  const number = sentence.number;
  const askLabel = scheme.consistency;
  const askConfidence = scheme.confidence && scheme.consistency;
  const errorTypes = scheme.error_types ? item.errorTypes : [];
  const name = `Summary ${summaryLabel}, sentence ${number}`;
  const inconsistent = answer.label === 'inconsistent';
  // A written explanation stays visible even after switching to consistent, so no text is hidden.
  const showExplanation = askLabel && (inconsistent || answer.explanation !== '');
  const showTypes = askLabel && errorTypes.length > 0 && (inconsistent || answer.error_types.length > 0);
  // Optional notes stay out of the way until the sentence is worked on or has one.
  const showComment = scheme.sentence_comment && (active || answer.comment !== '');
  const showConfidence = askConfidence && (answer.label !== '' || answer.confidence !== null);
  // Spans are for wrong words: asked of an inconsistent sentence, and never hidden once marked.
  const askSpans = askLabel && scheme.error_spans;
  const showSpans = askSpans && (inconsistent || answer.spans.length > 0);
  const activeStart = activeSpanStart(spanFocus.active, sentenceId);
  const typeName = (id: number | null) => item.errorTypes.find((type) => type.id === id)?.name ?? '';

  function saveSpans(spans: ErrorSpan[], options?: { debounceMs?: number }) {
    if (!readOnly) item.save({ spans }, options);
  }

  function markSpan(range: { start: number; end: number }) {
    if (readOnly) return;
    const span: ErrorSpan = { ...range, error_type: null, note: '', no_evidence: false, evidence: [] };
    // Marking a wrong span says the sentence is inconsistent.
    item.save(answer.label === 'inconsistent' ? { spans: withSpan(answer.spans, span) } : { spans: withSpan(answer.spans, span), label: 'inconsistent' });
    spanFocus.setActive({ kind: 'span', sentence: sentenceId, start: span.start });
  }

  function toggle(label: Exclude<SentenceLabel, ''>) {
    if (readOnly) return;
    item.save({ label: answer.label === label ? '' : label });
  }

  return (
    <div
      className="sentence"
      role="group"
      tabIndex={0}
      aria-label={name}
      aria-describedby={`sentence-text-${sentenceId}`}
      data-nav={`label:${sentenceId}`}
      data-sentence-index={index}
      data-active={active || undefined}
    >
      {askSpans ? (
        <SentenceText
          sentenceId={sentenceId}
          number={number}
          text={sentence.text}
          spans={answer.spans}
          typeName={typeName}
          activeStart={activeStart}
          canMark={!readOnly}
          onMark={markSpan}
          onActivate={(start) => spanFocus.setActive({ kind: 'span', sentence: sentenceId, start })}
          onHover={(evidence) => {
            if (evidence[0] !== undefined) scrollToTurn(evidence[0].turn);
          }}
        />
      ) : (
        <Text className="sentence__text" id={`sentence-text-${sentenceId}`}>
          <span className="sentence__number" aria-hidden="true">
            {number}
          </span>
          {sentence.text}
        </Text>
      )}
      {askLabel && (
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
            rightSection={<KeyHint keys="1" />}
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
            rightSection={<KeyHint keys="2" />}
          >
            ✗ Inconsistent
          </Button>
          {answer.label !== '' && !readOnly && (
            // Back to "not labelled" (also Delete on the sentence, or a click on the chosen label).
            <Button
              size="compact-sm"
              variant="subtle"
              color="gray.8"
              aria-label={`${name}: clear the label`}
              aria-keyshortcuts="Delete"
              onClick={(event) => {
                // The button goes with the label: focus stays on its sentence, not on the page.
                event.currentTarget.closest<HTMLElement>('[data-sentence-index]')?.focus();
                item.save({ label: '' });
              }}
            >
              Clear
            </Button>
          )}
        </Group>
      )}
      {errors?.label !== undefined && (
        <Text size="sm" c="red.8" role="alert">
          {errors.label}
        </Text>
      )}
      {/* Assisted units: the model's verdict, only once this label is saved (docs/models-in-the-loop.md). */}
      <ModelVerdict sentence={sentenceId} labelled={answer.label !== ''} />
      {/* What second-stage review decided, once the unit is submitted (docs/api/review.md). */}
      <SentenceReviewOutcome sentence={sentenceId} />
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
              item.save({ explanation: event.currentTarget.value }, { debounceMs: EXPLANATION_DEBOUNCE_MS })
            }
          />
        </div>
      )}
      {showTypes && (
        <div data-nav={`error_types:${sentenceId}`} className="sentence__field">
          <ErrorTypePicker
            label={`Error types for summary ${summaryLabel}, sentence ${number}`}
            types={errorTypes}
            value={answer.error_types}
            onChange={(ids) => item.save({ error_types: ids })}
            readOnly={readOnly}
            error={errors?.error_types}
            required={inconsistent}
          />
        </div>
      )}
      {showSpans && (
        <div data-nav={`error_spans:${sentenceId}`} className="sentence__field">
          <SpanList
            name={name}
            text={sentence.text}
            spans={answer.spans}
            types={errorTypes}
            turns={dialogue.turns}
            activeStart={activeStart}
            askEvidence={scheme.evidence}
            requireSpans={scheme.require_error_spans}
            requireEvidence={scheme.require_evidence}
            readOnly={readOnly}
            error={errors?.spans}
            onActivate={(start) => spanFocus.setActive(start === null ? null : { kind: 'span', sentence: sentenceId, start })}
            onType={(start, type) => {
              if (readOnly) return;
              item.save({ spans: setSpanType(answer.spans, start, type), error_types: withSentenceType(answer.error_types, type) });
            }}
            onNote={(start, note) => saveSpans(setSpanNote(answer.spans, start, note), { debounceMs: EXPLANATION_DEBOUNCE_MS })}
            onRemove={(start) => {
              saveSpans(removeSpan(answer.spans, start));
              if (activeStart === start) spanFocus.setActive(null);
            }}
            onUnlink={(start, evidence) => saveSpans(unlinkEvidence(answer.spans, start, evidence))}
            onNoEvidence={(start, none) => saveSpans(setNoEvidence(answer.spans, start, none))}
          />
        </div>
      )}
      {showConfidence && (
        <div data-nav={`confidence:${sentenceId}`} className="sentence__field">
          <ChoiceGroup
            label={`How sure are you of this label? (optional)`}
            choices={CONFIDENCE_CHOICES}
            value={answer.confidence}
            onChange={(confidence) => item.save({ confidence })}
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
              item.save({ comment: event.currentTarget.value }, { debounceMs: EXPLANATION_DEBOUNCE_MS })
            }
          />
        </div>
      )}
      {errors?.detail !== undefined && (
        <Text size="sm" c="red.8" role="alert">
          {errors.detail}
        </Text>
      )}
      {item.conflict !== undefined && (
        <ConflictPanel
          itemName={name}
          conflict={item.conflict}
          errorTypes={item.errorTypes}
          sentenceText={sentence.text}
          onKeepMine={item.keepMine}
          onUseSaved={item.adoptSaved}
        />
      )}
    </div>
  );
});
