import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

import type { WorkspacePayload } from '../api/types';
import { applyFields, savedAnswersOn, type Answers, type SavedAnswers } from './answers';
import { AnswerStore } from './answerStore';
import { SaveQueue, storageKeyFor, type Fields, type ItemKey, type KeyValueStorage, type SaveSnapshot } from './saveQueue';
import { sendSave } from './sendSave';

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
  return useAnswerSaving(payload, () => savedAnswersOn('workspace', payload));
}

/**
 * The same saving for any screen (the workspace, the item screen of review rounds): `saved`
 * reads the answers and versions its payload carries, once.
 */
export function useAnswerSaving(payload: SavedAssignment, saved: () => SavedAnswers): WorkspaceSaving {
  const store = useRef<AnswerStore | null>(null);
  const [initial] = useState(saved);
  const [queue] = useState(
    () =>
      new SaveQueue({
        storageKey: storageKeyFor(payload.id),
        storage: browserStorage(),
        send: (key, body) => sendSave(payload.id, key, body),
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
    // Leaving the tab: send what is being typed now rather than after the debounce.
    const hidden = () => {
      if (document.visibilityState === 'hidden') queue.flushAll();
    };
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', hidden);
      queue.dispose();
    };
  }, [queue, payload.read_only]);

  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot);

  const change = useCallback<ChangeAnswer>(
    (key, fields, options) => {
      answerStore.apply(key, fields);
      queue.change(key, fields, options);
    },
    [queue, answerStore],
  );

  return { queue, snapshot, store: answerStore, answers, change };
}
