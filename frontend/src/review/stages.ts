// What each stage of the item screen asks, in words and kinds: one place, so the screen, its
// keys, the queue and the linguist's outcomes name a decision the same way.

import { NOTHING_ASKED, type AskingScheme, type ScreenKind } from '../kinds/kind';
import { reviewKind } from '../kinds/review';
import { secondReviewKind } from '../kinds/secondReview';
import { typingKind } from '../kinds/typing';
import type { ItemStage, ReviewDecision, ReviewOutcomeStatus, SecondVerdict } from './types';

export const STAGE_TITLES: Record<ItemStage, string> = {
  review: 'Review',
  second_review: 'Second review',
  error_typing: 'Error typing',
};

/** The kind a stage answers (the server's `kinds.round_scheme`): one per stage. */
export function stageKind(stage: ItemStage): ScreenKind<unknown> {
  return stage === 'review' ? reviewKind : stage === 'second_review' ? secondReviewKind : typingKind;
}

/** What a stage asks: its kind's switch only, never the project's annotation questions. */
export function stageScheme(stage: ItemStage): AskingScheme {
  return { ...NOTHING_ASKED, [stageKind(stage).askedBy]: true };
}

/** The queue an assignment of this stage is listed in: reviewers have their own. */
export function queuePath(stage: ItemStage): string {
  return stage === 'error_typing' ? '/app/queue' : '/app/reviews';
}

/** Where an item-screen assignment opens. */
export function itemsPath(assignmentId: number): string {
  return `/app/assignments/${assignmentId}/items`;
}

export interface DecisionChoice {
  value: Exclude<ReviewDecision, ''>;
  label: string;
  key: string;
}

/** The reviewer's three decisions, with the digit that gives each. */
export const DECISIONS: readonly DecisionChoice[] = [
  { value: 'confirmed', label: 'Error confirmed', key: '1' },
  { value: 'false_positive', label: 'False positive', key: '2' },
  { value: 'types_changed', label: 'Confirmed, types changed', key: '3' },
];

export interface VerdictChoice {
  value: Exclude<SecondVerdict, ''>;
  label: string;
  key: string;
}

/** The second reviewer's two verdicts, with the letter that gives each. */
export const VERDICTS: readonly VerdictChoice[] = [
  { value: 'confirm', label: 'Confirm', key: 'c' },
  { value: 'dispute', label: 'Dispute', key: 'x' },
];

export function decisionLabel(decision: string): string {
  return DECISIONS.find((choice) => choice.value === decision)?.label ?? decision;
}

/** Where a review decision stands, as the linguist reads it. */
export const OUTCOME_STATUS_WORDS: Record<ReviewOutcomeStatus, string> = {
  confirmed: 'confirmed by a second reviewer',
  pending: 'awaiting a second reviewer',
  disputed: 'disputed; an admin will decide',
  adjudicated: 'decided by an admin',
};

/** What an item still needs, in the words of a "still to do" line (completion rule keys). */
export const MISSING_WORDS: Record<string, string> = {
  decision: 'a decision (1, 2 or 3)',
  error_types: 'the error types',
  note: 'a note saying why',
  verdict: 'confirm (c) or dispute (x)',
};
