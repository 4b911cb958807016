import { vi } from 'vitest';

import { answer, checkRoute, type Answer, type Body, type Route, type Status } from './answer';
import { kindByKey } from '../kinds/registry';
import { errorResponse } from './render';

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

/** A route's handler: it answers with `answer(...)` (typed by the schema) or an error envelope. */
type Handler = (body: unknown, request: RecordedRequest) => Answer | Promise<Answer>;

/**
 * Stubs fetch with handlers keyed by "METHOD /path/". Records every request; an unknown
 * route answers 404 so a test sees it instead of hanging, and an answer built for another
 * route than the request's fails the request's test.
 */
export function fakeServer(routes: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { method, path, body };
    requests.push(request);
    const handler = routes[`${method} ${path}`];
    const batch = BATCH.exec(path);
    if (handler === undefined && method === 'POST' && batch !== null) {
      // Like the server, a batch is its entries' saves (docs/api/workspace.md): each goes to
      // the test's handler of its PATCH route and is recorded as that PATCH.
      return batchAnswer(Number(batch[1]), body as BatchBody, async (patchPath, patchBody) => {
        const patch = { method: 'PATCH', path: patchPath, body: patchBody };
        requests.push(patch);
        const patchHandler = routes[`PATCH ${patchPath}`];
        return patchHandler === undefined ? errorResponse(404, { message: 'Not found.' }) : patchHandler(patchBody, patch);
      });
    }
    if (handler === undefined) return errorResponse(404, { message: 'Not found.' });
    const response = await handler(body, request);
    checkRoute(response, method, path);
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  const saves = () => requests.filter((request) => request.method === 'PATCH');
  return { requests, saves, fetchMock };
}

const BATCH = /^\/api\/assignments\/(\d+)\/batch\/$/;

interface BatchBody {
  entries: ({ kind: string; handle?: string } & Record<string, unknown>)[];
}

/** The batch answer built from each entry's PATCH answer, in order. */
async function batchAnswer(
  assignmentId: number,
  body: BatchBody,
  patch: (path: string, body: unknown) => Promise<Response>,
): Promise<Response> {
  const results = [];
  for (const { kind: key, handle, ...save } of body.entries) {
    const response = await patch(kindByKey(key).url(assignmentId, handle ?? null), save);
    const json = (await response.json()) as unknown;
    const target = handle === undefined ? {} : { handle };
    results.push(
      response.ok ? { kind: key, ...target, status: 200, state: json } : { kind: key, ...target, status: response.status, error: json },
    );
  }
  return new Response(JSON.stringify({ entries: results }), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

/** A route's 200 body (never when the route has no 200 answer). */
type OkBody<R extends Route> = 200 extends Status<R> ? Body<R, 200 & Status<R>> : never;

/**
 * A PATCH handler that saves like the server: the sent fields on top of `base`, version + 1.
 * `base` is typed by the save route's answer (a choice is '' until answered, as its enum says); the fields the request sends are the
 * request's, so only their route is checked (at run time, by fakeServer).
 */
export function savesLike<R extends Route & `PATCH ${string}`>(route: R, base: Partial<OkBody<R>>): Handler {
  return (body) => {
    const { version, ...fields } = body as { version: number };
    // The generic route's status and body cannot be narrowed here; `base`'s type is the check.
    return answer(route, 200 as Status<R>, { ...base, ...fields, version: version + 1 } as Body<R, Status<R>>);
  };
}
