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
export interface QueueEntry {
  id: number;
  status: AssignmentStatus;
  round: RoundRef;
  project: ProjectRef;
  document: string;
  topic: string;
  position: number;
  count: number;
  progress: { done: number; total: number };
  active_seconds: number;
  submitted_at: string | null;
}

/** Unread feedback from a project admin; `sentence` uses the summary letter this person sees. */
export interface FeedbackItem {
  id: number;
  round: string;
  author: string;
  text: string;
  created_at: string;
  assignment: number | null;
  sentence: { summary_label: string; number: number } | null;
  read: boolean;
}

/** `GET /api/assignments/` */
export interface QueueResponse {
  assignments: QueueEntry[];
  feedback: FeedbackItem[];
}

/** Which questions the project asks. Questions switched off are not rendered. */
export interface Scheme {
  consistency: boolean;
  error_types: boolean;
  error_spans: boolean;
  relevance: boolean;
  not_a_summary: boolean;
  comment: boolean;
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

export interface Turn {
  id: number;
  /** 0-based; shown to people as `position + 1`. */
  position: number;
  speaker: string;
  role: string;
  text: string;
  start: number;
  end: number;
}

export interface SummarySentence {
  id: number;
  /** 1-based within its summary. */
  number: number;
  text: string;
}

/** A summary as the linguist sees it: a letter, never the summarizer's name. */
export interface Summary {
  id: number;
  label: string;
  sentences: SummarySentence[];
}

export type SentenceLabel = 'consistent' | 'inconsistent' | '';

export interface SentenceJudgement {
  sentence: number;
  label: SentenceLabel;
  explanation: string;
  error_types: number[];
  version: number;
}

export interface SummaryJudgement {
  summary: number;
  relevance: number | null;
  not_a_summary: boolean;
  comment: string;
  version: number;
}

export interface TopicJudgement {
  category: TopicCategory | '';
  version: number;
}

/** `GET /api/assignments/{id}/` */
export interface WorkspacePayload {
  id: number;
  status: AssignmentStatus;
  read_only: boolean;
  round: RoundRef;
  project: ProjectRef;
  position: number;
  count: number;
  next_assignment: number | null;
  guideline: { version: number; markdown: string } | null;
  scheme: Scheme;
  relevance_anchors: RelevanceAnchor[];
  topic_categories: TopicCategoryOption[];
  taxonomy: { name: string; types: ErrorType[] } | null;
  document: { title: string; turns: Turn[] };
  topic: { id: number; name: string };
  summaries: Summary[];
  judgements: {
    sentences: SentenceJudgement[];
    summaries: SummaryJudgement[];
    topic: TopicJudgement | null;
  };
  active_seconds: number;
}

/** One entry of a submit 400's `missing` list. */
export interface MissingItem {
  summary: string | null;
  sentence: number | null;
  item: 'label' | 'explanation' | 'error_types' | 'relevance' | 'topic_category' | string;
  message: string;
}

export interface HeartbeatResponse {
  active_seconds: number;
}
