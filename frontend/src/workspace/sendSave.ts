import { api, type SaveBody } from '../api/client';
import { parseItemKey, type ItemKey } from '../kinds/registry';
import type { ServerState } from './saveQueue';

/** Sends one queued change to its kind's PATCH endpoint (docs/api/workspace.md, Saves). */
export function sendSave(assignmentId: number, key: ItemKey, body: SaveBody): Promise<ServerState> {
  const { kind, target } = parseItemKey(key);
  return api.patch<ServerState>(kind.url(assignmentId, target), body);
}
