// The item screen's payload and the reviewer queue (docs/api/review.md), as generated from the
// server's contract (annotations/api/review_contract.py).
import type { components } from '../api/schema';

type Schemas = components['schemas'];

/** `GET /api/assignments/{id}/items/` */
export type ItemsPayload = Schemas['ItemsPayloadOutput'];
export type Item = Schemas['ItemOutput'];
export type SourceLabel = Schemas['SourceLabelOutput'];
/** `GET /api/reviews/` */
export type ReviewQueue = Schemas['ReviewQueueOutput'];
export type ItemStage = ItemsPayload['stage'];
