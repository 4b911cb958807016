// The review and error-typing endpoints the item screen and the reviewer queue read
// (docs/api/review.md), through the one client. Saves go through each kind's URL and the
// save queue (kinds/review.ts, secondReview.ts, typing.ts); submit is the workspace's.

import { api } from '../api/client';
import type { ItemsPayload, ReviewQueueResponse } from './types';

export function getReviewQueue(signal?: AbortSignal): Promise<ReviewQueueResponse> {
  return api.get<ReviewQueueResponse>('/api/reviews/', signal);
}

export function getItems(assignmentId: number, signal?: AbortSignal): Promise<ItemsPayload> {
  return api.get<ItemsPayload>(`/api/assignments/${assignmentId}/items/`, signal);
}
