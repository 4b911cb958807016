// The shapes of second-stage review and error typing (docs/api/review.md), as aliases of the
// shapes generated from the server's contract (annotations/api/review_contract.py, `make
// api-types`), like api/types.ts does for the other screens. They are aliases rather than
// hand-written copies so that a change of the contract fails the type check here instead of
// drifting: the reviewer queue, for one, is sent as the linguist queue's rows (progress as
// `progress.done` of `progress.total`, `stage` on each row) and not as the `items`/`done`
// pair the document sketches.
import type { components } from '../api/schema';

type Schemas = components['schemas'];

/** `review`, `second_review`, or `error_typing` (a round of kind error_typing). */
export type ItemStage = Schemas['StageEnum'];

/** `GET /api/assignments/{id}/items/`: the item screen of a review or error-typing assignment. */
export type ItemsPayload = Schemas['ItemsPayloadOutput'];
/** A summary as the item screen sees it: its letter and sentences, never its summarizer. */
export type ItemSummary = Schemas['ItemSummaryOutput'];
export type ItemSentence = Schemas['ItemSentenceOutput'];
/** One sentence the round asks about, with every annotator's answer on it. */
export type Item = Schemas['ItemOutput'];
/** One annotator's answer on an item, named by role letter (R1, R2…), never by name. */
export type SourceLabel = Schemas['SourceLabelOutput'];
export type SourceSpan = Schemas['SourceSpanOutput'];
/** Second reviewers only: the review decision to confirm or dispute. */
export type DecisionToConfirm = Schemas['DecisionToConfirmOutput'];

/** Saved states of this assignment's own answers, by kind (`judgements` of the payload). */
export type ReviewState = Schemas['ReviewState'];
export type SecondReviewState = Schemas['SecondReviewState'];
export type TypingState = Schemas['TypingState'];

/** `GET /api/reviews/`: the signed-in reviewer's review and second-review assignments. */
export type ReviewQueueResponse = Schemas['ReviewQueueOutput'];
export type ReviewQueueEntry = ReviewQueueResponse['assignments'][number];

/** What review decided about one of a linguist's sentences, shown once they have submitted. */
export type ReviewOutcome = Schemas['ReviewOutcomeOutput'];
export type ReviewOutcomeStatus = ReviewOutcome['status'];

/** A review decision; '' until the reviewer gives one. */
export type ReviewDecision = Schemas['DecisionEnum'];
/** A second reviewer's verdict; '' until they give one. */
export type SecondVerdict = Schemas['SecondVerdictEnum'];
