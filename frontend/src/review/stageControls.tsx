// The answer each stage asks for one item: the reviewer's decision, the second reviewer's
// verdict, the error types alone, or a verdict on each evaluator explanation. Each reads and saves its item with the workspace's
// `useItem` (versioned autosave, conflicts, offline queue).

import { Paper, Text } from '@mantine/core';
import type { ComponentType } from 'react';

import type { ErrorType } from '../api/types';
import { explanationsKind, verdictOf, verdictsStillNeeded, withVerdict } from '../kinds/explanations';
import { reviewKind, reviewMissing } from '../kinds/review';
import { secondReviewKind, secondReviewMissing } from '../kinds/secondReview';
import { typingKind, typingMissing } from '../kinds/typing';
import { ErrorTypePicker } from '../workspace/ErrorTypePicker';
import { useItem } from '../workspace/useItem';
import { ChoiceButtons } from './ChoiceButtons';
import { ItemProblems } from './ItemProblems';
import { NoteField } from './NoteField';
import { DECISIONS, EXPLANATION_VERDICTS, VERDICTS, decisionLabel } from './stages';
import type { Item, ItemStage } from './types';

export interface StageControlsProps {
  item: Item;
  /** "Summary B, sentence 2". */
  itemName: string;
  sentenceText: string;
  errorTypes: readonly ErrorType[];
}

function typeNames(errorTypes: readonly ErrorType[], ids: readonly number[]): string {
  return ids.map((id) => errorTypes.find((type) => type.id === id)?.name ?? `type ${id}`).join(', ');
}

/** Review: error confirmed, false positive (with a note saying why), or confirmed with other types. */
function ReviewControls({ item, itemName, sentenceText, errorTypes }: StageControlsProps) {
  const state = useItem(reviewKind, item.sentence);
  const { answer, readOnly, errors } = state;
  const typesChanged = answer.decision === 'types_changed';
  return (
    <>
      <div data-nav={`decision:${item.sentence}`}>
        <ChoiceButtons
          label={`Decision on ${itemName}`}
          itemName={itemName}
          choices={DECISIONS}
          value={answer.decision}
          onChoose={(decision) => state.save({ decision })}
          readOnly={readOnly}
        />
      </div>
      {errors?.decision !== undefined && (
        <Text size="sm" c="red.8" role="alert">
          {errors.decision}
        </Text>
      )}
      {/* Types the reviewer chose stay visible after another decision, so nothing is hidden. */}
      {(typesChanged || answer.error_types.length > 0) && (
        <div data-nav={`error_types:${item.sentence}`} className="sentence__field">
          <ErrorTypePicker
            label={`Error types for ${itemName}`}
            types={errorTypes}
            value={answer.error_types}
            onChange={(ids) => state.save({ error_types: ids })}
            readOnly={readOnly}
            error={errors?.error_types}
            required={typesChanged}
          />
        </div>
      )}
      <NoteField
        sentence={item.sentence}
        itemName={itemName}
        value={answer.note}
        description={
          answer.decision === 'false_positive'
            ? 'Required for a false positive: say why the sentence is consistent. The annotators read it.'
            : 'Optional: read by the annotators and the second reviewer.'
        }
        required={answer.decision === 'false_positive'}
        readOnly={readOnly}
        error={errors?.note}
        onChange={(note, options) => state.save({ note }, options)}
      />
      <ItemProblems itemName={itemName} item={state} errorTypes={errorTypes} sentenceText={sentenceText} missing={reviewMissing(answer)} />
    </>
  );
}

/** The review decision a second reviewer confirms or disputes. */
function DecisionToConfirm({ item, errorTypes }: { item: Item; errorTypes: readonly ErrorType[] }) {
  const decision = item.decision;
  if (decision === null) {
    return (
      <Text size="sm" mt={6}>
        The reviewer has not decided this item yet: there is nothing to confirm.
      </Text>
    );
  }
  return (
    <Paper withBorder p="xs" mt={6} aria-label="The review decision">
      <Text size="sm" fw={600}>
        Review decision: {decisionLabel(decision.decision)}
        {decision.error_types.length > 0 && ` (${typeNames(errorTypes, decision.error_types)})`}
      </Text>
      {decision.note !== '' && <Text size="sm">Note: {decision.note}</Text>}
    </Paper>
  );
}

/** Second review: confirm the decision, or dispute it with a note saying why. */
function SecondReviewControls({ item, itemName, sentenceText, errorTypes }: StageControlsProps) {
  const state = useItem(secondReviewKind, item.sentence);
  const { answer, errors } = state;
  // Nothing to confirm before the reviewer decided (the server refuses the save with a 400).
  const readOnly = state.readOnly || item.decision === null;
  return (
    <>
      <DecisionToConfirm item={item} errorTypes={errorTypes} />
      <div data-nav={`verdict:${item.sentence}`}>
        <ChoiceButtons
          label={`Verdict on the decision on ${itemName}`}
          itemName={itemName}
          choices={VERDICTS}
          value={answer.verdict}
          onChoose={(verdict) => state.save({ verdict })}
          readOnly={readOnly}
        />
      </div>
      {errors?.verdict !== undefined && (
        <Text size="sm" c="red.8" role="alert">
          {errors.verdict}
        </Text>
      )}
      <NoteField
        sentence={item.sentence}
        itemName={itemName}
        value={answer.note}
        description={
          answer.verdict === 'dispute'
            ? 'Required to dispute: say why. An admin reads it and decides.'
            : 'Optional when you confirm.'
        }
        required={answer.verdict === 'dispute'}
        readOnly={readOnly}
        error={errors?.note}
        onChange={(note, options) => state.save({ note }, options)}
      />
      <ItemProblems
        itemName={itemName}
        item={state}
        errorTypes={errorTypes}
        sentenceText={sentenceText}
        missing={secondReviewMissing(answer)}
      />
    </>
  );
}

/** Error typing: the types only. */
function TypingControls({ item, itemName, sentenceText, errorTypes }: StageControlsProps) {
  const state = useItem(typingKind, item.sentence);
  const { answer, readOnly, errors } = state;
  return (
    <>
      <div data-nav={`error_types:${item.sentence}`} className="sentence__field">
        <ErrorTypePicker
          label={`Error types for ${itemName}`}
          types={errorTypes}
          value={answer.error_types}
          onChange={(ids) => state.save({ error_types: ids })}
          readOnly={readOnly}
          error={errors?.error_types}
          required
        />
      </div>
      <ItemProblems
        itemName={itemName}
        item={state}
        errorTypes={errorTypes}
        sentenceText={sentenceText}
        missing={typingMissing(answer)}
      />
    </>
  );
}

/**
 * Explanation rounds: each evaluator explanation, numbered in this linguist's order and never
 * named by its evaluator, judged against the human explanation(s) shown above it. Each is
 * focusable (`data-explanation`): the digits 1–4 give the focused one its verdict.
 */
function ExplanationControls({ item, itemName, sentenceText, errorTypes }: StageControlsProps) {
  const state = useItem(explanationsKind, item.sentence);
  const { answer, readOnly, errors } = state;
  const count = item.explanations.length;
  return (
    <div data-nav={`explanations:${item.sentence}`} role="group" aria-label={`Evaluator explanations of ${itemName}`}>
      <Text size="sm" fw={600} mt={6}>
        Evaluator explanations: does each describe the error the annotators found?
      </Text>
      {item.explanations.map((explanation, index) => {
        const position = index + 1;
        const name = `explanation ${position} of ${count}`;
        return (
          <Paper
            key={explanation.id}
            withBorder
            p="xs"
            mt={6}
            tabIndex={0}
            component="article"
            className="explanation"
            data-nav={`verdict:${position}:${item.sentence}`}
            data-explanation={position}
            aria-label={`${itemName}, ${name}`}
          >
            <Text size="xs" c="dimmed">
              Explanation {position}
            </Text>
            <Text size="sm">{explanation.text}</Text>
            <ChoiceButtons
              label={`Verdict on ${name}`}
              itemName={`${itemName}, ${name}`}
              choices={EXPLANATION_VERDICTS}
              value={verdictOf(answer, explanation.id)}
              onChoose={(verdict) =>
                state.save({ explanations: withVerdict(state.current(), item.explanations, position, verdict) })
              }
              readOnly={readOnly}
            />
          </Paper>
        );
      })}
      {errors?.explanations !== undefined && (
        <Text size="sm" c="red.8" role="alert">
          {errors.explanations}
        </Text>
      )}
      <ItemProblems
        itemName={itemName}
        item={state}
        errorTypes={errorTypes}
        sentenceText={sentenceText}
        missing={verdictsStillNeeded(answer, item.explanations)}
      />
    </div>
  );
}

/** The controls of each stage: the one place the item screen chooses by stage. */
export const STAGE_CONTROLS: Record<ItemStage, ComponentType<StageControlsProps>> = {
  review: ReviewControls,
  second_review: SecondReviewControls,
  error_typing: TypingControls,
  explanation: ExplanationControls,
};
