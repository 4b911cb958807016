import type { components } from './schema';

// Response shapes of the Django API, generated from its OpenAPI schema (schema.d.ts, `make
// api-types`; `make test` fails when it is stale): the server's output serializers are the
// single source of these shapes. Each alias names the endpoint that returns it; the few
// hand-written types below say why the schema cannot express them.
type Schemas = components['schemas'];

/** A project role as stored by the server. */
export type Role = 'annotator' | 'admin' | 'reviewer' | 'researcher';
export type Membership = Schemas['MembershipOutput'];
/** `GET /api/me/` — the signed-in person. */
export type Me = Schemas['MeOutput'];

// ---- The linguist's queue and workspace (docs/api/workspace.md) ----

/** `assigned` until the first save, then `in_progress`; `submitted` is read-only. */
export type AssignmentStatus = Schemas['AssignmentStatusEnum'];
export type RoundRef = Schemas['RoundRefOutput'];
export type ProjectRef = Schemas['ProjectRefOutput'];
/** Which questions the project asks. Questions switched off are not rendered. */
export type Scheme = Schemas['SchemeOutput'];
export type RelevanceAnchor = Schemas['RelevanceAnchorOutput'];
export type TopicCategoryOption = Schemas['TopicCategoryOutput'];
export type TopicCategory = TopicCategoryOption['value'];
export type ErrorType = Schemas['ErrorTypeOutput'];
/**
 * A sentence's or summary's handle in one assignment (annotations/handles.py): opaque, its
 * value and order say nothing; never a database id.
 */
export type Handle = string;
export type SummarySentence = Schemas['SentenceOutput'];
/** A summary as the linguist sees it: a letter, never the summarizer's name. */
export type Summary = Schemas['SummaryOutput'];
/** A sentence's label; '' until the linguist gives one. */
export type SentenceLabel = Schemas['LabelEnum'];
/** 1 low, 2 medium, 3 high. */
export type Confidence = 1 | 2 | 3;
/** One row of `GET /api/assignments/`, also the body of a successful submit. */
export type QueueEntry = Schemas['QueueEntryOutput'];
export type FeedbackItem = Schemas['FeedbackItemOutput'];
export type FeedbackReply = Schemas['ReplyOutput'];
/** `GET /api/assignments/` */
export type QueueResponse = Schemas['QueueOutput'];
export type SentenceJudgement = Schemas['SentenceState'];
/** An error span of a sentence, with its evidence in the dialogue (turn ids). */
export type ErrorSpan = Schemas['ErrorSpanOutput'];
export type Evidence = Schemas['EvidenceSpanOutput'];
export type SummaryJudgement = Schemas['SummaryState'];
export type TopicJudgement = Schemas['TopicState'];
/** `GET /api/assignments/{id}/` */
export type WorkspacePayload = Schemas['WorkspacePayloadOutput'];
/** A key fact of the round's given list: sent back by its id as `given`, never edited. */
export type GivenFact = Schemas['GivenFactOutput'];
/** A summary's given atomic fact: sent back by its handle as `given`, never edited. */
export type GivenAtomicFact = Schemas['GivenAtomicFactOutput'];
/** The unit's key facts, each with its alignment to the summaries (null: never saved). */
export type KeyFactsJudgement = Schemas['KeyFactsState'];
export type SavedKeyFact = Schemas['KeyFactOutput'];
/** A key fact's decision for one summary: stated by it (with the sentences that state it) or not. */
export type KeyFactAlignment = Schemas['KeyFactAlignmentOutput'];
export type AtomicFactsJudgement = Schemas['AtomicFactsState'];
export type SavedAtomicFact = Schemas['AtomicFactOutput'];
/** An atomic fact's verdict; '' until the linguist gives one. */
export type AtomicVerdict = Schemas['VerdictEnum'];
export type HeartbeatResponse = Schemas['HeartbeatOutput'];
/** A dialogue turn; `position` is 0-based (shown as `position + 1`), `start`/`end` are the
 * turn's time in the recording when the corpus has it. */
export type Turn = Schemas['TurnOutput'];

/** One entry of a submit 400's `missing` list: the error envelope's `missing` is open in the
 * schema because a refused release lists other things. */
export interface MissingItem {
  summary: string | null;
  sentence: number | null;
  item: 'label' | 'explanation' | 'error_types' | 'relevance' | 'topic_category' | string;
  message: string;
}

// ---- The project admin's screens (docs/api/admin.md) and the researcher's releases
// (docs/api/releases.md), generated from the OpenAPI schema like the linguist's. ----

/** One row of `GET /api/admin/projects/`. */
export type AdminProjectRef = Schemas['ProjectName'];
/** draft → open → closed. */
export type RoundStatus = Schemas['RoundStatusEnum'];
/** practice / pilot / production / error_typing / review. */
/** The kinds of round an admin creates. */
export type RoundKind = NewRoundBody['kind'];
/** A round as the overview lists it; also the answer to create, open and close. */
export type AdminRound = Schemas['AdminRoundOutput'] & {
  /** On creation: units the sample left out (already in another open round of the kind). */
  skipped?: number;
};
export type ProjectMember = Schemas['MemberOutput'];
export type GuidelineVersionSummary = Schemas['GuidelineSummaryOutput'];
/** `GET /api/admin/projects/{slug}/guidelines/{version}/` and the answer to publishing. */
export type GuidelineVersion = Schemas['GuidelineVersionOutput'];
export type GuidelineDiff = Schemas['GuidelineDiffOutput'];
export type CorpusCounts = Schemas['CorpusCountsOutput'];
/** Agreement targets by question key; a missing or null key has no target. */
export type AgreementTargets = Schemas['TargetsOutput'];
/** `GET /api/admin/projects/{slug}/` */
export type AdminProject = Schemas['AdminProjectOutput'];

// ---- A project's people (docs/api/admin.md, People; docs/people.md) ----

/** `GET /api/admin/projects/{slug}/members/` — one person, with all their roles. */
export type ProjectPerson = Schemas['ProjectMember'];
export type ProjectRole = Schemas['ProjectRoleEnum'];
export type MemberAddBody = Schemas['MemberAddInput'];
export type MemberUpdateBody = Schemas['MemberUpdateInput'];
/** A pending invitation (its link is shown only once, when it is created). */
export type Invitation = Schemas['InvitationOutput'];
export type CreatedInvitation = Schemas['InvitationCreatedOutput'];
export type InvitationBody = Schemas['InvitationInput'];
export type Webhook = Schemas['Webhook'];
export type WebhookWithSecret = Schemas['WebhookWithSecret'];
export type WebhookBody = Schemas['WebhookInput'];
export type WebhookChange = Schemas['WebhookUpdateInput'];
export type WebhookEvent = Schemas['WebhookEventEnum'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookDeliveryPage = Schemas['DeliveryPageOutput'];
/** One row of the people audit trail. */
export type PeopleChange = Schemas['PeopleChangeOutput'];
/** `GET /api/admin/project-options/`: the built-in taxonomies and the scheme's questions. */
export type ProjectOptions = Schemas['ProjectOptionsOutput'];
/** A built-in taxonomy a new project can copy, with its types (`parent` is a type's code). */
export type TaxonomyChoice = Schemas['TaxonomyChoiceOutput'];
/** One question of the scheme: its key, its words, its default and the switch it needs on. */
export type SchemeSwitch = Schemas['SchemeSwitchOutput'];
/** The body of `POST /api/admin/projects/` (staff only). */
export type NewProjectBody = Schemas['ProjectCreateInput'];
/** The paging fields of every paginated list (docs/api/admin.md, "Pages"). */
export type PageFields = Pick<Schemas['UnitPageOutput'], 'count' | 'page' | 'pages' | 'page_size'>;
/** One unit of `GET /api/admin/projects/{slug}/units/`. */
export type ProjectUnit = Schemas['UnitOutput'];
export type ProjectUnitPage = Schemas['UnitPageOutput'];
export type AnnotatorProgress = Schemas['AnnotatorProgressOutput'];
export type UnitAssignmentProgress = Schemas['UnitAssignmentOutput'];
export type UnitProgress = Schemas['UnitProgressOutput'];
export type PublishedRow = Schemas['PublishedRowOutput'];
/** `GET /api/admin/rounds/{id}/progress/`: the paging fields count the round's units. */
export type RoundProgress = Schemas['RoundProgressOutput'];
export type Interval = Schemas['IntervalOutput'];
export type AgreementQuestion = Schemas['AgreementQuestionOutput'];
/** `GET /api/admin/rounds/{id}/agreement/` (and a 200 from POST). */
export type AgreementReport = Schemas['AgreementReportOutput'];
/** Dawid-Skene and MACE per question of a report: each annotator's competence (docs/agreement.md). */
export type Competence = Schemas['CompetenceOutput'];
export type CompetenceQuestion = Schemas['CompetenceQuestionOutput'];
/** A report's comparison of labels with evidence hints against labels without (docs/agreement.md). */
export type Assistance = Schemas['AssistanceOutput'];
/** One side of that comparison: a round, with or without hints. */
export type AssistanceCondition = Schemas['AssistanceConditionOutput'];
/** An assisted round's reveal figures in its agreement report (docs/agreement.md). */
export type AssistedReveal = Schemas['AssistedRevealOutput'];
export type RevealFigure = Schemas['RevealFigureOutput'];
/** `GET /api/assignments/{id}/reveal/`: the model's verdicts on the sentences already labelled. */
export type Reveal = Schemas['RevealOutput'];
export type RevealedVerdict = Schemas['RevealedVerdictOutput'];
export type AgreementHistoryPoint = Schemas['HistoryPointOutput'];
export type AgreementHistoryQuestion = Schemas['HistoryQuestionOutput'];
/** `GET /api/admin/projects/{slug}/agreement-history/` */
export type AgreementHistory = Schemas['AgreementHistoryOutput'];
/** One row of `GET /api/admin/rounds/{id}/disagreements/`. */
export type DisagreementUnitSummary = Schemas['DisagreementOutput'];
/** `GET /api/admin/rounds/{id}/disagreements/`: a page of the units with disagreements. */
export type DisagreementPage = Schemas['DisagreementPageOutput'];
export type AdminSentenceJudgement = Schemas['RaterSentenceOutput'];
export type AdminSpan = Schemas['RaterSpanOutput'];
export type AdminEvidence = Schemas['RaterEvidenceOutput'];
export type AdminSummaryJudgement = Schemas['RaterSummaryOutput'];
export type DisagreementSentence = Schemas['ComparedSentenceOutput'];
export type DisagreementSummary = Schemas['ComparedSummaryOutput'];
/** A dialogue turn as the admin views send it (no character offsets). */
export type AdminTurn = Schemas['AdminTurnOutput'];
/** `GET /api/admin/rounds/{id}/disagreements/{topic_id}/` */
export type DisagreementUnit = Schemas['DisagreementUnitOutput'];
/** The body of `POST /api/admin/rounds/{id}/feedback/`. */
export type FeedbackBody = Schemas['FeedbackInput'];
export type JobStatus = Schemas['JobStatusEnum'];
/** `GET /api/admin/jobs/{id}/`. The schema leaves `result` open (each kind of job has its
 * own); the screens read only an import's `lines`. */
export type Job = Omit<Schemas['JobOutput'], 'result'> & { result: { lines?: string[] } | null };
/** One entry of `GET /api/admin/import-formats/`: a layout the corpus import reads. */
export type ImportFormatInfo = Schemas['ImportFormatOutput'];
/** A 202 from an endpoint that starts a background job. */
export type JobStarted = Schemas['JobStartedOutput'];
/** One note of `GET /api/admin/rounds/{id}/feedback/`. */
export type SentFeedback = Schemas['SentFeedbackOutput'];
/** `GET /api/admin/projects/{slug}/corpus/` */
export type CorpusOverview = Schemas['CorpusOverviewOutput'];
/** `GET /api/admin/projects/{slug}/units/{topic}/` */
export type CorpusUnit = Schemas['CorpusUnitOutput'];

/** How a unit's hardness for evaluators is measured (docs/evaluation.md, "Hard units"). */
export type HardnessMeasure = 'against_gold' | 'among_evaluators';
export type HardUnit = Schemas['HardUnitOutput'];
/** Units chosen by corpus runs' disagreement or uncertainty (docs/models-in-the-loop.md). */
export type SelectionStrategy = Schemas['RoundSelectInput']['strategy'];
/** `GET /api/admin/projects/{slug}/corpus-runs/`: the runs a selection can use. */
export type CorpusRunOption = Schemas['CorpusRunOptionOutput'];
/** `GET /api/admin/rounds/{id}/selection/`: the design and the weighted per-system rates. */
export type RoundSelection = Schemas['SelectionReportOutput'];

/** The body of `POST /api/admin/projects/{slug}/rounds/`: one shape per kind of round. */
export type NewRoundBody = Schemas['RoundCreateInput'];
/** A practice, qualification or pilot round: linguists answer the project's scheme. */
export type AnnotationRoundKind = Schemas['AnnotationRoundInputKindEnum'];

export type ReleaseStatus = Schemas['ReleaseStatusEnum'];
export type ReleaseFile = Schemas['ReleaseFileOutput'];
/** One row of `GET /api/projects/{slug}/releases/`. */
export type Release = Schemas['ReleaseOutput'];
/** `GET /api/releases/{id}/` — `manifest` and `card` once published. */
export type ReleaseDetail = Schemas['ReleaseDetailOutput'];
/** `GET /api/projects/{slug}/releases/`: a page of releases, newest first. */
export type ReleasesResponse = Schemas['ProjectReleasesOutput'];
/** The 202 of `POST /api/projects/{slug}/releases/`. */
export type ReleaseStarted = Schemas['ReleaseStartedOutput'];
export type ReleaseFormat = Schemas['FormatsEnum'];
/** How a release splits dev from test: the schema has one object with optional fields; the
 * screen builds exactly one of the three shapes the server accepts. */
export type ReleaseSplit =
  | { method: 'document'; dev: number; seed: number }
  | { method: 'corpus' }
  | { method: 'file'; documents: { dev: string[]; test: string[] } };
/** The body of `POST /api/projects/{slug}/releases/`. */
export type NewReleaseBody = Omit<Schemas['ReleaseConfigInput'], 'split'> & { split: ReleaseSplit };

// ---- The signed-in user's API tokens (docs/api/tokens.md) ----

/** One of the user's tokens, as listed (never with its secret). */
export type ApiToken = Schemas['TokenOutput'];
/** A token just made: the only answer that ever carries its secret. */
export type CreatedApiToken = Schemas['TokenCreatedOutput'];
export type ApiTokenBody = Schemas['TokenInput'];
export type ApiTokenScope = Schemas['TokenScopeEnum'];

/** `GET /api/admin/rounds/{id}/overlap/`: units a pause or a removal left short. */
export type RoundOverlap = Schemas['OverlapOutput'];
/** `POST /api/admin/rounds/{id}/overlap/fill/`. */
export type OverlapFill = Schemas['FillOutput'];

/** A person site staff let create projects (`/api/staff/project-creators/`). */
export type ProjectCreator = Schemas['ProjectCreatorOutput'];

// The taxonomy editor (docs/api/admin.md, Taxonomies).
export type TaxonomySummary = Schemas['TaxonomySummary'];
export type TaxonomyDetail = Schemas['TaxonomyDetail'];
export type TaxonomyType = Schemas['TaxonomyType'];
export type TaxonomyTypeInput = Schemas['TaxonomyTypeInput'];
export type TaxonomyDiff = Schemas['TaxonomyDiff'];
export type TaxonomyCreateInput = Schemas['TaxonomyCreateInput'];
