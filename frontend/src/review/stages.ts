// What each stage of the item screen asks, in words and kinds: one place, so the screen, its
// keys, the queue and the linguist's outcomes name a decision the same way.

import { NOTHING_ASKED, type AskingScheme, type ScreenKind } from '../kinds/kind';
import type { ExplanationVerdict } from '../kinds/explanations';
import { explanationsKind } from '../kinds/explanations';
import { reviewKind } from '../kinds/review';
import { secondReviewKind } from '../kinds/secondReview';
import { typingKind } from '../kinds/typing';
import type { ItemStage, ReviewDecision, ReviewOutcomeStatus, SecondVerdict } from './types';

export const STAGE_TITLES: Record<ItemStage, string> = {
  review: 'Review',
  second_review: 'Second review',
  error_typing: 'Error typing',
  explanation: 'Explanations',
};

/** The kind a stage answers (the server's `kinds.round_scheme`): one per stage. */
export function stageKind(stage: ItemStage): ScreenKind<unknown> {
  const kinds: Record<ItemStage, ScreenKind<unknown>> = {
    review: reviewKind,
    second_review: secondReviewKind,
    error_typing: typingKind,
    explanation: explanationsKind,
  };
  return kinds[stage];
}

/** What a stage asks: its kind's switch only, never the project's annotation questions. */
export function stageScheme(stage: ItemStage): AskingScheme {
  return { ...NOTHING_ASKED, [stageKind(stage).askedBy]: true };
}

/** The queue an assignment of this stage is listed in: reviewers have their own. */
export function queuePath(stage: ItemStage): string {
  return stage === 'review' || stage === 'second_review' ? '/app/reviews' : '/app/queue';
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

/** The second reviewer's two verdicts, with the digit that gives each: digits answer in
 * every stage (the reviewer's 1–3, the workspace's 1/2), so 1 is always "yes, it is an error
 * as stated" and 2 "no". (They were `c`/`x`, a second set of keys for the same meaning.) */
export const VERDICTS: readonly VerdictChoice[] = [
  { value: 'confirm', label: 'Confirm', key: '1' },
  { value: 'dispute', label: 'Dispute', key: '2' },
];

export interface ExplanationChoice {
  value: Exclude<ExplanationVerdict, ''>;
  label: string;
  key: string;
}

/** The four verdicts on an evaluator's explanation (TofuEval Appendix H), with their digits. */
export const EXPLANATION_VERDICTS: readonly ExplanationChoice[] = [
  { value: 'same', label: 'Same error', key: '1' },
  { value: 'partially', label: 'Partially the same', key: '2' },
  { value: 'different', label: 'A different error', key: '3' },
  { value: 'model_wrong', label: 'Explanation wrong', key: '4' },
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
  verdict: 'confirm (1) or dispute (2)',
  explanations: 'a verdict on each explanation (1 to 4)',
};

/** One entry of a "still to do" line: `verdict:3` is an explanation's verdict (numbered as
 * shown); any other key is a field of MISSING_WORDS. */
export function missingWords(key: string): string {
  const [field, number] = key.split(':');
  if (field === 'verdict' && number !== undefined) return `a verdict on explanation ${number}`;
  return MISSING_WORDS[key] ?? key;
}

/** An explanation list in words, for the conflict panel: "1 Same error; 2 (none)". */
export function explanationVerdictsInWords(rows: unknown): string {
  if (!Array.isArray(rows)) return '(none)';
  return rows
    .map((row: { position?: unknown; verdict?: unknown }) => {
      const label = EXPLANATION_VERDICTS.find((choice) => choice.value === row.verdict)?.label ?? '(none)';
      return `${String(row.position)} ${label}`;
    })
    .join('; ');
}
