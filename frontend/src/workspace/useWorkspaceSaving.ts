import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

import type { WorkspacePayload } from '../api/types';
import { parseItemKey } from '../kinds/registry';
import { answerOf, applyFields, savedAnswersOn, type Answers, type SavedAnswers } from './answers';
import { AnswerStore } from './answerStore';
import { SaveQueue, storageKeyFor, type Fields, type ItemKey, type KeyValueStorage, type SaveSnapshot } from './saveQueue';
import { sendBatch, sendSave } from './sendSave';
import { UndoHistory, type UndoStep } from './undoHistory';

/** localStorage, or null where the browser refuses it (some private modes throw on access). */
function browserStorage(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export type ChangeAnswer = (key: ItemKey, fields: Fields, options?: { debounceMs?: number }) => void;

export interface WorkspaceSaving {
  queue: SaveQueue;
  snapshot: SaveSnapshot;
  /** The answers on screen; `answers` is its current value. */
  store: AnswerStore;
  answers: Answers;
  /** Updates the screen at once and queues the PATCH. */
  change: ChangeAnswer;
  /** Takes the last change back (or makes the last one undone again) as one more change
   * through the queue; returns what it did, or null when there was nothing to do. */
  undo: () => UndoStep | null;
  redo: () => UndoStep | null;
}

/** The assignment whose answers are saved: its id (the routes and storage) and whether it
 * is read-only as loaded. */
interface SavedAssignment {
  id: number;
  read_only: boolean;
}

/**
 * The local answers (what the person sees) and the save queue behind them. Local answers are
 * the truth while typing: a save answer only moves the version, so nothing re-renders under
 * the cursor and focus stays where it is.
 */
export function useWorkspaceSaving(payload: WorkspacePayload): WorkspaceSaving {
  return useAnswerSaving(payload, () => savedAnswersOn('workspace', payload), summaryGroups(payload));
}

/** Each item's summary (a sentence's, a summary's own), so the changes of one summary go
 * together and moving to the next summary sends them; the unit's own items are one more part. */
function summaryGroups(payload: WorkspacePayload): (key: ItemKey) => string {
  const summaryOf = new Map<string, string>();
  for (const summary of payload.summaries) {
    summaryOf.set(summary.id, summary.id);
    for (const sentence of summary.sentences) summaryOf.set(sentence.id, summary.id);
  }
  return (key) => {
    const target = parseItemKey(key).target;
    return target === null ? 'unit' : (summaryOf.get(target) ?? target);
  };
}

/**
 * The same saving for any screen (the workspace, the item screen of review rounds): `saved`
 * reads the answers and versions its payload carries, once.
 */
export function useAnswerSaving(
  payload: SavedAssignment,
  saved: () => SavedAnswers,
  groupOf?: (key: ItemKey) => string,
): WorkspaceSaving {
  const store = useRef<AnswerStore | null>(null);
  const [initial] = useState(saved);
  const [queue] = useState(
    () =>
      new SaveQueue({
        storageKey: storageKeyFor(payload.id),
        storage: browserStorage(),
        send: (key, body) => sendSave(payload.id, key, body),
        // A unit's changes go together (docs/workspace.md, "Saving"): a few requests per unit.
        sendBatch: (entries, options) => sendBatch(payload.id, entries, options),
        ...(groupOf === undefined ? {} : { groupOf }),
        versions: initial.versions,
        isOnline: () => navigator.onLine,
        onServerState: (key, state) => store.current?.apply(key, state),
      }),
  );
  // Changes this browser had not saved yet are shown on top of the server's state
  // (not for a read-only unit: they can no longer be saved, see ReadOnlyNotice).
  const [answerStore] = useState(
    () =>
      new AnswerStore(
        payload.read_only
          ? initial.answers
          : queue.replayed.reduce((answers, change) => applyFields(answers, change.key, change.fields), initial.answers),
      ),
  );
  store.current = answerStore;
  const answers = useSyncExternalStore(answerStore.subscribe, answerStore.get);

  useEffect(() => {
    if (!payload.read_only) queue.start();
    const online = () => queue.retryNow();
    // Leaving the tab or the page: send what waits now, in a request that outlives the page
    // (storage keeps it too, until the server acknowledges it).
    const hidden = () => {
      if (document.visibilityState === 'hidden') queue.flushAll({ keepalive: true });
    };
    const leaving = () => queue.flushAll({ keepalive: true });
    // The window lost focus (another window, the address bar): the linguist paused.
    const blurred = () => queue.flushAll();
    window.addEventListener('online', online);
    window.addEventListener('pagehide', leaving);
    window.addEventListener('beforeunload', leaving);
    window.addEventListener('blur', blurred);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('pagehide', leaving);
      window.removeEventListener('beforeunload', leaving);
      window.removeEventListener('blur', blurred);
      document.removeEventListener('visibilitychange', hidden);
      queue.dispose();
    };
  }, [queue, payload.read_only]);

  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot);

  const [history] = useState(() => new UndoHistory());
  const change = useCallback<ChangeAnswer>(
    (key, fields, options) => {
      history.record(key, fieldsNow(answerStore.get(), key, fields), fields, { typing: options?.debounceMs !== undefined });
      answerStore.apply(key, fields);
      queue.change(key, fields, options);
    },
    [queue, answerStore, history],
  );
  // An undo or a redo is one more change: on screen at once, then saved with the version the
  // item has now (a 409 if someone else saved meanwhile), and audited like any save.
  const replay = useCallback(
    (step: UndoStep | null, side: 'before' | 'after'): UndoStep | null => {
      if (step === null || payload.read_only) return null;
      answerStore.apply(step.key, step[side]);
      queue.change(step.key, step[side]);
      return step;
    },
    [answerStore, queue, payload.read_only],
  );
  const undo = useCallback(() => replay(history.undo(), 'before'), [history, replay]);
  const redo = useCallback(() => replay(history.redo(), 'after'), [history, replay]);

  return { queue, snapshot, store: answerStore, answers, change, undo, redo };
}

/** The values `fields` are about to replace, as the item shows them now. */
function fieldsNow(answers: Answers, key: ItemKey, fields: Fields): Fields {
  const { kind, target } = parseItemKey(key);
  const current = answerOf(answers, kind, target) as Record<string, unknown>;
  // A field the answer does not show (none today) cannot be put back: it is left out.
  return Object.fromEntries(Object.keys(fields).filter((field) => current[field] !== undefined).map((field) => [field, current[field]]));
}
