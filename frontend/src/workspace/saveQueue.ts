// The autosave queue of the workspace. Every change carries the version it edits. It is plain
// TypeScript (no React) so its ordering, retry and conflict rules are unit-tested without a
// browser.
//
// With `sendBatch` (the workspace), changes wait and go together in one request
// (POST …/batch/, one entry per item): when a change concerns another part of the unit than the
// waiting ones (`groupOf`: the linguist moved to another summary), after `idleMs` without a change,
// and on `flushAll` (blur, submit, leaving the page: then with fetch's keepalive). A batch is
// N saves: each entry is acknowledged, refused or found stale on its own, exactly as below.
// Without it, each item's change is its own PATCH (`send`), debounced only while typing.
//
// Per item (one sentence, one summary, or the topic):
//   idle ──change──▶ pending ──flush──▶ in flight ──200──▶ idle (version = response.version)
//                     (batch: waiting for a flush trigger; every flushed item rides one request)
//                                          │ network / 5xx ──▶ waiting ──retry/online──▶ in flight
//                                          │ 409 ──▶ conflict ──keep mine / use saved──▶ …
//                                          │ 400 ──▶ field errors (the rejected fields are dropped)
//                                          └ 401/403 ──▶ the whole queue stops (read-only)
// One request per item is in flight at a time, so the next one always carries the version
// the previous one returned. Changes made meanwhile wait in `pending`, merged per field.
// Unacknowledged changes are written to storage before they are sent and removed only
// after the server acknowledged them, so a reload or a dropped connection loses nothing.

import { ApiError, errorEnvelope, type SaveBody } from '../api/client';
import type { Fields } from '../kinds/kind';
import type { ItemKey } from '../kinds/registry';

// The queue knows items only by key (kinds/registry.ts names them); it never asks their kind.
export type { ItemKey } from '../kinds/registry';
export type { Fields } from '../kinds/kind';
export type ServerState = Record<string, unknown> & { version: number };

export type SaveStatus = 'saved' | 'saving' | 'offline' | 'conflict' | 'invalid' | 'read_only' | 'stopped';

export interface Conflict {
  key: ItemKey;
  /** Everything this person changed on the item and the server has not accepted. */
  mine: Fields;
  /** The server's saved state, as sent with the 409. */
  current: ServerState;
}

export interface SaveSnapshot {
  status: SaveStatus;
  /** Fields changed locally and not yet acknowledged, counted once per item and field. */
  pendingCount: number;
  conflicts: readonly Conflict[];
  /** Per item, per field: the server's message. `detail` holds an error that names no field. */
  errors: Readonly<Record<ItemKey, Readonly<Record<string, string>>>>;
  /** Why saving stopped (403 read-only, or the session ended). */
  stopMessage: string | null;
}

/** The part of `localStorage` the queue uses; injected so tests and private windows work. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** One entry of a batch: an item and what its own PATCH would carry. */
export interface BatchEntry {
  key: ItemKey;
  body: SaveBody;
}

/** What became of one entry: its saved state, or the error its own PATCH would have thrown. */
export type BatchOutcome = { ok: true; state: ServerState } | { ok: false; error: ApiError };

export interface PersistedChange {
  key: ItemKey;
  /** The version these fields were edited from. */
  version: number;
  fields: Fields;
}

type Cancel = () => void;
type Schedule = (callback: () => void, ms: number) => Cancel;

export interface SaveQueueOptions {
  storageKey: string;
  storage: KeyValueStorage | null;
  /** Sends one PATCH; resolves with the saved state, throws `ApiError` or a network error. */
  send: (key: ItemKey, body: SaveBody) => Promise<ServerState>;
  /** The versions in the workspace payload (absent items are version 0). */
  versions: Record<ItemKey, number>;
  isOnline?: () => boolean;
  /** The server's state replaces the local one ("Use saved"); the UI shows it. */
  onServerState?: (key: ItemKey, state: ServerState) => void;
  /**
   * Sends several items' changes in one request; resolves with one outcome per entry, in order,
   * or throws (network error, or an `ApiError` that refuses the whole request). `keepalive`:
   * the page is being left, the request must outlive it.
   */
  sendBatch?: (entries: BatchEntry[], options: { keepalive: boolean }) => Promise<BatchOutcome[]>;
  /** With `sendBatch`: how long after the last change the waiting changes are sent. */
  idleMs?: number;
  /**
   * With `sendBatch`: the part of the unit an item is in (the workspace: a sentence's summary).
   * A change in another part sends the waiting changes first: the linguist moved on. By
   * default each item is its own part.
   */
  groupOf?: (key: ItemKey) => string;
  schedule?: Schedule;
  retryBaseMs?: number;
  retryMaxMs?: number;
}

/**
 * v2: items are keyed by handles (annotations/handles.py). A queue saved under the v1 key named
 * sentences by database id, which no longer reaches the server: it is not replayed.
 */
export function storageKeyFor(assignmentId: number): string {
  return `fcs.unsaved.v2.assignment.${assignmentId}`;
}

export function readPersisted(storage: KeyValueStorage | null, storageKey: string): PersistedChange[] {
  if (storage === null) return [];
  try {
    const raw = storage.getItem(storageKey);
    if (raw === null) return [];
    const parsed = JSON.parse(raw) as { items?: unknown };
    if (!Array.isArray(parsed.items)) return [];
    return parsed.items.filter(
      (entry): entry is PersistedChange =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as PersistedChange).key === 'string' &&
        typeof (entry as PersistedChange).version === 'number' &&
        typeof (entry as PersistedChange).fields === 'object' &&
        (entry as PersistedChange).fields !== null,
    );
  } catch {
    // A corrupt entry must not keep the workspace from opening.
    return [];
  }
}

interface Item {
  version: number;
  /** Sent (or being retried) and not yet acknowledged. */
  sending: Fields | null;
  inFlight: boolean;
  /** Changed after `sending` was sent, or still being typed. */
  pending: Fields;
  debounce: Cancel | null;
  waiting: boolean;
  conflict: ServerState | null;
  errors: Record<string, string>;
}

/** The idle time after which waiting changes are sent (the issue asks for at most 2 s). */
export const BATCH_IDLE_MS = 1500;

// Marks an item whose changes wait for the batch's flush triggers (no timer of its own).
const waitsForBatch: Cancel = () => {};

const defaultSchedule: Schedule = (callback, ms) => {
  const handle = setTimeout(callback, ms);
  return () => clearTimeout(handle);
};

function isEmpty(fields: Fields | null): boolean {
  return fields === null || Object.keys(fields).length === 0;
}

/** JSON with every object's keys in one order, so a list of facts built here compares equal to
 * the same list as the server sends it. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    typeof inner === 'object' && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** Compares a sent value with the saved one; error type ids are a set, so order is ignored
 * (a list of objects, such as facts, keeps its order: sorting leaves objects where they are). */
function sameValue(a: unknown, b: unknown): boolean {
  const normalise = (value: unknown) => canonical(Array.isArray(value) ? [...value].sort() : value);
  return normalise(a) === normalise(b);
}

/** The envelope's message (docs/api/errors.md), or the fallback when the body is not one. */
function detailOf(body: unknown, fallback: string): string {
  return errorEnvelope(body)?.message ?? fallback;
}

function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true; // fetch threw: no connection
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

export class SaveQueue {
  private readonly options: SaveQueueOptions;
  private readonly schedule: Schedule;
  private readonly items = new Map<ItemKey, Item>();
  private readonly versions = new Map<ItemKey, number>();
  private readonly listeners = new Set<() => void>();
  private readonly replayedChanges: PersistedChange[];
  private retryCancel: Cancel | null = null;
  private idleCancel: Cancel | null = null;
  /** Items flushed and not yet sent: they go in the next batch request. */
  private outbox: ItemKey[] = [];
  private outboxScheduled = false;
  private failures = 0;
  private active = false;
  private stopped: { code: string; message: string } | null = null;
  private snapshot: SaveSnapshot;

  constructor(options: SaveQueueOptions) {
    this.options = options;
    this.schedule = options.schedule ?? defaultSchedule;
    for (const [key, version] of Object.entries(options.versions)) this.versions.set(key, version);
    // Changes from an earlier visit go back in the queue with the version they were made on:
    // if the server moved on meanwhile, the person sees a conflict instead of a silent overwrite.
    this.replayedChanges = readPersisted(options.storage, options.storageKey);
    for (const change of this.replayedChanges) {
      this.items.set(change.key, { ...this.newItem(change.key), version: change.version, pending: { ...change.fields } });
    }
    this.snapshot = this.buildSnapshot();
  }

  /** The changes found in storage at construction, in order; the UI shows them on top of the server state. */
  get replayed(): readonly PersistedChange[] {
    return this.replayedChanges;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SaveSnapshot => this.snapshot;

  /** Sends whatever is queued (replayed changes included). Safe to call twice. */
  start(): void {
    this.active = true;
    for (const key of [...this.items.keys()]) this.flushItem(key);
  }

  /** Sends what is being typed now and stops retrying; requests in flight still complete. */
  dispose(): void {
    this.flushAll({ keepalive: true });
    this.active = false;
    this.retryCancel?.();
    this.retryCancel = null;
  }

  /** Records one change. `debounceMs` delays sending while the person is still typing. */
  change(key: ItemKey, fields: Fields, options: { debounceMs?: number } = {}): void {
    if (this.options.sendBatch !== undefined) {
      this.changeInBatch(key, fields);
      return;
    }
    const item = this.items.get(key) ?? this.newItem(key);
    this.items.set(key, item);
    item.pending = { ...item.pending, ...fields };
    for (const field of Object.keys(fields)) delete item.errors[field];
    delete item.errors.detail;
    this.persist();
    item.debounce?.();
    item.debounce = null;
    if (options.debounceMs !== undefined && options.debounceMs > 0) {
      item.debounce = this.schedule(() => {
        item.debounce = null;
        this.flushItem(key);
      }, options.debounceMs);
      this.emit();
    } else {
      this.flushItem(key);
    }
  }

  /** Sends every waiting change now (before submit, on blur, or when leaving the page: then
   * `keepalive`, so the request outlives the page). In batch mode they go in one request. */
  flushAll(options: { keepalive?: boolean } = {}): void {
    this.idleCancel?.();
    this.idleCancel = null;
    for (const [key, item] of this.items) {
      if (item.debounce !== null) this.flushItem(key);
    }
    if (this.outbox.length > 0) this.sendOutbox(options.keepalive ?? false);
  }

  /** Batch mode: the change waits. A change in another part of the unit (`groupOf`) first sends
   * the waiting ones (the linguist moved on); every change restarts the idle timer. */
  private changeInBatch(key: ItemKey, fields: Fields): void {
    const groupOf = this.options.groupOf ?? ((item: ItemKey) => item);
    const group = groupOf(key);
    const movedOn = [...this.items].some(([other, item]) => item.debounce !== null && groupOf(other) !== group);
    if (movedOn) this.flushAll();
    const item = this.items.get(key) ?? this.newItem(key);
    this.items.set(key, item);
    item.pending = { ...item.pending, ...fields };
    for (const field of Object.keys(fields)) delete item.errors[field];
    delete item.errors.detail;
    this.persist();
    item.debounce = waitsForBatch;
    this.idleCancel?.();
    this.idleCancel = this.schedule(() => {
      this.idleCancel = null;
      this.flushAll();
    }, this.options.idleMs ?? BATCH_IDLE_MS);
    this.emit();
  }

  /** Tries the waiting requests now (the browser came back online). */
  retryNow(): void {
    this.retryCancel?.();
    this.retryCancel = null;
    this.failures = 0;
    this.retryWaiting();
  }

  /** Resolves with the status once nothing is being saved (after flushing debounced changes). */
  settled(): Promise<SaveStatus> {
    this.flushAll();
    return new Promise((resolve) => {
      let unsubscribe: () => void = () => {};
      const check = () => {
        if (this.snapshot.status !== 'saving') {
          unsubscribe();
          resolve(this.snapshot.status);
          return true;
        }
        return false;
      };
      if (!check()) unsubscribe = this.subscribe(check);
    });
  }

  /** "Keep mine": send my values again, now on top of the server's version. */
  keepMine(key: ItemKey): void {
    const item = this.items.get(key);
    if (item?.conflict == null) return;
    item.version = item.conflict.version;
    this.versions.set(key, item.version);
    item.conflict = null;
    this.persist();
    this.flushItem(key);
    this.emit();
  }

  /** "Use saved": drop my unsaved values for this item and show the server's. */
  useSaved(key: ItemKey): void {
    const item = this.items.get(key);
    if (item?.conflict == null) return;
    const current = item.conflict;
    item.debounce?.();
    this.items.delete(key);
    this.versions.set(key, current.version);
    this.persist();
    this.emit();
    this.options.onServerState?.(key, current);
  }

  /** Forgets every unsaved change (used when the unit became read-only and they cannot be saved). */
  discardAll(): void {
    for (const item of this.items.values()) item.debounce?.();
    this.idleCancel?.();
    this.idleCancel = null;
    this.items.clear();
    this.persist();
    this.emit();
  }

  private newItem(key: ItemKey): Item {
    return {
      version: this.versions.get(key) ?? 0,
      sending: null,
      inFlight: false,
      pending: {},
      debounce: null,
      waiting: false,
      conflict: null,
      errors: {},
    };
  }

  private isOnline(): boolean {
    return this.options.isOnline?.() ?? true;
  }

  private flushItem(key: ItemKey): void {
    const item = this.items.get(key);
    if (item === undefined) return;
    item.debounce?.();
    item.debounce = null;
    if (this.stopped !== null || item.inFlight || item.conflict !== null || item.waiting) {
      this.emit();
      return;
    }
    if (isEmpty(item.sending) && isEmpty(item.pending)) {
      this.removeIfSettled(key);
      this.emit();
      return;
    }
    // A retry carries everything changed meanwhile: both are edits of the same version.
    item.sending = { ...item.sending, ...item.pending };
    item.pending = {};
    if (!this.isOnline()) {
      item.waiting = true;
      this.scheduleRetry();
      this.emit();
      return;
    }
    if (this.options.sendBatch !== undefined) {
      // In flight from now: the next change of this item waits for the answer, so it carries
      // the version this batch returns.
      item.inFlight = true;
      this.outbox.push(key);
      this.scheduleOutbox();
      this.emit();
      return;
    }
    void this.transmit(key, item);
  }

  /** Items flushed in one pass (start, a retry, keep mine) leave together, once the pass is done. */
  private scheduleOutbox(): void {
    if (this.outboxScheduled) return;
    this.outboxScheduled = true;
    queueMicrotask(() => {
      this.outboxScheduled = false;
      if (this.outbox.length > 0) this.sendOutbox(false);
    });
  }

  private sendOutbox(keepalive: boolean): void {
    const sendBatch = this.options.sendBatch;
    if (sendBatch === undefined) return;
    const keys = this.outbox;
    this.outbox = [];
    const sent = keys.map((key) => {
      const item = this.items.get(key)!;
      return { key, item, fields: item.sending ?? {} };
    });
    void sendBatch(
      sent.map(({ key, item, fields }) => ({ key, body: { ...fields, version: item.version } })),
      { keepalive },
    ).then(
      (outcomes) => {
        sent.forEach(({ key, item, fields }, index) => {
          item.inFlight = false;
          const outcome = outcomes[index];
          if (outcome === undefined) {
            // An answer without this entry: nothing says it was saved, so it is retried.
            this.handleFailure(key, item, fields, new Error('no result for this entry'));
          } else if (outcome.ok) {
            this.acknowledge(key, item, fields, outcome.state);
          } else {
            this.handleFailure(key, item, fields, outcome.error);
          }
        });
      },
      (error: unknown) => {
        // The whole request failed (no connection, a 5xx, a refusal of the request): every
        // entry is handled as its own PATCH would have been.
        for (const { key, item, fields } of sent) {
          item.inFlight = false;
          this.handleFailure(key, item, fields, error);
        }
      },
    );
  }

  private async transmit(key: ItemKey, item: Item): Promise<void> {
    const fields = item.sending ?? {};
    item.inFlight = true;
    this.emit();
    let saved: ServerState;
    try {
      saved = await this.options.send(key, { ...fields, version: item.version });
    } catch (error) {
      item.inFlight = false;
      this.handleFailure(key, item, fields, error);
      return;
    }
    item.inFlight = false;
    this.acknowledge(key, item, fields, saved);
  }

  private acknowledge(key: ItemKey, item: Item, fields: Fields, saved: ServerState): void {
    item.version = saved.version;
    this.versions.set(key, saved.version);
    item.sending = null;
    item.waiting = false;
    this.failures = 0;
    for (const field of Object.keys(fields)) delete item.errors[field];
    this.persist();
    if (!isEmpty(item.pending) && item.debounce === null) {
      this.flushItem(key);
    } else {
      this.removeIfSettled(key);
    }
    this.emit();
  }

  private handleFailure(key: ItemKey, item: Item, fields: Fields, error: unknown): void {
    if (isRetryable(error)) {
      item.waiting = true;
      this.scheduleRetry();
      this.emit();
      return;
    }
    const apiError = error as ApiError;
    const body = apiError.body;
    if (apiError.status === 409) {
      const current =
        typeof body === 'object' && body !== null && 'current' in body ? (body.current as ServerState | null) : null;
      if (current !== null && typeof current.version === 'number') {
        // The request may have reached the server before the connection dropped (or in an
        // earlier visit): when the saved values are ours, it is an acknowledgement, not a conflict.
        if (Object.keys(fields).every((field) => sameValue(fields[field], current[field]))) {
          this.acknowledge(key, item, fields, current);
        } else {
          item.conflict = current;
          this.emit();
        }
        return;
      }
    }
    if (apiError.status === 401 || apiError.status === 403) {
      const code =
        typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string'
          ? body.code
          : 'forbidden';
      this.stopped = { code, message: detailOf(body, apiError.message) };
      this.retryCancel?.();
      this.retryCancel = null;
      this.emit();
      return;
    }
    // 400 (invalid field), 404 and anything else the server will never accept as sent:
    // drop the rejected fields, keep their message for the control, and send the rest.
    const fieldErrors =
      typeof body === 'object' && body !== null && 'errors' in body && typeof body.errors === 'object' && body.errors !== null
        ? (body.errors as Record<string, unknown>)
        : {};
    const rejected = Object.keys(fields).filter((field) => field in fieldErrors);
    item.sending = null;
    if (rejected.length === 0) {
      item.errors.detail = detailOf(body, apiError.message);
    } else {
      const rest: Fields = { ...fields };
      for (const field of rejected) {
        const messages = fieldErrors[field];
        item.errors[field] = Array.isArray(messages) ? messages.join(' ') : String(messages);
        delete rest[field];
      }
      item.pending = { ...rest, ...item.pending };
    }
    this.persist();
    if (!isEmpty(item.pending) && item.debounce === null) this.flushItem(key);
    this.emit();
  }

  private scheduleRetry(): void {
    // After `dispose` nothing retries in the background; storage keeps the change for the next visit.
    if (this.retryCancel !== null || this.stopped !== null || !this.active) return;
    const base = this.options.retryBaseMs ?? 1000;
    const max = this.options.retryMaxMs ?? 30000;
    const delay = Math.min(max, base * 2 ** this.failures);
    this.failures += 1;
    this.retryCancel = this.schedule(() => {
      this.retryCancel = null;
      this.retryWaiting();
    }, delay);
  }

  private retryWaiting(): void {
    for (const [key, item] of this.items) {
      if (item.waiting) {
        item.waiting = false;
        this.flushItem(key);
      }
    }
    this.emit();
  }

  private removeIfSettled(key: ItemKey): void {
    const item = this.items.get(key);
    if (
      item !== undefined &&
      !item.inFlight &&
      item.debounce === null &&
      item.conflict === null &&
      isEmpty(item.sending) &&
      isEmpty(item.pending) &&
      Object.keys(item.errors).length === 0
    ) {
      this.items.delete(key);
    }
  }

  private unsent(item: Item): Fields {
    return { ...item.sending, ...item.pending };
  }

  private persist(): void {
    const storage = this.options.storage;
    if (storage === null) return;
    const entries: PersistedChange[] = [];
    for (const [key, item] of this.items) {
      const fields = this.unsent(item);
      if (!isEmpty(fields)) entries.push({ key, version: item.version, fields });
    }
    try {
      if (entries.length === 0) storage.removeItem(this.options.storageKey);
      else storage.setItem(this.options.storageKey, JSON.stringify({ format: 1, items: entries }));
    } catch {
      // Storage full or disabled: saving still works, only the reload safety net is gone.
    }
  }

  private buildSnapshot(): SaveSnapshot {
    let pendingCount = 0;
    let saving = false;
    let waiting = false;
    const conflicts: Conflict[] = [];
    const errors: Record<ItemKey, Record<string, string>> = {};
    for (const [key, item] of this.items) {
      const unsent = this.unsent(item);
      pendingCount += Object.keys(unsent).length;
      if (item.inFlight || item.debounce !== null || !isEmpty(unsent)) saving = true;
      if (item.waiting) waiting = true;
      if (item.conflict !== null) conflicts.push({ key, mine: unsent, current: item.conflict });
      if (Object.keys(item.errors).length > 0) errors[key] = { ...item.errors };
    }
    let status: SaveStatus;
    if (this.stopped !== null) status = this.stopped.code === 'read_only' ? 'read_only' : 'stopped';
    else if (conflicts.length > 0) status = 'conflict';
    else if (waiting || (pendingCount > 0 && !this.isOnline())) status = 'offline';
    else if (saving) status = 'saving';
    else if (Object.keys(errors).length > 0) status = 'invalid';
    else status = 'saved';
    return { status, pendingCount, conflicts, errors, stopMessage: this.stopped?.message ?? null };
  }

  private emit(): void {
    this.snapshot = this.buildSnapshot();
    for (const listener of [...this.listeners]) listener();
  }
}
