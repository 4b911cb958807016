import type { components } from './schema';

// Response shapes of the Django API. Keep these in step with the serializers in
// `annotations/api/`; each type names the endpoint that returns it.

/** A project role as stored by the server. */
export type Role = 'annotator' | 'admin' | 'reviewer' | 'researcher';

export interface Membership {
  /** The project's slug, stable across renames. */
  project: string;
  project_name: string;
  role: Role;
}

/** `GET /api/me/` — the signed-in person. */
export interface Me {
  username: string;
  display_name: string;
  is_staff: boolean;
  memberships: Membership[];
}

// ---- The linguist's queue and workspace (docs/api/workspace.md) ----

/** `assigned` until the first save, then `in_progress`; `submitted` is read-only. */
export type AssignmentStatus = 'assigned' | 'in_progress' | 'submitted';

export interface RoundRef {
  id: number;
  name: string;
  /** practice / pilot / production; kept open so a new kind still renders. */
  kind: string;
  status: string;
}

export interface ProjectRef {
  slug: string;
  name: string;
}

/** One row of `GET /api/assignments/`, also the body of a successful submit. */



/** `GET /api/assignments/` */

/** Which questions the project asks. Questions switched off are not rendered. */
export interface Scheme {
  consistency: boolean;
  error_types: boolean;
  error_spans: boolean;
  relevance: boolean;
  not_a_summary: boolean;
  comment: boolean;
  sentence_comment: boolean;
  confidence: boolean;
  topic_category: boolean;
  completeness: boolean;
  atomic_facts: boolean;
}

export interface RelevanceAnchor {
  value: number;
  label: string;
  description: string;
}

export type TopicCategory = 'main' | 'marginal' | 'irrelevant';

export interface TopicCategoryOption {
  value: TopicCategory;
  label: string;
  description: string;
}

export interface ErrorType {
  id: number;
  code: string;
  name: string;
  definition: string;
  example: string;
  parent: number | null;
}


/**
 * A sentence's or summary's handle in one assignment (annotations/handles.py): opaque, its
 * value and order say nothing; never a database id.
 */
export type Handle = string;

export interface SummarySentence {
  id: Handle;
  /** 1-based within its summary. */
  number: number;
  text: string;
}

/** A summary as the linguist sees it: a letter, never the summarizer's name. */
export interface Summary {
  id: Handle;
  label: string;
  sentences: SummarySentence[];
}

export type SentenceLabel = 'consistent' | 'inconsistent' | '';

/** 1 low, 2 medium, 3 high. */
export type Confidence = 1 | 2 | 3;

// The linguist API's responses, generated from the OpenAPI schema (schema.d.ts, `make
// api-types`): the server's output serializers are the single source of these shapes.
type Schemas = components['schemas'];
export type QueueEntry = Schemas['QueueEntryOutput'];
export type FeedbackItem = Schemas['FeedbackItemOutput'];
export type FeedbackReply = Schemas['ReplyOutput'];
export type QueueResponse = Schemas['QueueOutput'];
export type SentenceJudgement = Schemas['SentenceState'];
export type SummaryJudgement = Schemas['SummaryState'];
export type TopicJudgement = Schemas['TopicState'];
export type WorkspacePayload = Schemas['WorkspacePayloadOutput'];
export type HeartbeatResponse = Schemas['HeartbeatOutput'];
/** A dialogue turn; `position` is 0-based (shown as `position + 1`), `start`/`end` are the
 * turn's time in the recording when the corpus has it. */
export type Turn = Schemas['TurnOutput'];




/** `GET /api/assignments/{id}/` */

/** One entry of a submit 400's `missing` list. */
export interface MissingItem {
  summary: string | null;
  sentence: number | null;
  item: 'label' | 'explanation' | 'error_types' | 'relevance' | 'topic_category' | string;
  message: string;
}


// ---- The project admin's screens (docs/api/admin.md) ----

/** One row of `GET /api/admin/projects/`. */
export interface AdminProjectRef {
  slug: string;
  name: string;
}

/** draft → open → closed; kept open so a new status still renders. */
export type RoundStatus = 'draft' | 'open' | 'closed' | (string & {});

/** practice / pilot / production / error_typing. */
export type RoundKind = 'practice' | 'pilot' | 'production' | 'error_typing' | (string & {});

/** A round as the overview lists it; also the answer to create, open and close. */
export interface AdminRound {
  id: number;
  name: string;
  kind: RoundKind;
  status: RoundStatus;
  overlap: number;
  guideline_version: number | null;
  units: number;
  assignments: number;
  submitted: number;
  created_at: string;
  opened_at: string | null;
  closed_at: string | null;
  /** Not in the contract; used to find the round's project when the server sends it. */
  project?: string;
  /** On creation: units the sample left out (already in another open round of the kind). */
  skipped?: number;
}

export interface ProjectMember {
  id: number;
  username: string;
  display_name: string;
  roles: Role[];
}

export interface GuidelineVersionSummary {
  version: number;
  changelog: string;
  created_at: string;
  published_at: string | null;
}

/** `GET /api/admin/projects/{slug}/guidelines/{version}/` and the answer to publishing. */
export interface GuidelineVersion extends GuidelineVersionSummary {
  markdown: string;
}

export interface GuidelineDiff {
  from: number;
  to: number;
  diff: string;
}

export interface CorpusCounts {
  slug: string;
  documents: number;
  topics: number;
  summaries: number;
}

/** Agreement targets by question key; a missing or null key has no target. */
export type AgreementTargets = Partial<Record<string, number | null>>;

/** `GET /api/admin/projects/{slug}/` */
export interface AdminProject {
  slug: string;
  name: string;
  /** Which questions the project asks (the workspace's `Scheme`, possibly with more keys). */
  scheme: Partial<Scheme> & Record<string, unknown>;
  members: ProjectMember[];
  guidelines: GuidelineVersionSummary[];
  rounds: AdminRound[];
  corpora: CorpusCounts[];
  targets: AgreementTargets;
}

/** The body of `POST /api/admin/projects/{slug}/rounds/`. */
export interface NewRoundBody {
  name: string;
  kind: string;
  overlap: number;
  guideline_version: number;
  annotators: string[];
  units: { sample: number; seed: number; include_busy?: boolean } | { topics: number[] };
}

/** One unit of `GET /api/admin/projects/{slug}/units/`. */
export interface ProjectUnit {
  topic: number;
  topic_name: string;
  document: string;
  corpus: string;
  summaries: number;
  /** The rounds it is already in. */
  rounds: string[];
}

export interface ProjectUnitPage {
  count: number;
  page: number;
  pages: number;
  units: ProjectUnit[];
}

export interface AnnotatorProgress {
  username: string;
  display_name: string;
  assigned: number;
  submitted: number;
  in_progress: number;
  active_seconds: number;
}

export interface UnitAssignmentProgress {
  assignment: number;
  username: string;
  status: AssignmentStatus;
  active_seconds: number;
}

export interface UnitProgress {
  topic: number;
  topic_name: string;
  document: string;
  assignments: UnitAssignmentProgress[];
}

/** `GET /api/admin/rounds/{id}/progress/` */
export interface PublishedRow {
  system: string;
  topic_category?: string;
  summaries: number;
  sentences: number;
  consistent: number;
  inconsistent: number;
  inconsistent_rate: number | null;
}

export interface RoundProgress {
  round: AdminRound;
  annotators: AnnotatorProgress[];
  units: UnitProgress[];
  /** A reference round's published label distribution (null for other rounds). */
  published?: { sources: string[]; systems: PublishedRow[]; by_topic_category: PublishedRow[] } | null;
}

export interface Interval {
  value: number;
  ci: [number, number] | null;
}

export interface AgreementQuestion {
  key: string;
  label: string;
  level: string;
  n_units: number;
  n_raters: number;
  /** null when the question cannot be computed; `note` says why. */
  coefficient: (Interval & { name: string }) | null;
  alpha: Interval | null;
  percent_agreement: number | null;
  pairwise: { a: string; b: string; value: number | null }[];
  vs_majority: { annotator: string; value: number | null }[];
  confusion: { labels: string[]; counts: number[][] } | null;
  target: number | null;
  met: boolean | null;
  note: string | null;
  /** Fewer units than a coefficient can be read from (under 30); absent in older reports. */
  small_n?: boolean;
  /** error_types only: a Fleiss kappa per type. Shape not fixed by the contract. */
  per_label?: unknown;
}

/** `GET /api/admin/rounds/{id}/agreement/` (and a 200 from POST). */
export interface AgreementReport {
  round: number;
  computed_at: string;
  inputs_hash: string;
  stale: boolean;
  annotators: string[];
  questions: AgreementQuestion[];
}

export interface AgreementHistoryPoint {
  round: string;
  round_id: number;
  value: number | null;
  /** The 95% bootstrap interval, when computed. */
  ci?: [number, number] | null;
  n_units?: number | null;
}

export interface AgreementHistoryQuestion {
  key: string;
  label: string;
  target: number | null;
  points: AgreementHistoryPoint[];
}

/** `GET /api/admin/projects/{slug}/agreement-history/` */
export interface AgreementHistory {
  questions: AgreementHistoryQuestion[];
}

/** One row of `GET /api/admin/rounds/{id}/disagreements/`. */
export interface DisagreementUnitSummary {
  topic: number;
  topic_name: string;
  document: string;
  /** How many sentences the annotators label differently. */
  sentences: number;
  /** How many summaries they judge differently (relevance / not a summary). */
  summaries: number;
  /** Whether they disagree on the topic category. */
  topic_category: boolean;
}

export interface AdminSentenceJudgement {
  label: SentenceLabel;
  explanation: string;
  /** Error type names, as the server renders them. */
  error_types: string[];
}

export interface AdminSummaryJudgement {
  relevance: number | null;
  not_a_summary: boolean;
  comment: string;
}

export interface DisagreementSentence {
  id: number;
  number: number;
  text: string;
  disagree: boolean;
  /** By username; an annotator with no judgement is missing. */
  judgements: Partial<Record<string, AdminSentenceJudgement>>;
}

export interface DisagreementSummary {
  id: number;
  label: string;
  /** Whether the summary-level answers (relevance, not a summary) differ. */
  disagree?: boolean;
  judgements: Partial<Record<string, AdminSummaryJudgement>>;
  sentences: DisagreementSentence[];
}

/** A dialogue turn as the admin views send it (no character offsets). */
export interface AdminTurn {
  id: number;
  position: number;
  speaker: string;
  role: string;
  text: string;
}

/** `GET /api/admin/rounds/{id}/disagreements/{topic_id}/` */
export interface DisagreementUnit {
  topic: { id: number; name: string };
  document: { title: string; turns: AdminTurn[] };
  annotators: string[];
  topic_category: Partial<Record<string, TopicCategory | ''>>;
  summaries: DisagreementSummary[];
}

/** The body of `POST /api/admin/rounds/{id}/feedback/`. */
export interface FeedbackBody {
  annotator: string;
  text: string;
  sentence?: number;
}

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** `GET /api/admin/jobs/{id}/` */
export interface Job {
  id: number;
  kind: string;
  status: JobStatus;
  /** 0–100. */
  progress: number;
  message: string;
  result: { lines?: string[] } | null;
  error: string;
}

/** A 202 from an endpoint that starts a background job. */
export interface JobStarted {
  job: number;
}

// ---- The researcher's releases (docs/api/releases.md) ----

/** `building` (with `progress`), `published`, `failed` (with `error`); kept open so a new status still renders. */
export type ReleaseStatus = 'building' | 'published' | 'failed' | (string & {});

/** One file of a release's zip, as the manifest records it. */
export interface ReleaseFile {
  name: string;
  sha256: string;
  /** Bytes. */
  size: number;
  records: number;
}

/** One row of `GET /api/projects/{slug}/releases/`. */
export interface Release {
  id: number;
  version: string;
  status: ReleaseStatus;
  /** 0–100 while building. */
  progress: number;
  error: string;
  created_at: string;
  published_at: string | null;
  created_by: string;
  /** summaries, sentences, dev, test — kept open so a new count still renders. */
  counts: Partial<Record<string, number>>;
  files: ReleaseFile[];
  /** The zip's URL; only meaningful once published. */
  download?: string | null;
}

/** `GET /api/releases/{id}/` — `manifest` and `card` once published. */
export interface ReleaseDetail extends Release {
  manifest?: Record<string, unknown> | null;
  /** The dataset card, Markdown. */
  card?: string | null;
}

/** `GET /api/projects/{slug}/releases/` */
export interface ReleasesResponse {
  project: ProjectRef;
  rounds: RoundRef[];
  /** The export formats the server offers: native, tofueval, aggrefact, llm_aggrefact, finesure. */
  formats: string[];
  releases: Release[];
}

export type ReleaseSplit =
  | { method: 'document'; dev: number; seed: number }
  | { method: 'corpus' }
  | { method: 'file'; documents: { dev: string[]; test: string[] } };

/** The body of `POST /api/projects/{slug}/releases/`. */
export interface NewReleaseBody {
  version: string;
  rounds: number[];
  gold: 'majority';
  /** Optional; left out when no mapping is chosen. */
  mappings?: { topic_category?: 'merge_marginal'; relevance?: 'binary' };
  split: ReleaseSplit;
  formats: string[];
  only_complete: boolean;
}

/** The 202 of `POST /api/projects/{slug}/releases/`. */
export interface ReleaseStarted {
  release: number;
  job: number;
}

/** One note of `GET /api/admin/rounds/{id}/feedback/`. */
export interface SentFeedback {
  id: number;
  annotator: string;
  author: string;
  text: string;
  created_at: string;
  /** null: not read yet. */
  read_at: string | null;
  reopened: boolean;
  /** The unit it is about, or null for a general note. */
  topic: number | null;
  sentence: { id: number; summary_label: string; number: number } | null;
  replies: { id: number; author: string; from_annotator: boolean; text: string; created_at: string }[];
}

/** `GET /api/admin/projects/{slug}/corpus/` */
export interface CorpusOverview {
  corpora: { corpus: string; documents: number; topics: number; summaries: number }[];
  published: { sources: string[]; systems: PublishedRow[]; by_topic_category: PublishedRow[] };
}

/** `GET /api/admin/projects/{slug}/units/{topic}/` */
export interface CorpusUnit {
  topic: { id: number; name: string };
  document: { id: string; title: string; corpus: string };
  summaries: {
    id: number;
    system: string;
    external_id: string;
    sentences: { number: number; text: string; published: Record<string, string> }[];
  }[];
}
