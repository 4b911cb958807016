import { describe, expect, it, vi } from 'vitest';

import { answer } from '../test/answer';
import { jsonResponse, errorResponse } from '../test/render';
import { ApiError, api, getMe, readCookie } from './client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentHeaders(fetchMock: ReturnType<typeof stubFetch>): Headers {
  const init = fetchMock.mock.calls[0]?.[1];
  return new Headers(init?.headers);
}

describe('api client', () => {
  it('sends the CSRF token from the cookie on a POST', async () => {
    document.cookie = 'csrftoken=token-from-django';
    const fetchMock = stubFetch(jsonResponse({ ok: true }, 201));

    const result = await api.post<{ ok: boolean }>('/api/things/', { name: 'x' });

    expect(result).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things/');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"name":"x"}');
    expect(sentHeaders(fetchMock).get('X-CSRFToken')).toBe('token-from-django');
    expect(sentHeaders(fetchMock).get('Content-Type')).toBe('application/json');
  });

  it('sends no CSRF token on a GET', async () => {
    document.cookie = 'csrftoken=token-from-django';
    const fetchMock = stubFetch(answer('GET /api/me/', 200, { username: 'linguist1', display_name: '', is_staff: false, is_superuser: false, can_create_projects: false, memberships: [] }));

    await getMe();

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/me/');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
    expect(sentHeaders(fetchMock).has('X-CSRFToken')).toBe(false);
  });

  it('throws an ApiError with the status and the parsed body on a 4xx', async () => {
    stubFetch(errorResponse(400, { message: 'Label must be consistent or inconsistent.'  }));

    const error = await api.post('/api/labels/', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.envelope?.message).toBe('Label must be consistent or inconsistent.');
    expect(apiError.message).toContain('Label must be consistent or inconsistent.');
    expect(apiError.isAuthError).toBe(false);
  });

  it('marks 401 and 403 as auth errors', async () => {
    stubFetch(errorResponse(403, { message: 'Authentication credentials were not provided.'  }));

    await expect(getMe()).rejects.toMatchObject({ status: 403, isAuthError: true });
  });

  it('keeps a body that is not JSON as text', async () => {
    stubFetch(new Response('<h1>Server Error (500)</h1>', { status: 500, headers: { 'Content-Type': 'text/html' } }));

    await expect(getMe()).rejects.toMatchObject({ status: 500, body: '<h1>Server Error (500)</h1>' });
  });
});

describe('readCookie', () => {
  it('finds one cookie among several and decodes it', () => {
    expect(readCookie('csrftoken', 'sessionid=abc; csrftoken=a%20b; theme=light')).toBe('a b');
  });

  it('returns null when the cookie is missing', () => {
    expect(readCookie('csrftoken', 'sessionid=abc')).toBeNull();
  });
});
