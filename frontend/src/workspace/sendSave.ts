import { ApiError, api, apiRequest, type SaveBody } from '../api/client';
import type { components } from '../api/schema';
import { parseItemKey, type ItemKey } from '../kinds/registry';
import type { BatchEntry, BatchOutcome, ServerState } from './saveQueue';

type BatchSaveInput = components['schemas']['BatchSaveInput'];
type BatchSaveResult = components['schemas']['BatchSaveResult'];

/** Sends one queued change to its kind's PATCH endpoint (docs/api/workspace.md, Saves). */
export function sendSave(assignmentId: number, key: ItemKey, body: SaveBody): Promise<ServerState> {
  const { kind, target } = parseItemKey(key);
  return api.patch<ServerState>(kind.url(assignmentId, target), body);
}

/** The batch body: each entry is its item's PATCH body plus its kind and handle. */
export function batchBody(entries: readonly BatchEntry[]): BatchSaveInput {
  return {
    entries: entries.map(({ key, body }) => {
      const { kind, target } = parseItemKey(key);
      return { ...body, kind: kind.key, ...(target === null ? {} : { handle: target }) };
    }) as BatchSaveInput['entries'],
  };
}

/**
 * Sends several queued changes in one request (docs/api/workspace.md, "many saves in one
 * request"). Each entry's result becomes what its own PATCH would have given: its state, or an
 * `ApiError` with its status and envelope, so the queue handles a stale or invalid entry exactly
 * as before. A refusal of the whole request throws, as one PATCH's would.
 */
export async function sendBatch(
  assignmentId: number,
  entries: readonly BatchEntry[],
  options: { keepalive: boolean },
): Promise<BatchOutcome[]> {
  const path = `/api/assignments/${assignmentId}/batch/`;
  const answer = await apiRequest<BatchSaveResult>(path, { method: 'POST', body: batchBody(entries), keepalive: options.keepalive });
  return answer.entries.map((result): BatchOutcome => {
    if (result.status === 200 && result.state !== undefined) return { ok: true, state: result.state as ServerState };
    const message = result.error?.message ?? `entry ${result.kind} failed with ${result.status}`;
    return { ok: false, error: new ApiError(result.status, result.error, message) };
  });
}
