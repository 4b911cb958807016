import { saveSentence, saveSummary, saveTopic, type SaveBody } from '../api/client';
import { parseKey, type ItemKey, type ServerState } from './saveQueue';

/** Routes one queued change to its PATCH endpoint (docs/api/workspace.md, Saves). */
export async function sendSave(assignmentId: number, key: ItemKey, body: SaveBody): Promise<ServerState> {
  const target = parseKey(key);
  const saved =
    target.kind === 'sentence'
      ? await saveSentence(assignmentId, target.id, body)
      : target.kind === 'summary'
        ? await saveSummary(assignmentId, target.id, body)
        : await saveTopic(assignmentId, body);
  return saved;
}
