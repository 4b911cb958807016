// The adjudication API's shapes (docs/api/review.md), from the generated contract
// (annotations/api/adjudication_contract.py).
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type AdjudicationQueue = Schemas['AdjudicationQueueOutput'];
export type QueueItem = Schemas['QueueItemOutput'];
export type Case = Schemas['CaseOutput'];
export type Provenance = NonNullable<Schemas['GoldLabelOutput']['provenance']>;
export type { HistoryRef } from '../../components/HistoryButton';
export type SentenceAnswer = Schemas['AdjudicatedSentenceAnswerOutput'];
export type AdjudicatedSentence = Schemas['AdjudicatedSentenceOutput'];
export type AdjudicatedSummary = Schemas['AdjudicatedSummaryOutput'];
export type AdjudicationPayload = Schemas['AdjudicationPayloadOutput'];
export type FactGold = Schemas['FactGoldOutput'];
export type RaterAtomicFacts = Schemas['RaterAtomicFactsOutput'];

/** Any gold value with its provenance. */
export interface Gold<T> {
  value: T | null;
  provenance: Provenance | null;
}
