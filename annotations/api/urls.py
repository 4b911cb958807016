from __future__ import annotations

from django.urls import path

from annotations.api import assignments
from annotations.api.me import MeView

urlpatterns = [
    path("me/", MeView.as_view(), name="api-me"),
    path("assignments/", assignments.QueueView.as_view(), name="api-queue"),
    path(
        "assignments/<int:assignment_id>/",
        assignments.WorkspaceView.as_view(),
        name="api-workspace",
    ),
    path(
        "assignments/<int:assignment_id>/sentences/<int:sentence_id>/",
        assignments.SentenceSaveView.as_view(),
        name="api-save-sentence",
    ),
    path(
        "assignments/<int:assignment_id>/summaries/<int:summary_id>/",
        assignments.SummarySaveView.as_view(),
        name="api-save-summary",
    ),
    path(
        "assignments/<int:assignment_id>/topic/",
        assignments.TopicSaveView.as_view(),
        name="api-save-topic",
    ),
    path(
        "assignments/<int:assignment_id>/submit/",
        assignments.SubmitView.as_view(),
        name="api-submit",
    ),
    path(
        "assignments/<int:assignment_id>/heartbeat/",
        assignments.HeartbeatView.as_view(),
        name="api-heartbeat",
    ),
    path("feedback/<int:feedback_id>/read/", assignments.FeedbackReadView.as_view()),
]
