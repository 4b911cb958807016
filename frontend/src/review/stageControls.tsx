// The answer each stage asks for one item: the reviewer's decision, the second reviewer's
// verdict, or the error types alone. Each reads and saves its item with the workspace's
// `useItem` (versioned autosave, conflicts, offline queue).

import { Paper, Text } from '@mantine/core';
import type { ComponentType } from 'react';

import type { ErrorType } from '../api/types';
import { reviewKind, reviewMissing } from '../kinds/review';
import { secondReviewKind, secondReviewMissing } from '../kinds/secondReview';
import { typingKind, typingMissing } from '../kinds/typing';
import { ErrorTypePicker } from '../workspace/ErrorTypePicker';
import { useItem } from '../workspace/useItem';
import { ChoiceButtons } from './ChoiceButtons';
import { ItemProblems } from './ItemProblems';
import { NoteField } from './NoteField';
import { DECISIONS, VERDICTS, decisionLabel } from './stages';
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

/** The controls of each stage: the one place the item screen chooses by stage. */
export const STAGE_CONTROLS: Record<ItemStage, ComponentType<StageControlsProps>> = {
  review: ReviewControls,
  second_review: SecondReviewControls,
  error_typing: TypingControls,
};
