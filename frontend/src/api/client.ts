// The one way the frontend talks to Django: same-origin requests with the session
// cookie, JSON in and out, and Django's CSRF token on every unsafe method.

import type {
  ApiToken,
  ProjectCreator,
  RoundOverlap,
  CorpusRunOption,
  OverlapFill,
  ApiTokenBody,
  CreatedApiToken,
  AdminProject,
  AdminProjectRef,
  AdminRound,
  AgreementHistory,
  AgreementReport,
  Reveal,
  AgreementTargets,
  AssignmentStatus,
  CorpusOverview,
  CorpusUnit,
  DisagreementPage,
  DisagreementUnit,
  FeedbackBody,
  FeedbackReply,
  GuidelineDiff,
  GuidelineVersion,
  HeartbeatResponse,
  CreatedInvitation,
  Invitation,
  InvitationBody,
  Webhook,
  WebhookBody,
  WebhookChange,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookWithSecret,
  ImportFormatInfo,
  Job,
  JobStarted,
  MemberAddBody,
  MemberUpdateBody,
  NewReleaseBody,
  NewProjectBody,
  NewRoundBody,
  PeopleChange,
  ProjectPerson,
  ProjectOptions,
  ProjectUnitPage,
  ReleaseDetail,
  ReleaseStarted,
  ReleasesResponse,
  RoundProgress,
  SentFeedback,
  Me,
  QueueEntry,
  QueueResponse,
  WorkspacePayload,
  TaxonomyCreateInput,
  TaxonomyDetail,
  TaxonomySummary,
  TaxonomyTypeInput,
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

  /** The error's envelope (docs/api/errors.md), or null when the body is not one. */
  get envelope(): ErrorEnvelope | null {
    return errorEnvelope(this.body);
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
  /** Sent as JSON, except FormData, which goes as multipart (the browser sets the boundary). */
  body?: unknown;
  signal?: AbortSignal;
  /** The request outlives the page (a save sent while the page unloads). */
  keepalive?: boolean;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiResponse<T>(path, options)).body;
}

/** Like `apiRequest`, but also gives the status, for endpoints whose 200 and 202 mean different things. */
export async function apiResponse<T>(path: string, options: RequestOptions = {}): Promise<{ status: number; body: T }> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ Accept: 'application/json' });
  if (!SAFE_METHODS.has(method)) {
    const token = readCookie(CSRF_COOKIE_NAME);
    if (token !== null) headers.set(CSRF_HEADER_NAME, token);
  }
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (options.body instanceof FormData) {
    init.body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(options.body);
  }
  if (options.signal !== undefined) init.signal = options.signal;
  if (options.keepalive === true) init.keepalive = true;

  const response = await fetch(path, init);
  const body = await parseBody(response);
  if (!response.ok) {
    throw new ApiError(response.status, body, errorMessage(method, path, response, body));
  }
  return { status: response.status, body: body as T };
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

/** Every API error's body (docs/api/errors.md): one envelope, whatever the status. */
export interface ErrorEnvelope {
  status: number;
  code: string;
  message: string;
  /** Field errors by dotted path (`rounds.0`, `units.seed`); empty when no field is at fault. */
  errors: Record<string, string[]>;
  [extra: string]: unknown;
}

/** The envelope of an error body, or null when the body is not one (a proxy's HTML page). */
export function errorEnvelope(body: unknown): ErrorEnvelope | null {
  if (typeof body !== 'object' || body === null) return null;
  const candidate = body as Record<string, unknown>;
  if (typeof candidate.message !== 'string' || typeof candidate.code !== 'string') return null;
  const errors: Record<string, string[]> = {};
  if (typeof candidate.errors === 'object' && candidate.errors !== null) {
    for (const [field, messages] of Object.entries(candidate.errors as Record<string, unknown>)) {
      errors[field] = Array.isArray(messages) ? messages.map(String) : [String(messages)];
    }
  }
  return { ...candidate, status: Number(candidate.status), code: candidate.code, message: candidate.message, errors };
}

function errorMessage(method: string, path: string, response: Response, body: unknown): string {
  const envelope = errorEnvelope(body);
  const reason = envelope === null ? '' : `: ${envelope.message}`;
  const statusText = response.statusText ? ` ${response.statusText}` : '';
  return `${method} ${path} failed with ${response.status}${statusText}${reason}`;
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

export function replyToFeedback(feedbackId: number, text: string): Promise<FeedbackReply> {
  return api.post<FeedbackReply>(`/api/feedback/${feedbackId}/replies/`, { text });
}

export function getAssignment(assignmentId: number, signal?: AbortSignal): Promise<WorkspacePayload> {
  return api.get<WorkspacePayload>(`/api/assignments/${assignmentId}/`, signal);
}

/** The body of a save: only the fields that change, plus the version being edited. */
export type SaveBody = Record<string, unknown> & { version: number };

/** 200 with the queue entry; 400 with `missing` when items are unanswered. */
export function submitAssignment(assignmentId: number): Promise<QueueEntry> {
  return api.post<QueueEntry>(`/api/assignments/${assignmentId}/submit/`);
}

export function sendHeartbeat(assignmentId: number, seconds: number): Promise<HeartbeatResponse> {
  return api.post<HeartbeatResponse>(`/api/assignments/${assignmentId}/heartbeat/`, { seconds });
}

// The project admin's screens (docs/api/admin.md).

/** `?page=&page_size=` of a paginated list (docs/api/admin.md, "Pages"); nothing for the
 * first page at the server's size. */
export function pageQuery(page: number, pageSize?: number): string {
  const params = new URLSearchParams();
  if (page !== 1) params.set('page', String(page));
  if (pageSize !== undefined) params.set('page_size', String(pageSize));
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

const slugPath = (slug: string) => `/api/admin/projects/${encodeURIComponent(slug)}`;

export function getAdminProjects(signal?: AbortSignal): Promise<AdminProjectRef[]> {
  return api.get<AdminProjectRef[]>('/api/admin/projects/', signal);
}

/** What a new project can be (staff only; 403 for anyone else). */
export function getProjectOptions(signal?: AbortSignal): Promise<ProjectOptions> {
  return api.get<ProjectOptions>('/api/admin/project-options/', signal);
}

/** 201 with the new project's overview, its creator its admin; 400 names each field at fault. */
export function createProject(body: NewProjectBody): Promise<AdminProject> {
  return api.post<AdminProject>('/api/admin/projects/', body);
}

export function getAdminProject(slug: string, signal?: AbortSignal): Promise<AdminProject> {
  return api.get<AdminProject>(`${slugPath(slug)}/`, signal);
}

export function getMembers(slug: string, signal?: AbortSignal): Promise<ProjectPerson[]> {
  return api.get<ProjectPerson[]>(`${slugPath(slug)}/members/`, signal);
}

export function addMember(slug: string, body: MemberAddBody): Promise<ProjectPerson> {
  return api.post<ProjectPerson>(`${slugPath(slug)}/members/`, body);
}

function memberPath(slug: string, username: string): string {
  return `${slugPath(slug)}/members/${encodeURIComponent(username)}/`;
}

export function updateMember(slug: string, username: string, body: MemberUpdateBody): Promise<ProjectPerson> {
  return api.patch<ProjectPerson>(memberPath(slug, username), body);
}

export async function removeMember(slug: string, username: string): Promise<void> {
  await api.delete<null>(memberPath(slug, username));
}

export function getInvitations(slug: string, signal?: AbortSignal): Promise<Invitation[]> {
  return api.get<Invitation[]>(`${slugPath(slug)}/invitations/`, signal);
}

export function createInvitation(slug: string, body: InvitationBody): Promise<CreatedInvitation> {
  return api.post<CreatedInvitation>(`${slugPath(slug)}/invitations/`, body);
}

export async function revokeInvitation(slug: string, invitationId: number): Promise<void> {
  await api.delete<null>(`${slugPath(slug)}/invitations/${invitationId}/`);
}

export function getPeopleHistory(slug: string, signal?: AbortSignal): Promise<PeopleChange[]> {
  return api.get<PeopleChange[]>(`${slugPath(slug)}/people-history/`, signal);
}

export function saveTargets(slug: string, targets: AgreementTargets): Promise<AgreementTargets> {
  return api.put<AgreementTargets>(`${slugPath(slug)}/targets/`, targets);
}

export function getGuideline(slug: string, version: number, signal?: AbortSignal): Promise<GuidelineVersion> {
  return api.get<GuidelineVersion>(`${slugPath(slug)}/guidelines/${version}/`, signal);
}

/** 201 with the new version (max + 1, published at once); 400 when either field is empty. */
export function publishGuideline(
  slug: string,
  body: { markdown: string; changelog: string; answers_cases?: number[] },
): Promise<GuidelineVersion> {
  return api.post<GuidelineVersion>(`${slugPath(slug)}/guidelines/`, body);
}

export function getGuidelineDiff(slug: string, from: number, to: number, signal?: AbortSignal): Promise<GuidelineDiff> {
  return api.get<GuidelineDiff>(`${slugPath(slug)}/guidelines/diff/?from=${from}&to=${to}`, signal);
}

/** 201 with the round in `draft`; 400 names the field at fault. */
export function getProjectUnits(slug: string, query: string, page: number, signal?: AbortSignal): Promise<ProjectUnitPage> {
  const params = new URLSearchParams({ q: query, page: String(page) });
  return api.get<ProjectUnitPage>(`/api/admin/projects/${encodeURIComponent(slug)}/units/?${params}`, signal);
}

export function getCorpusOverview(slug: string, signal?: AbortSignal): Promise<CorpusOverview> {
  return api.get<CorpusOverview>(`/api/admin/projects/${encodeURIComponent(slug)}/corpus/`, signal);
}

export function getCorpusUnit(slug: string, topicId: number, signal?: AbortSignal): Promise<CorpusUnit> {
  return api.get<CorpusUnit>(`/api/admin/projects/${encodeURIComponent(slug)}/units/${topicId}/`, signal);
}

export function createRound(slug: string, body: NewRoundBody): Promise<AdminRound> {
  return api.post<AdminRound>(`${slugPath(slug)}/rounds/`, body);
}

export function openRound(roundId: number): Promise<AdminRound> {
  return api.post<AdminRound>(`/api/admin/rounds/${roundId}/open/`);
}

export function closeRound(roundId: number): Promise<AdminRound> {
  return api.post<AdminRound>(`/api/admin/rounds/${roundId}/close/`);
}

/** The round's progress with one page of its units. */
export function getRoundProgress(roundId: number, page: number, signal?: AbortSignal): Promise<RoundProgress> {
  return api.get<RoundProgress>(`/api/admin/rounds/${roundId}/progress/${pageQuery(page)}`, signal);
}

/** An assisted unit's revealed model verdicts (docs/models-in-the-loop.md): only sentences whose label is saved. */
export async function getReveal(assignmentId: number, signal?: AbortSignal): Promise<Reveal> {
  return api.get<Reveal>(`/api/assignments/${assignmentId}/reveal/`, signal);
}

/** The latest report, or null when the round has none yet (404). */
export async function getAgreement(roundId: number, signal?: AbortSignal): Promise<AgreementReport | null> {
  try {
    return await api.get<AgreementReport>(`/api/admin/rounds/${roundId}/agreement/`, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * 202 starts a job; 200 means the labels are unchanged and carries the reused report.
 * `compare` names the round of the opposite hint setting to compare with (else the server picks).
 */
export async function computeAgreement(
  roundId: number,
  compare: number | null = null,
): Promise<{ kind: 'job'; job: number } | { kind: 'report'; report: AgreementReport }> {
  const query = compare === null ? '' : `?compare=${compare}`;
  const { status, body } = await apiResponse<JobStarted | AgreementReport>(`/api/admin/rounds/${roundId}/agreement/${query}`, {
    method: 'POST',
  });
  if (status === 202 && 'job' in body) return { kind: 'job', job: body.job };
  return { kind: 'report', report: body as AgreementReport };
}

export function getAgreementHistory(slug: string, signal?: AbortSignal): Promise<AgreementHistory> {
  return api.get<AgreementHistory>(`${slugPath(slug)}/agreement-history/`, signal);
}

export function getDisagreements(roundId: number, page: number, signal?: AbortSignal): Promise<DisagreementPage> {
  return api.get<DisagreementPage>(`/api/admin/rounds/${roundId}/disagreements/${pageQuery(page)}`, signal);
}

export function getDisagreement(roundId: number, topicId: number, signal?: AbortSignal): Promise<DisagreementUnit> {
  return api.get<DisagreementUnit>(`/api/admin/rounds/${roundId}/disagreements/${topicId}/`, signal);
}

export function getSentFeedback(roundId: number, signal?: AbortSignal): Promise<SentFeedback[]> {
  return api.get<SentFeedback[]>(`/api/admin/rounds/${roundId}/feedback/`, signal);
}

/** Marks the annotator's replies under a note read by the admins; how many were unread. */
export function markRepliesRead(feedbackId: number): Promise<{ read: number }> {
  return api.post<{ read: number }>(`/api/admin/feedback/${feedbackId}/replies/read/`);
}

export function sendFeedback(roundId: number, body: FeedbackBody): Promise<{ id: number }> {
  return api.post<{ id: number }>(`/api/admin/rounds/${roundId}/feedback/`, body);
}

/** Puts a submitted assignment back in progress; the reason reaches the linguist as feedback. */
export function reopenAssignment(assignmentId: number, reason: string): Promise<{ assignment: number; status: AssignmentStatus; feedback: number }> {
  return api.post(`/api/admin/assignments/${assignmentId}/reopen/`, { reason });
}

/** Uploads a native JSONL corpus file; 202 with the import job. */
/** The layouts the browser import reads (docs/formats/native-jsonl.md, circumstantial.md). */
/** An import format's name, as `GET /api/admin/import-formats/` lists them. */
export type ImportFormat = ImportFormatInfo['name'];

/** The server's registry of import formats (services/import_formats.py): the form offers
 * exactly these, so it cannot drift from what the server reads. */
export function getImportFormats(signal?: AbortSignal): Promise<ImportFormatInfo[]> {
  return api.get<ImportFormatInfo[]>('/api/admin/import-formats/', signal);
}

/** Starts an import job. `lenient` (circumstantial only) imports the study's own file as
 * published and reports, row by row, what was not imported as written. */
export function startImport(
  slug: string,
  file: File,
  { format = 'native', lenient = false }: { format?: ImportFormat; lenient?: boolean } = {},
): Promise<JobStarted> {
  const form = new FormData();
  form.append('file', file);
  form.append('format', format);
  if (lenient) form.append('lenient', 'true');
  return api.post<JobStarted>(`${slugPath(slug)}/imports/`, form);
}

export function getJob(jobId: number, signal?: AbortSignal): Promise<Job> {
  return api.get<Job>(`/api/admin/jobs/${jobId}/`, signal);
}

/** Sends a job that has not started to the task queue again, or reruns a failed one whose
 * inputs are kept (`POST /api/admin/jobs/{id}/retry/`). */
export function retryJob(jobId: number): Promise<JobStarted> {
  return api.post<JobStarted>(`/api/admin/jobs/${jobId}/retry/`, {});
}

/** Cancels a job no worker has started; it ends failed (`POST /api/admin/jobs/{id}/cancel/`). */
export function cancelJob(jobId: number): Promise<JobStarted> {
  return api.post<JobStarted>(`/api/admin/jobs/${jobId}/cancel/`, {});
}

/** What was saved although the task queue could not be reached: the 503 `queue_unavailable`
 * names the job or release to follow (docs/api/errors.md); null for any other failure. */
export function savedWhileQueueDown(failure: unknown): { job?: number; release?: number; message: string } | null {
  if (!(failure instanceof ApiError) || failure.status !== 503) return null;
  const envelope = failure.envelope;
  if (envelope === null || envelope.code !== 'queue_unavailable') return null;
  const id = (key: string) => (typeof envelope[key] === 'number' ? (envelope[key] as number) : undefined);
  return { job: id('job'), release: id('release'), message: envelope.message };
}

// The researcher's releases (docs/api/releases.md).

/** One page of the project's releases, newest first (`pageSize` up to 200). */
export function getReleases(slug: string, page: number, signal?: AbortSignal, pageSize?: number): Promise<ReleasesResponse> {
  return api.get<ReleasesResponse>(`/api/projects/${encodeURIComponent(slug)}/releases/${pageQuery(page, pageSize)}`, signal);
}

/** 202 with the release and its job (the build runs in the background); 400 names the fields at fault. */
export function createRelease(slug: string, body: NewReleaseBody): Promise<ReleaseStarted> {
  return api.post<ReleaseStarted>(`/api/projects/${encodeURIComponent(slug)}/releases/`, body);
}

/** Starts a failed build again, or sends one that has not started to the task queue again
 * (`POST /api/releases/{id}/retry/`). */
export function retryRelease(releaseId: number): Promise<ReleaseStarted> {
  return api.post<ReleaseStarted>(`/api/releases/${releaseId}/retry/`, {});
}

/** Cancels a build no worker has started; it ends failed (`POST /api/releases/{id}/cancel/`). */
export function cancelRelease(releaseId: number): Promise<ReleaseStarted> {
  return api.post<ReleaseStarted>(`/api/releases/${releaseId}/cancel/`, {});
}

export function getRelease(releaseId: number, signal?: AbortSignal): Promise<ReleaseDetail> {
  return api.get<ReleaseDetail>(`/api/releases/${releaseId}/`, signal);
}

// ---- The signed-in user's API tokens (docs/api/tokens.md) ----

export function getApiTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  return api.get<ApiToken[]>('/api/me/tokens/', signal);
}

export function createApiToken(body: ApiTokenBody): Promise<CreatedApiToken> {
  return api.post<CreatedApiToken>('/api/me/tokens/', body);
}

export async function revokeApiToken(tokenId: number): Promise<void> {
  await api.delete<null>(`/api/me/tokens/${tokenId}/`);
}

/** The project's corpus runs, for the new-round form's choices (selection and assistance). */
export function getCorpusRunOptions(slug: string, signal?: AbortSignal): Promise<{ runs: CorpusRunOption[] }> {
  return api.get<{ runs: CorpusRunOption[] }>(`/api/admin/projects/${encodeURIComponent(slug)}/corpus-runs/`, signal);
}

// ---- Keeping a round's overlap when people change (docs/rounds.md) ----

export function getRoundOverlap(roundId: number, signal?: AbortSignal): Promise<RoundOverlap> {
  return api.get<RoundOverlap>(`/api/admin/rounds/${roundId}/overlap/`, signal);
}

export function setAutoReassign(roundId: number, autoReassign: boolean): Promise<RoundOverlap> {
  return api.put<RoundOverlap>(`/api/admin/rounds/${roundId}/overlap/`, { auto_reassign: autoReassign });
}

export function fillRoundOverlap(roundId: number): Promise<OverlapFill> {
  return api.post<OverlapFill>(`/api/admin/rounds/${roundId}/overlap/fill/`);
}

// ---- Site staff: who may create projects (docs/sign-in.md) ----

export function getProjectCreators(signal?: AbortSignal): Promise<ProjectCreator[]> {
  return api.get<ProjectCreator[]>('/api/staff/project-creators/', signal);
}

export function grantProjectCreator(username: string): Promise<ProjectCreator> {
  return api.put<ProjectCreator>(`/api/staff/project-creators/${encodeURIComponent(username)}/`);
}

export async function revokeProjectCreator(username: string): Promise<void> {
  await api.delete<null>(`/api/staff/project-creators/${encodeURIComponent(username)}/`);
}

// Webhooks (docs/webhooks.md): a project's endpoints, their deliveries and "resend".
export function getWebhooks(slug: string, signal?: AbortSignal): Promise<Webhook[]> {
  return api.get<Webhook[]>(`${slugPath(slug)}/webhooks/`, signal);
}

export function createWebhook(slug: string, body: WebhookBody): Promise<WebhookWithSecret> {
  return api.post<WebhookWithSecret>(`${slugPath(slug)}/webhooks/`, body);
}

export function updateWebhook(slug: string, id: number, body: WebhookChange): Promise<Webhook> {
  return api.patch<Webhook>(`${slugPath(slug)}/webhooks/${id}/`, body);
}

export async function deleteWebhook(slug: string, id: number): Promise<void> {
  await api.delete<null>(`${slugPath(slug)}/webhooks/${id}/`);
}

export function getWebhookDeliveries(slug: string, id: number, signal?: AbortSignal): Promise<WebhookDeliveryPage> {
  return api.get<WebhookDeliveryPage>(`${slugPath(slug)}/webhooks/${id}/deliveries/`, signal);
}

export function resendWebhookDelivery(slug: string, id: number, deliveryId: number): Promise<WebhookDelivery> {
  return api.post<WebhookDelivery>(`${slugPath(slug)}/webhooks/${id}/deliveries/${deliveryId}/resend/`);
}

// The taxonomy editor (docs/api/admin.md, Taxonomies).

export function getTaxonomies(signal?: AbortSignal): Promise<TaxonomySummary[]> {
  return api.get<TaxonomySummary[]>('/api/admin/taxonomies/', signal);
}

export function getTaxonomy(slug: string, signal?: AbortSignal): Promise<TaxonomyDetail> {
  return api.get<TaxonomyDetail>(`/api/admin/taxonomies/${encodeURIComponent(slug)}/`, signal);
}

/** 201: a new taxonomy (a draft) that the project, which has no rounds yet, now uses. */
export function createTaxonomy(body: TaxonomyCreateInput): Promise<TaxonomyDetail> {
  return api.post<TaxonomyDetail>('/api/admin/taxonomies/', body);
}

/** Replaces the draft; 400 names each field at fault (`types.2.unified`). */
export function saveTaxonomyDraft(slug: string, types: TaxonomyTypeInput[]): Promise<TaxonomyDetail> {
  return api.put<TaxonomyDetail>(`/api/admin/taxonomies/${encodeURIComponent(slug)}/draft/`, { types });
}

export function publishTaxonomy(slug: string, changelog: string): Promise<TaxonomyDetail> {
  return api.post<TaxonomyDetail>(`/api/admin/taxonomies/${encodeURIComponent(slug)}/publish/`, { changelog });
}
