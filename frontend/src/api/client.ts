// The one way the frontend talks to Django: same-origin requests with the session
// cookie, JSON in and out, and Django's CSRF token on every unsafe method.

import type {
  HeartbeatResponse,
  Me,
  QueueEntry,
  QueueResponse,
  SentenceJudgement,
  SummaryJudgement,
  TopicJudgement,
  WorkspacePayload,
} from './types';

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const SAFE_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Django's default CSRF cookie and header names (CSRF_COOKIE_NAME / CSRF_HEADER_NAME). */
export const CSRF_COOKIE_NAME = 'csrftoken';
export const CSRF_HEADER_NAME = 'X-CSRFToken';

/** A response with a non-2xx status. `body` is the parsed JSON, or the text if not JSON. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The person is not signed in, or their session no longer grants access. */
  get isAuthError(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

export function readCookie(name: string, cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) {
      return decodeURIComponent(part.slice(separator + 1).trim());
    }
  }
  return null;
}

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ Accept: 'application/json' });
  if (!SAFE_METHODS.has(method)) {
    const token = readCookie(CSRF_COOKIE_NAME);
    if (token !== null) headers.set(CSRF_HEADER_NAME, token);
  }
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(options.body);
  }
  if (options.signal !== undefined) init.signal = options.signal;

  const response = await fetch(path, init);
  const body = await parseBody(response);
  if (!response.ok) {
    throw new ApiError(response.status, body, errorMessage(method, path, response, body));
  }
  return body as T;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const contentType = response.headers.get('Content-Type') ?? '';
  if (contentType.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function errorMessage(method: string, path: string, response: Response, body: unknown): string {
  // DRF puts its human-readable reason in `detail`.
  const detail =
    typeof body === 'object' && body !== null && 'detail' in body && typeof body.detail === 'string'
      ? `: ${body.detail}`
      : '';
  const statusText = response.statusText ? ` ${response.statusText}` : '';
  return `${method} ${path} failed with ${response.status}${statusText}${detail}`;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) =>
    apiRequest<T>(path, signal === undefined ? {} : { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

// Endpoints. One function per operation, named after what it does.

export function getMe(signal?: AbortSignal): Promise<Me> {
  return api.get<Me>('/api/me/', signal);
}

/** Ends the Django session. Django answers with a redirect to the sign-in page, which fetch follows. */
export async function signOut(): Promise<void> {
  await apiRequest<unknown>('/accounts/logout/', { method: 'POST' });
}

// The linguist's queue and workspace (docs/api/workspace.md).

export function getQueue(signal?: AbortSignal): Promise<QueueResponse> {
  return api.get<QueueResponse>('/api/assignments/', signal);
}

export async function markFeedbackRead(feedbackId: number): Promise<void> {
  await api.post<unknown>(`/api/feedback/${feedbackId}/read/`);
}

export function getAssignment(assignmentId: number, signal?: AbortSignal): Promise<WorkspacePayload> {
  return api.get<WorkspacePayload>(`/api/assignments/${assignmentId}/`, signal);
}

/** The body of a save: only the fields that change, plus the version being edited. */
export type SaveBody = Record<string, unknown> & { version: number };

export function saveSentence(assignmentId: number, sentenceId: number, body: SaveBody): Promise<SentenceJudgement> {
  return api.patch<SentenceJudgement>(`/api/assignments/${assignmentId}/sentences/${sentenceId}/`, body);
}

export function saveSummary(assignmentId: number, summaryId: number, body: SaveBody): Promise<SummaryJudgement> {
  return api.patch<SummaryJudgement>(`/api/assignments/${assignmentId}/summaries/${summaryId}/`, body);
}

export function saveTopic(assignmentId: number, body: SaveBody): Promise<TopicJudgement> {
  return api.patch<TopicJudgement>(`/api/assignments/${assignmentId}/topic/`, body);
}

/** 200 with the queue entry; 400 with `missing` when items are unanswered. */
export function submitAssignment(assignmentId: number): Promise<QueueEntry> {
  return api.post<QueueEntry>(`/api/assignments/${assignmentId}/submit/`);
}

export function sendHeartbeat(assignmentId: number, seconds: number): Promise<HeartbeatResponse> {
  return api.post<HeartbeatResponse>(`/api/assignments/${assignmentId}/heartbeat/`, { seconds });
}
