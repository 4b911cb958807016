import { createContext, useCallback, useContext, useMemo, useRef, useSyncExternalStore } from 'react';

import type { ErrorType, Handle, WorkspacePayload } from '../api/types';
import type { ScreenKind } from '../kinds/kind';
import { itemKey } from '../kinds/registry';
import { answerOf } from './answers';
import type { AnswerStore } from './answerStore';
import type { Conflict, Fields, ItemKey, SaveQueue } from './saveQueue';
import type { ChangeAnswer } from './useWorkspaceSaving';

/** What saving any judgement needs: the stores, whether it may change, the taxonomy. */
export interface ItemSaving {
  answers: AnswerStore;
  queue: SaveQueue;
  change: ChangeAnswer;
  readOnly: boolean;
  /** The taxonomy's error types (the conflict panel names them). */
  errorTypes: readonly ErrorType[];
}

/** What every judgement's component of the workspace shares: the saving and the unit. */
export interface WorkspaceItems extends ItemSaving {
  /** The unit as loaded: its scheme, summaries, anchors and categories do not change. */
  payload: WorkspacePayload;
}

export const WorkspaceItemsContext = createContext<WorkspaceItems | null>(null);
/** The item screen of review rounds saves through the same `useItem`, without a workspace
 * payload. */
export const ItemSavingContext = createContext<ItemSaving | null>(null);

function useWorkspaceItems(): WorkspaceItems {
  const items = useContext(WorkspaceItemsContext);
  if (items === null) throw new Error('useWorkspacePayload is used outside a WorkspaceItemsContext.');
  return items;
}

function useItemSaving(): ItemSaving {
  const workspace = useContext(WorkspaceItemsContext);
  const items = useContext(ItemSavingContext);
  const saving = workspace ?? items;
  if (saving === null) throw new Error('useItem is used outside a WorkspaceItemsContext or ItemSavingContext.');
  return saving;
}

/** One judgement as its component needs it. */
export interface ItemState<A> {
  key: ItemKey;
  answer: A;
  /** The answer as it is now, for a handler that runs before the next render (a list edited
   * key by key: each edit starts from the one before). */
  current: () => A;
  readOnly: boolean;
  /** The server's message per field; `detail` names no field. */
  errors: Readonly<Record<string, string>> | undefined;
  conflict: Conflict | undefined;
  /** Updates the screen at once and queues the save. */
  save: (fields: Fields, options?: { debounceMs?: number }) => void;
  keepMine: () => void;
  adoptSaved: () => void;
  errorTypes: readonly ErrorType[];
}

interface Saving {
  errors: Readonly<Record<string, string>> | undefined;
  conflict: Conflict | undefined;
  signature: string;
}

/**
 * The state and save function of one judgement (`kind` at `target`). The component re-renders
 * when its own answer, errors or conflict change, not when another item's do.
 */
export function useItem<A>(kind: ScreenKind<A>, target: Handle | null): ItemState<A> {
  const { answers, queue, change, readOnly, errorTypes } = useItemSaving();
  const key = itemKey(kind, target);
  const answer = useSyncExternalStore(answers.subscribe, () => answerOf(answers.get(), kind, target));
  // The queue rebuilds its snapshot's objects on every change: keep this item's while they
  // say the same, so useSyncExternalStore sees no change.
  const cached = useRef<Saving | null>(null);
  const saving = useSyncExternalStore(queue.subscribe, () => {
    const snapshot = queue.getSnapshot();
    const errors = snapshot.errors[key];
    const conflict = snapshot.conflicts.find((candidate) => candidate.key === key);
    const signature = JSON.stringify([errors ?? null, conflict ?? null]);
    if (cached.current?.signature !== signature) cached.current = { errors, conflict, signature };
    return cached.current;
  });
  const save = useCallback((fields: Fields, options?: { debounceMs?: number }) => change(key, fields, options), [change, key]);
  const current = useCallback(() => answerOf(answers.get(), kind, target), [answers, kind, target]);
  return useMemo(
    () => ({
      key,
      answer,
      current,
      readOnly,
      errors: saving.errors,
      conflict: saving.conflict,
      save,
      keepMine: () => queue.keepMine(key),
      adoptSaved: () => queue.useSaved(key),
      errorTypes,
    }),
    [key, answer, current, readOnly, saving, save, queue, errorTypes],
  );
}

/** The unit as loaded (its scheme, anchors, categories). */
export function useWorkspacePayload(): WorkspacePayload {
  return useWorkspaceItems().payload;
}

/** Every answer, for the components that summarise several items (completion dots). */
export function useAnswers() {
  const { answers } = useItemSaving();
  return useSyncExternalStore(answers.subscribe, answers.get);
}
