import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError, type SaveBody } from '../api/client';
import { envelope } from '../test/render';
import { itemKey } from '../kinds/registry';
import { sentenceKind } from '../kinds/sentence';
import { SaveQueue, readPersisted, type BatchEntry, type BatchOutcome, type KeyValueStorage, type ServerState } from './saveQueue';

const STORAGE_KEY = 'fcs.unsaved.v2.assignment.12';
const S1 = itemKey(sentenceKind, 'sentence4001handle0000');
const S2 = itemKey(sentenceKind, 'sentence4002handle0000');

/** An in-memory Storage, so each test starts clean and can "reload" with the same contents. */
function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

interface Call {
  key: string;
  body: SaveBody;
  resolve: (state: ServerState) => void;
  reject: (error: unknown) => void;
}

/** A send function whose requests the test answers one by one. */
function controlledSend() {
  const calls: Call[] = [];
  const send = vi.fn((key: string, body: SaveBody) => {
    return new Promise<ServerState>((resolve, reject) => {
      calls.push({ key, body, resolve, reject });
    });
  });
  return { send, calls };
}

/** Answers a call like the server: the sent fields saved with the next version. */
function acknowledge(call: Call, extra: Record<string, unknown> = {}) {
  const { version, ...fields } = call.body;
  call.resolve({ ...fields, ...extra, version: version + 1 });
}

const flush = () => vi.advanceTimersByTimeAsync(0);

function makeQueue(storage: KeyValueStorage, send: ReturnType<typeof controlledSend>['send'], extra = {}) {
  const queue = new SaveQueue({
    storageKey: STORAGE_KEY,
    storage,
    send,
    versions: { [S1]: 3, [S2]: 0 },
    ...extra,
  });
  queue.start();
  return queue;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the save queue', () => {
  it('sends one request per item at a time, in order, chaining the returned version', async () => {
    const storage = memoryStorage();
    const { send, calls } = controlledSend();
    const queue = makeQueue(storage, send);

    queue.change(S1, { label: 'inconsistent' });
    queue.change(S1, { error_types: [31] });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ label: 'inconsistent', version: 3 });
    expect(queue.getSnapshot().status).toBe('saving');

    acknowledge(calls[0]!);
    await flush();

    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toEqual({ error_types: [31], version: 4 });
    acknowledge(calls[1]!);
    await flush();

    expect(queue.getSnapshot()).toMatchObject({ status: 'saved', pendingCount: 0 });
    expect(storage.data.has(STORAGE_KEY)).toBe(false);
  });

  it('sends different items independently', async () => {
    const { send, calls } = controlledSend();
    const queue = makeQueue(memoryStorage(), send);

    queue.change(S1, { label: 'consistent' });
    queue.change(S2, { label: 'inconsistent' });

    expect(calls.map((call) => [call.key, call.body.version])).toEqual([
      [S1, 3],
      [S2, 0],
    ]);
  });

  it('coalesces pending changes to the same field into one request', async () => {
    const { send, calls } = controlledSend();
    const queue = makeQueue(memoryStorage(), send);

    queue.change(S1, { label: 'inconsistent' });
    queue.change(S1, { explanation: 'The' });
    queue.change(S1, { explanation: 'The analyst' });
    queue.change(S1, { explanation: 'The analyst only hoped' });
    acknowledge(calls[0]!);
    await flush();

    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toEqual({ explanation: 'The analyst only hoped', version: 4 });
  });

  it('debounces typing and sends the last text once', async () => {
    const { send, calls } = controlledSend();
    const queue = makeQueue(memoryStorage(), send);

    queue.change(S1, { explanation: 'Ridership' }, { debounceMs: 600 });
    await vi.advanceTimersByTimeAsync(300);
    queue.change(S1, { explanation: 'Ridership was' }, { debounceMs: 600 });
    await vi.advanceTimersByTimeAsync(599);
    expect(calls).toHaveLength(0);
    expect(queue.getSnapshot().status).toBe('saving');

    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ explanation: 'Ridership was', version: 3 });
  });

  it('keeps unacknowledged changes in storage and replays them after a reload', async () => {
    const storage = memoryStorage();
    const first = controlledSend();
    const queue = makeQueue(storage, first.send);

    queue.change(S1, { label: 'inconsistent' });
    queue.change(S1, { explanation: 'Only hoped, not expected.' }, { debounceMs: 600 });
    // Written before anything was acknowledged (the label request is still in flight).
    expect(readPersisted(storage, STORAGE_KEY)).toEqual([
      { key: S1, version: 3, fields: { label: 'inconsistent', explanation: 'Only hoped, not expected.' } },
    ]);
    queue.dispose();

    // The tab is closed before the server answers; a new page reads storage.
    const second = controlledSend();
    const reloaded = makeQueue(storage, second.send);

    expect(reloaded.replayed).toEqual([
      { key: S1, version: 3, fields: { label: 'inconsistent', explanation: 'Only hoped, not expected.' } },
    ]);
    const replay = second.calls.find((call) => call.body.label === 'inconsistent');
    expect(replay?.body).toEqual({ label: 'inconsistent', explanation: 'Only hoped, not expected.', version: 3 });
    acknowledge(replay!);
    await flush();

    expect(reloaded.getSnapshot().status).toBe('saved');
    expect(storage.data.has(STORAGE_KEY)).toBe(false);
  });

  it('goes offline on a network error, counts pending changes and retries with backoff', async () => {
    const storage = memoryStorage();
    const { send, calls } = controlledSend();
    const queue = makeQueue(storage, send, { retryBaseMs: 1000 });

    queue.change(S1, { label: 'consistent' });
    calls[0]!.reject(new TypeError('Failed to fetch'));
    await flush();
    queue.change(S2, { label: 'inconsistent' });
    calls[1]!.reject(new ApiError(503, 'Service Unavailable', 'PATCH failed with 503'));
    await flush();
    queue.change(S1, { explanation: 'typed while offline' });

    expect(queue.getSnapshot()).toMatchObject({ status: 'offline', pendingCount: 3 });
    expect(readPersisted(storage, STORAGE_KEY)).toHaveLength(2);

    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(4);
    expect(calls[2]!.body).toEqual({ label: 'consistent', explanation: 'typed while offline', version: 3 });
    expect(calls[3]!.body).toEqual({ label: 'inconsistent', version: 0 });
    acknowledge(calls[2]!);
    acknowledge(calls[3]!);
    await flush();

    expect(queue.getSnapshot()).toMatchObject({ status: 'saved', pendingCount: 0 });
    expect(storage.data.has(STORAGE_KEY)).toBe(false);
  });

  it('waits while the browser is offline and sends when it comes back online', async () => {
    let online = false;
    const { send, calls } = controlledSend();
    const queue = makeQueue(memoryStorage(), send, { isOnline: () => online });

    queue.change(S1, { label: 'consistent' });
    expect(calls).toHaveLength(0);
    expect(queue.getSnapshot()).toMatchObject({ status: 'offline', pendingCount: 1 });

    online = true;
    queue.retryNow();
    expect(calls).toHaveLength(1);
  });

  it('turns a 409 into a conflict with both values and loses nothing', async () => {
    const storage = memoryStorage();
    const { send, calls } = controlledSend();
    const queue = makeQueue(storage, send);

    queue.change(S1, { explanation: 'My careful explanation.' });
    const current = { sentence: 'sentence4001handle0000', label: 'inconsistent', explanation: 'Saved in another tab.', error_types: [], version: 5 };
    calls[0]!.reject(new ApiError(409, envelope(409, { message: 'changed since you loaded it', current }), 'conflict'));
    await flush();
    queue.change(S1, { explanation: 'My careful explanation, improved.' });

    const snapshot = queue.getSnapshot();
    expect(snapshot.status).toBe('conflict');
    expect(snapshot.conflicts).toEqual([
      { key: S1, mine: { explanation: 'My careful explanation, improved.' }, current },
    ]);
    expect(calls).toHaveLength(1); // the item's queue stopped
    expect(readPersisted(storage, STORAGE_KEY)[0]?.fields).toEqual({ explanation: 'My careful explanation, improved.' });
  });

  it('re-sends my values with the server version when I keep mine', async () => {
    const { send, calls } = controlledSend();
    const queue = makeQueue(memoryStorage(), send);

    queue.change(S1, { explanation: 'Mine.' });
    const current = { sentence: 'sentence4001handle0000', label: '', explanation: 'Theirs.', error_types: [], version: 7 };
    calls[0]!.reject(new ApiError(409, envelope(409, { message: 'stale', current }), 'conflict'));
    await flush();

    queue.keepMine(S1);

    expect(calls[1]!.body).toEqual({ explanation: 'Mine.', version: 7 });
    acknowledge(calls[1]!);
    await flush();
    expect(queue.getSnapshot().status).toBe('saved');
  });

  it('drops my values and reports the saved state when I use the saved one', async () => {
    const storage = memoryStorage();
    const { send, calls } = controlledSend();
    const onServerState = vi.fn();
    const queue = makeQueue(storage, send, { onServerState });

    queue.change(S1, { explanation: 'Mine.' });
    const current = { sentence: 'sentence4001handle0000', label: '', explanation: 'Theirs.', error_types: [], version: 7 };
    calls[0]!.reject(new ApiError(409, envelope(409, { message: 'stale', current }), 'conflict'));
    await flush();

    queue.useSaved(S1);

    expect(onServerState).toHaveBeenCalledWith(S1, current);
    expect(queue.getSnapshot().status).toBe('saved');
    expect(storage.data.has(STORAGE_KEY)).toBe(false);
    queue.change(S1, { label: 'consistent' });
    expect(calls[1]!.body).toEqual({ label: 'consistent', version: 7 });
  });

  it('treats a 409 whose saved values are mine as an acknowledgement (a replayed request)', async () => {
    const { send, calls } = controlledSend();
    const queue = makeQueue(memoryStorage(), send);

    queue.change(S1, { label: 'consistent', error_types: [31, 32] });
    const current = { sentence: 'sentence4001handle0000', label: 'consistent', explanation: '', error_types: [32, 31], version: 4 };
    calls[0]!.reject(new ApiError(409, envelope(409, { message: 'stale', current }), 'conflict'));
    await flush();

    expect(queue.getSnapshot().status).toBe('saved');
    queue.change(S1, { explanation: 'x' });
    expect(calls[1]!.body.version).toBe(4);
  });

  it('compares a list of facts in order, whatever the order of each object\'s keys', async () => {
    const { send, calls } = controlledSend();
    const queue = makeQueue(memoryStorage(), send);
    const mine = [
      { text: 'Second', given: null, alignments: [{ sentences: [], covered: false, summary: 'b' }], position: 1 },
      { text: 'First', given: null, alignments: [], position: 2 },
    ];
    const saved = mine.map(({ position, text, given, alignments }) => ({
      position,
      text,
      given,
      alignments: alignments.map(({ summary, covered, sentences }) => ({ summary, covered, sentences })),
    }));

    queue.change('key_facts', { facts: mine });
    calls[0]!.reject(new ApiError(409, envelope(409, { message: 'stale', current: { facts: saved, version: 6 } }), 'conflict'));
    await flush();
    expect(queue.getSnapshot().status).toBe('saved');

    // The same facts in another order are someone else's list: a conflict.
    queue.change('key_facts', { facts: [...mine].reverse() });
    calls[1]!.reject(new ApiError(409, envelope(409, { message: 'stale', current: { facts: saved, version: 8 } }), 'conflict'));
    await flush();
    expect(queue.getSnapshot().status).toBe('conflict');
  });

  it('shows a 400 next to its field and still sends the other fields', async () => {
    const { send, calls } = controlledSend();
    const queue = makeQueue(memoryStorage(), send);

    queue.change(S1, { label: 'inconsistent', error_types: [999] });
    calls[0]!.reject(
      new ApiError(400, envelope(400, { message: 'Invalid.', errors: { error_types: ['999 is not in this taxonomy.'] } }), 'bad'),
    );
    await flush();

    expect(queue.getSnapshot().errors[S1]).toEqual({ error_types: '999 is not in this taxonomy.' });
    expect(calls[1]!.body).toEqual({ label: 'inconsistent', version: 3 });
    acknowledge(calls[1]!);
    await flush();
    expect(queue.getSnapshot().status).toBe('invalid');

    queue.change(S1, { error_types: [31] });
    expect(queue.getSnapshot().errors[S1]).toBeUndefined();
  });

  it('stops everything on a 403 read-only answer and keeps the change', async () => {
    const storage = memoryStorage();
    const { send, calls } = controlledSend();
    const queue = makeQueue(storage, send);

    queue.change(S1, { label: 'consistent' });
    calls[0]!.reject(new ApiError(403, envelope(403, { message: 'This unit was submitted; it is read-only.', code: 'read_only' }), 'no'));
    await flush();
    queue.change(S2, { label: 'consistent' });

    expect(queue.getSnapshot()).toMatchObject({
      status: 'read_only',
      stopMessage: 'This unit was submitted; it is read-only.',
    });
    expect(calls).toHaveLength(1);
    expect(readPersisted(storage, STORAGE_KEY)).toHaveLength(2);
  });

  it('resolves settled() once everything is saved', async () => {
    const { send, calls } = controlledSend();
    const queue = makeQueue(memoryStorage(), send);

    queue.change(S1, { explanation: 'typing' }, { debounceMs: 600 });
    const settled = queue.settled();
    expect(calls).toHaveLength(1); // flushed without waiting for the debounce
    acknowledge(calls[0]!);

    await expect(settled).resolves.toBe('saved');
  });
});

interface BatchCall {
  entries: BatchEntry[];
  keepalive: boolean;
  resolve: (outcomes: BatchOutcome[]) => void;
  reject: (error: unknown) => void;
}

/** A batch send whose requests the test answers one by one. */
function controlledBatch() {
  const calls: BatchCall[] = [];
  const sendBatch = vi.fn((entries: BatchEntry[], options: { keepalive: boolean }) => {
    return new Promise<BatchOutcome[]>((resolve, reject) => {
      calls.push({ entries, keepalive: options.keepalive, resolve, reject });
    });
  });
  return { sendBatch, calls };
}

/** Answers every entry like the server: its fields saved with the next version. */
function saveAll(call: BatchCall) {
  call.resolve(
    call.entries.map(({ body }) => {
      const { version, ...fields } = body;
      return { ok: true, state: { ...fields, version: version + 1 } };
    }),
  );
}

const S3 = itemKey(sentenceKind, 'sentence4003handle0000');

function makeBatchQueue(storage: KeyValueStorage, sendBatch: ReturnType<typeof controlledBatch>['sendBatch'], extra = {}) {
  const { send } = controlledSend();
  const queue = new SaveQueue({
    storageKey: STORAGE_KEY,
    storage,
    send,
    sendBatch,
    idleMs: 2000,
    versions: { [S1]: 3, [S2]: 0, [S3]: 0 },
    ...extra,
  });
  queue.start();
  return { queue, send };
}

describe('the save queue in batch mode', () => {
  it('coalesces an item\'s changes, keeping the last value of each field, into one entry', async () => {
    const { sendBatch, calls } = controlledBatch();
    const { queue, send } = makeBatchQueue(memoryStorage(), sendBatch);

    queue.change(S1, { label: 'consistent' });
    queue.change(S1, { label: 'inconsistent' });
    queue.change(S1, { explanation: 'Mon' }, { debounceMs: 500 });
    queue.change(S1, { explanation: 'Monday' }, { debounceMs: 500 });
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(0); // still within the idle time
    expect(queue.getSnapshot()).toMatchObject({ status: 'saving', pendingCount: 2 });
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.entries).toEqual([{ key: S1, body: { label: 'inconsistent', explanation: 'Monday', version: 3 } }]);
    expect(send).not.toHaveBeenCalled();
    saveAll(calls[0]!);
    await flush();
    expect(queue.getSnapshot()).toMatchObject({ status: 'saved', pendingCount: 0 });
  });

  it('sends the waiting items when the linguist moves to another one, and on flushAll', async () => {
    const { sendBatch, calls } = controlledBatch();
    const { queue } = makeBatchQueue(memoryStorage(), sendBatch);

    queue.change(S1, { label: 'consistent' });
    queue.change(S1, { explanation: 'fine' });
    expect(calls).toHaveLength(0);
    queue.change(S2, { label: 'inconsistent' }); // moved on: S1 leaves, S2 waits
    await flush();
    expect(calls.map((call) => call.entries.map((entry) => entry.key))).toEqual([[S1]]);
    queue.change(S2, { comment: 'check' });
    queue.flushAll({ keepalive: true }); // the page is being left
    expect(calls).toHaveLength(2);
    expect(calls[1]!).toMatchObject({ keepalive: true, entries: [{ key: S2, body: { label: 'inconsistent', comment: 'check', version: 0 } }] });
    saveAll(calls[0]!);
    saveAll(calls[1]!);
    await flush();
    // Nothing more is sent when the idle time passes: the timer went with the flush.
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(2);
    expect(queue.getSnapshot().status).toBe('saved');
  });

  it('keeps the items of one part together and sends them when a change is in another part', async () => {
    const { sendBatch, calls } = controlledBatch();
    // S1 and S2 are sentences of one summary, S3 of the next.
    const groups: Record<string, string> = { [S1]: 'A', [S2]: 'A', [S3]: 'B' };
    const { queue } = makeBatchQueue(memoryStorage(), sendBatch, { groupOf: (key: string) => groups[key]! });

    queue.change(S1, { label: 'consistent' });
    queue.change(S2, { label: 'inconsistent' });
    await flush();
    expect(calls).toHaveLength(0);
    queue.change(S3, { label: 'consistent' });
    await flush();
    expect(calls.map((call) => call.entries.map((entry) => entry.key))).toEqual([[S1, S2]]);
  });

  it('sends every waiting item in one request, and a change made meanwhile after the answer', async () => {
    const { sendBatch, calls } = controlledBatch();
    const { queue } = makeBatchQueue(memoryStorage(), sendBatch);

    queue.change(S1, { label: 'consistent' });
    queue.flushAll();
    queue.change(S1, { explanation: 'typed while saving' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(1); // one request per item in flight: the edit waits for version 4
    saveAll(calls[0]!);
    await flush();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.entries).toEqual([{ key: S1, body: { explanation: 'typed while saving', version: 4 } }]);
  });

  it('turns a 409 on one entry into that item\'s conflict while the others are saved', async () => {
    const storage = memoryStorage();
    const { sendBatch, calls } = controlledBatch();
    const { queue } = makeBatchQueue(storage, sendBatch);

    queue.change(S2, { label: 'consistent' });
    queue.change(S3, { label: 'inconsistent' });
    queue.change(S1, { label: 'inconsistent' });
    queue.flushAll();
    await flush();
    const stale = envelope(409, { message: 'stale', code: 'stale_version', current: { label: 'consistent', version: 4 } });
    calls.forEach((call) => {
      call.resolve(
        call.entries.map(({ key, body }) =>
          key === S3
            ? { ok: false, error: new ApiError(409, stale, 'stale') }
            : { ok: true, state: { ...body, version: body.version + 1 } },
        ),
      );
    });
    await flush();
    const snapshot = queue.getSnapshot();
    expect(snapshot.status).toBe('conflict');
    expect(snapshot.conflicts).toEqual([{ key: S3, mine: { label: 'inconsistent' }, current: { label: 'consistent', version: 4 } }]);
    expect(snapshot.pendingCount).toBe(1);
    // Only the conflicting change is still kept for a reload.
    expect(readPersisted(storage, STORAGE_KEY)).toEqual([{ key: S3, version: 0, fields: { label: 'inconsistent' } }]);
  });

  it('waits offline and replays the whole batch when the network comes back', async () => {
    const storage = memoryStorage();
    const { sendBatch, calls } = controlledBatch();
    const { queue } = makeBatchQueue(storage, sendBatch, { retryBaseMs: 1000 });

    queue.change(S1, { label: 'inconsistent' });
    queue.change(S2, { label: 'consistent' });
    queue.flushAll();
    await flush();
    // Moving to S2 sent S1, flushAll sent S2: both requests fail.
    expect(calls).toHaveLength(2);
    calls.forEach((call) => call.reject(new TypeError('Failed to fetch')));
    await flush();
    expect(queue.getSnapshot()).toMatchObject({ status: 'offline', pendingCount: 2 });
    expect(readPersisted(storage, STORAGE_KEY)).toHaveLength(2);
    queue.retryNow();
    await flush();
    expect(calls).toHaveLength(3); // the retry carries both in one request
    expect(calls[2]!.entries.map((entry) => entry.body)).toEqual([
      { label: 'inconsistent', version: 3 },
      { label: 'consistent', version: 0 },
    ]);
    saveAll(calls[2]!);
    await flush();
    expect(queue.getSnapshot().status).toBe('saved');
    expect(readPersisted(storage, STORAGE_KEY)).toEqual([]);
  });

  it('replays what a reload found in storage in one request', async () => {
    const storage = memoryStorage();
    const first = controlledBatch();
    const { queue } = makeBatchQueue(storage, first.sendBatch);
    queue.change(S1, { label: 'inconsistent' });
    queue.change(S2, { explanation: 'typed before the reload' });
    queue.flushAll({ keepalive: true });
    // Moving to S2 sent S1; leaving the page sent S2; the page went before either answer.
    expect(first.calls).toHaveLength(2);

    const second = controlledBatch();
    const { queue: reloaded } = makeBatchQueue(storage, second.sendBatch);
    await flush();
    expect(second.calls).toHaveLength(1);
    expect(second.calls[0]!.entries).toEqual([
      { key: S1, body: { label: 'inconsistent', version: 3 } },
      { key: S2, body: { explanation: 'typed before the reload', version: 0 } },
    ]);
    // The first request had reached the server: its 409s carry my own values, so they count
    // as saved rather than as conflicts.
    second.calls[0]!.resolve(
      second.calls[0]!.entries.map(({ body }) => {
        const { version, ...fields } = body;
        return { ok: false, error: new ApiError(409, envelope(409, { message: 'stale', code: 'stale_version', current: { ...fields, version: version + 1 } }), 'stale') };
      }),
    );
    await flush();
    expect(reloaded.getSnapshot()).toMatchObject({ status: 'saved', pendingCount: 0 });
  });
});
