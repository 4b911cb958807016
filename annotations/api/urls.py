from __future__ import annotations

from django.urls import path

from annotations.api import (
    adjudication_views,
    admin_agreement,
    admin_feedback,
    admin_guidelines,
    admin_imports,
    admin_people,
    admin_projects,
    admin_rounds,
    admin_taxonomies,
    assignments,
    corpus_runs,
    evaluators,
    feedback,
    history_views,
    judges,
    overlap,
    project_creators,
    quality,
    queue,
    release_analysis,
    releases,
    review,
    selection,
    webhooks,
)
from annotations.api.batch import batch_url
from annotations.api.me import MeView
from annotations.api.save_inputs import SAVE_APIS
from annotations.api.saves import save_urls
from annotations.api.tokens import TokensView, TokenView

urlpatterns = [
    path("me/", MeView.as_view(), name="api-me"),
    path("me/tokens/", TokensView.as_view(), name="api-me-tokens"),
    path("me/tokens/<int:token_id>/", TokenView.as_view(), name="api-me-token"),
    path(
        "staff/project-creators/",
        project_creators.ProjectCreatorsView.as_view(),
        name="api-project-creators",
    ),
    path(
        "staff/project-creators/<str:username>/",
        project_creators.ProjectCreatorView.as_view(),
        name="api-project-creator",
    ),
    path("assignments/", assignments.QueueView.as_view(), name="api-queue"),
    path(
        "assignments/<int:assignment_id>/",
        assignments.WorkspaceView.as_view(),
        name="api-workspace",
    ),
    *save_urls(SAVE_APIS),
    batch_url(SAVE_APIS),
    path(
        "assignments/<int:assignment_id>/submit/",
        assignments.SubmitView.as_view(),
        name="api-submit",
    ),
    path(
        "assignments/<int:assignment_id>/reveal/",
        assignments.RevealView.as_view(),
        name="api-reveal",
    ),
    path(
        "assignments/<int:assignment_id>/heartbeat/",
        assignments.HeartbeatView.as_view(),
        name="api-heartbeat",
    ),
    path("reviews/", review.ReviewQueueView.as_view(), name="api-review-queue"),
    path(
        "assignments/<int:assignment_id>/items/",
        review.ItemsView.as_view(),
        name="api-items",
    ),
    path("feedback/<int:feedback_id>/read/", assignments.FeedbackReadView.as_view()),
    path("feedback/<int:feedback_id>/replies/", feedback.FeedbackReplyView.as_view()),
    path(
        "admin/feedback/<int:feedback_id>/replies/read/",
        feedback.FeedbackRepliesReadView.as_view(),
    ),
]

urlpatterns += [
    path("admin/projects/", admin_projects.ProjectsView.as_view()),
    path("admin/project-options/", admin_projects.ProjectOptionsView.as_view()),
    path("admin/taxonomies/", admin_taxonomies.TaxonomiesView.as_view()),
    path("admin/taxonomies/<slug:slug>/", admin_taxonomies.TaxonomyView.as_view()),
    path("admin/taxonomies/<slug:slug>/draft/", admin_taxonomies.TaxonomyDraftView.as_view()),
    path("admin/taxonomies/<slug:slug>/publish/", admin_taxonomies.TaxonomyPublishView.as_view()),
    path("admin/projects/<slug:slug>/", admin_projects.ProjectView.as_view()),
    path("admin/projects/<slug:slug>/targets/", admin_projects.TargetsView.as_view()),
    path("admin/projects/<slug:slug>/guidelines/", admin_guidelines.GuidelineCreateView.as_view()),
    path(
        "admin/projects/<slug:slug>/guidelines/diff/", admin_guidelines.GuidelineDiffView.as_view()
    ),
    path(
        "admin/projects/<slug:slug>/guidelines/<int:version>/",
        admin_guidelines.GuidelineView.as_view(),
    ),
    path("admin/projects/<slug:slug>/rounds/", admin_rounds.RoundCreateView.as_view()),
    path(
        "admin/projects/<slug:slug>/agreement-history/",
        admin_agreement.AgreementHistoryView.as_view(),
    ),
    path("admin/projects/<slug:slug>/imports/", admin_imports.ImportCreateView.as_view()),
    path("admin/import-formats/", admin_imports.ImportFormatsView.as_view()),
    path("admin/projects/<slug:slug>/units/", admin_imports.UnitsView.as_view()),
    path(
        "admin/projects/<slug:slug>/units/<int:topic_id>/", admin_imports.CorpusUnitView.as_view()
    ),
    path("admin/projects/<slug:slug>/corpus/", admin_imports.CorpusView.as_view()),
    path("admin/rounds/<int:round_id>/open/", admin_rounds.RoundOpenView.as_view()),
    path("admin/rounds/<int:round_id>/close/", admin_rounds.RoundCloseView.as_view()),
    path("admin/rounds/<int:round_id>/progress/", admin_rounds.RoundProgressView.as_view()),
    path("admin/rounds/<int:round_id>/review/", review.RoundReviewView.as_view()),
    path("admin/rounds/<int:round_id>/quality/", quality.RoundQualityView.as_view()),
    path("admin/rounds/<int:round_id>/overlap/", overlap.RoundOverlapView.as_view()),
    path("admin/rounds/<int:round_id>/overlap/fill/", overlap.RoundOverlapFillView.as_view()),
    path("admin/rounds/<int:round_id>/selection/", selection.RoundSelectionView.as_view()),
    path("admin/projects/<slug:slug>/corpus-runs/", selection.CorpusRunOptionsView.as_view()),
    path(
        "admin/projects/<slug:slug>/adjudication/",
        adjudication_views.AdjudicationQueueView.as_view(),
    ),
    path(
        "admin/projects/<slug:slug>/adjudication/units/<int:topic_id>/",
        adjudication_views.AdjudicationOpenView.as_view(),
    ),
    path(
        "admin/adjudication/<int:assignment_id>/",
        adjudication_views.AdjudicationPayloadView.as_view(),
    ),
    path(
        "admin/adjudication/<int:assignment_id>/cases/",
        adjudication_views.CaseView.as_view(),
    ),
    path(
        "admin/history/<slug:kind>/<int:object_id>/",
        history_views.HistoryView.as_view(),
    ),
    path(
        "admin/projects/<slug:slug>/flagged-cases/",
        adjudication_views.FlaggedCasesView.as_view(),
    ),
    path("admin/projects/<slug:slug>/members/", admin_people.MembersView.as_view()),
    path("admin/projects/<slug:slug>/webhooks/", webhooks.WebhooksView.as_view()),
    path("admin/projects/<slug:slug>/webhooks/<int:webhook_id>/", webhooks.WebhookView.as_view()),
    path(
        "admin/projects/<slug:slug>/webhooks/<int:webhook_id>/deliveries/",
        webhooks.DeliveriesView.as_view(),
    ),
    path(
        "admin/projects/<slug:slug>/webhooks/<int:webhook_id>/deliveries/<int:delivery_id>/resend/",
        webhooks.ResendView.as_view(),
    ),
    path("admin/projects/<slug:slug>/members/<str:username>/", admin_people.MemberView.as_view()),
    path("admin/projects/<slug:slug>/invitations/", admin_people.InvitationsView.as_view()),
    path(
        "admin/projects/<slug:slug>/invitations/<int:invitation_id>/",
        admin_people.InvitationView.as_view(),
    ),
    path("admin/projects/<slug:slug>/people-history/", admin_people.PeopleHistoryView.as_view()),
    path(
        "admin/projects/<slug:slug>/members/<str:username>/resume/",
        quality.MemberResumeView.as_view(),
    ),
    path("admin/rounds/<int:round_id>/agreement/", admin_agreement.AgreementView.as_view()),
    path("admin/rounds/<int:round_id>/disagreements/", admin_agreement.DisagreementsView.as_view()),
    path(
        "admin/rounds/<int:round_id>/disagreements/<int:topic_id>/",
        admin_agreement.DisagreementUnitView.as_view(),
    ),
    path("admin/rounds/<int:round_id>/feedback/", admin_feedback.FeedbackCreateView.as_view()),
    path("admin/jobs/<int:job_id>/", admin_imports.JobView.as_view()),
    path("admin/jobs/<int:job_id>/retry/", queue.JobRetryView.as_view()),
    path("admin/jobs/<int:job_id>/cancel/", queue.JobCancelView.as_view()),
    path(
        "admin/assignments/<int:assignment_id>/reopen/",
        feedback.AssignmentReopenView.as_view(),
    ),
]

urlpatterns += [
    path("projects/<slug:slug>/releases/", releases.ProjectReleasesView.as_view()),
    path("projects/<slug:slug>/evaluator-runs/", corpus_runs.CorpusRunsView.as_view()),
    path("projects/<slug:slug>/judges/", judges.JudgesView.as_view()),
    path("projects/<slug:slug>/judges/recompute/", judges.JudgesRecomputeView.as_view()),
    path("releases/<int:release_id>/", releases.ReleaseView.as_view()),
    path("releases/<int:release_id>/download/", releases.ReleaseDownloadView.as_view()),
    path("releases/<int:release_id>/retry/", releases.ReleaseRetryView.as_view()),
    path("releases/<int:release_id>/cancel/", releases.ReleaseCancelView.as_view()),
    path("releases/<int:release_id>/evaluator-runs/", evaluators.EvaluatorRunsView.as_view()),
    path("releases/<int:release_id>/leaderboard/", evaluators.LeaderboardView.as_view()),
    path("releases/<int:release_id>/hard-units/", evaluators.HardUnitsView.as_view()),
    path("releases/<int:release_id>/analysis/", release_analysis.ReleaseAnalysisView.as_view()),
    path(
        "releases/<int:release_id>/analysis/<str:name>",
        release_analysis.ReleaseAnalysisFileView.as_view(),
    ),
    path(
        "releases/<int:release_id>/leaderboard.<str:table>",
        evaluators.LeaderboardTableView.as_view(),
    ),
]
