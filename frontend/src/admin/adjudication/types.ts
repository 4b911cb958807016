// The adjudication API's shapes (docs/api/review.md). The queue comes from the generated
// schema; the unit payload's nested answers are declared by hand here because the server's
// contract (annotations/api/adjudication_contract.py) still describes them as open objects.
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type AdjudicationQueue = Schemas['AdjudicationQueueOutput'];
export type QueueItem = Schemas['QueueItemOutput'];
export type Case = Schemas['CaseOutput'];

export interface Gold<T> {
  value: T | null;
  provenance: 'adjudicated' | 'reviewed' | 'unanimous' | 'majority' | 'tie' | 'single' | null;
}

export interface HistoryRef {
  kind: string;
  id: number;
}

export interface SentenceAnswer {
  label: string;
  explanation: string;
  error_types: string[];
  spans?: { start: number; end: number; text: string; error_type: string | null }[];
  history: HistoryRef | null;
}

export interface AdjudicatedSentence {
  id: string;
  number: number;
  text: string;
  disagree: boolean;
  answers: Record<string, SentenceAnswer>;
  review: { decision: string; note: string; second: string; second_note: string } | null;
  gold: { label: Gold<string> };
}

export interface AdjudicatedSummary {
  id: string;
  label: string;
  disagree: boolean;
  answers: Record<string, { relevance: number | null; not_a_summary: boolean; history: HistoryRef | null }>;
  gold: { relevance: Gold<number> };
  sentences: AdjudicatedSentence[];
}

export interface AdjudicationPayload {
  assignment: number;
  round: { id: number; name: string } | null;
  topic: { id: number; name: string };
  document: { title: string; turns: { id: number; position: number; speaker: string; role: string; text: string }[] };
  raters: string[];
  taxonomy: Schemas['TaxonomyOutput'];
  summaries: AdjudicatedSummary[];
  topic_category: { answers: Record<string, string>; gold: Gold<string> };
  judgements: {
    sentences: { sentence: string; label: string; error_types: number[]; version: number }[];
    summaries: { summary: string; relevance: number | null; version: number }[];
    topic: { category: string; version: number } | null;
  };
  cases: Case[];
}
