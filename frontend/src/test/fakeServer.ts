import { vi } from 'vitest';

import { jsonResponse, errorResponse } from './render';

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (body: unknown, request: RecordedRequest) => Response | Promise<Response>;

/**
 * Stubs fetch with handlers keyed by "METHOD /path/". Records every request; an unknown
 * route answers 404 so a test sees it instead of hanging.
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
    return handler === undefined ? errorResponse(404, { message: 'Not found.'  }) : handler(body, request);
  });
  vi.stubGlobal('fetch', fetchMock);
  const saves = () => requests.filter((request) => request.method === 'PATCH');
  return { requests, saves, fetchMock };
}

/** A PATCH handler that saves like the server: the sent fields on top of `base`, version + 1. */
export function savesLike(base: Record<string, unknown>): Handler {
  return (body) => {
    const { version, ...fields } = body as { version: number };
    return jsonResponse({ ...base, ...fields, version: version + 1 });
  };
}
