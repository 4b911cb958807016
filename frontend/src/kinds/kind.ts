// What the workspace knows of one judgement kind: the frontend side of the server's registry
// (annotations/kinds/). Every kind is one module of this shape (sentence.ts, summary.ts,
// topic.ts, keyFacts.ts, atomicFacts.ts; review.ts, secondReview.ts, typing.ts and
// explanations.ts for the item screen) listed in registry.ts; the answers, the save queue,
// completion and the save routing read a kind only through it, so adding a kind edits no
// switch (docs/kinds.md).

import type { Handle, Scheme, WorkspacePayload } from '../api/types';
import type { ItemsPayload } from '../review/types';

/** One change as the save queue carries it: field name → value. */
export type Fields = Record<string, unknown>;

/** What a kind's judgement is attached to: a sentence or summary handle, or the assignment. */
export type TargetKind = 'handle' | 'assignment';

/** One saved judgement read from the workspace payload. */
export interface SavedItem<Answer> {
  /** The handle it is about; null for a per-assignment kind. */
  target: Handle | null;
  answer: Answer;
  version: number;
}

/**
 * What the item screen's rounds ask besides the project's scheme (the server's
 * `kinds.round_scheme`): a review decision, a second reviewer's verdict, error types only.
 */
export interface ItemScheme {
  review?: boolean;
  second_review?: boolean;
  error_typing?: boolean;
  /** Explanation rounds: a verdict on each evaluator explanation of an item. */
  explanation?: boolean;
}

/** The switches a kind can be asked by: the project's scheme and the item rounds' own. */
export type AskingScheme = Scheme & ItemScheme;

/**
 * The screens that answer judgements, each with the payload its kinds read their saved
 * answers from: the workspace of annotation rounds, and the item screen of review and
 * error-typing rounds (docs/review.md). A kind belongs to one screen; the other never reads
 * or asks for it, so the item screen's kinds leave the workspace as it was.
 */
export interface ScreenPayloads {
  workspace: WorkspacePayload;
  items: ItemsPayload;
}
export type KindScreen = keyof ScreenPayloads;

/** A scheme that asks nothing: what a test or a screen switches single questions on from. */
export const NOTHING_ASKED: Scheme = {
  consistency: false,
  error_types: false,
  error_spans: false,
  require_error_spans: false,
  evidence: false,
  require_evidence: false,
  relevance: false,
  not_a_summary: false,
  comment: false,
  sentence_comment: false,
  confidence: false,
  topic_category: false,
  completeness: false,
  atomic_facts: false,
  show_fact_scores: false,
};

export interface Kind<Answer, Screen extends KindScreen = 'workspace'> {
  /** As on the server (`KindSpec.key`) and in item keys (`sentence:<handle>`, `topic`). */
  key: string;
  target: TargetKind;
  /** The screen that answers it; absent for the workspace's own kinds. */
  screen?: Screen;
  /** The scheme switch that asks for it; its completion counts only when it is on. */
  askedBy: keyof AskingScheme;
  /** The answer of an item never saved. */
  empty: Answer;
  /** The saved judgements in its screen's payload. */
  saved(payload: ScreenPayloads[Screen]): SavedItem<Answer>[];
  /**
   * Applies saved, replayed or server-sent fields. Only known fields with the right type are
   * taken, so a stored change or a server state can never put anything else on screen.
   */
  apply(answer: Answer, fields: Fields): Answer;
  /** What it still needs, as the server's completion rule says (fixtures/kinds/). */
  missing(answer: Answer | null | undefined, scheme: AskingScheme): string[];
  /**
   * For a per-assignment kind whose answer concerns every summary (key facts aligned to
   * each): what it still needs for one summary, as the server's `missing_in_summary` says.
   * Submit lists these under the summary ("Summary B: say whether it states key fact 3.").
   */
  missingInSummary?(answer: Answer | null | undefined, summary: Handle, scheme: Scheme): string[];
  /** Its PATCH URL (docs/api/workspace.md, Saves). */
  url(assignmentId: number, target: Handle | null): string;
}

/** A kind of either screen: what the helpers that work for both take. */
export type ScreenKind<Answer> = Kind<Answer, KindScreen>;

/** `Kind<A>` for any `A` and either screen, as the registry holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyKind = Kind<any, KindScreen>;

/** The screen a kind belongs to. */
export function screenOf(kind: AnyKind): KindScreen {
  return kind.screen ?? 'workspace';
}
