"""Adding a judgement kind takes one spec, one serializer and one frontend module
(docs/kinds.md, "Adding a kind"). This test adds a per-summary confidence rating, for this
test only: its model (a table made here, as a migration would), its spec and its input
serializer. Nothing else is written, yet it is saved through the one pipeline (versioned,
audited, refused when stale or invalid), read back in the workspace payload, counted in the
queue's progress and asked for by submit. The frontend half is kinds/newKind.test.ts."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from django.db import connection, models
from django.test import Client
from django.test.utils import isolate_apps
from django.urls import include, path
from rest_framework import serializers

from annotations.api.saves import SaveApi, SaveInput, save_urls
from annotations.handles import encode
from annotations.kinds import Kind, registered
from annotations.models import Assignment, JudgementChange, Project, Summary
from tests.people import LINGUIST, signed_in

with isolate_apps("annotations"):

    class SummaryConfidence(models.Model):
        """What the kind stores: the usual judgement columns and one scalar."""

        assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="+")
        summary = models.ForeignKey(Summary, on_delete=models.CASCADE, related_name="+")
        confidence = models.PositiveSmallIntegerField(null=True)
        version = models.PositiveIntegerField(default=1)
        updated_at = models.DateTimeField(auto_now=True)

        class Meta:
            app_label = "annotations"
            db_table = "test_summary_confidence"

        def __str__(self) -> str:
            return f"{self.summary_id}: {self.confidence}"


def confidence_missing(state: Mapping[str, Any] | None, scheme: Mapping[str, bool]) -> list[str]:
    return [] if state is not None and state["confidence"] is not None else ["confidence"]


# 1. The spec.
SUMMARY_CONFIDENCE = Kind(
    key="summary_confidence",
    payload_key="summary_confidences",
    model=SummaryConfidence,
    target="summary",
    scalars=("confidence",),
    asked_by=("confidence",),
    missing=confidence_missing,
    messages={"confidence": "say how sure you are of this summary."},
)


# 2. The serializer.
class SummaryConfidenceInput(SaveInput):
    confidence = serializers.IntegerField(min_value=1, max_value=3, allow_null=True)


# Its URL comes from the same generator as the registered kinds' (the project's urls.py
# lists SAVE_APIS; this test's URL conf adds the new one in front of them).
urlpatterns = [
    path("api/", include(save_urls([SaveApi(SUMMARY_CONFIDENCE, SummaryConfidenceInput, "")]))),
    path("", include("annotation_site.urls")),
]

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


@pytest.fixture
def new_kind(settings: Any, demo: Project) -> Iterator[Assignment]:
    """The kind's table, the kind registered and routed, the demo project asking for it;
    the linguist's first assignment."""
    with connection.schema_editor() as editor:
        editor.create_model(SummaryConfidence)
    settings.ROOT_URLCONF = __name__
    Project.objects.filter(pk=demo.pk).update(ask_confidence=True)
    try:
        with registered(SUMMARY_CONFIDENCE):
            yield Assignment.objects.filter(annotator__username=LINGUIST).order_by("id").first()
    finally:
        with connection.schema_editor() as editor:
            editor.delete_model(SummaryConfidence)


def confidence_url(assignment: Assignment, summary: Summary) -> str:
    handle = encode(assignment.pk, "summary", summary.pk)
    return f"/api/assignments/{assignment.pk}/summary_confidences/{handle}/"


def patch(client: Client, url: str, body: dict[str, Any]) -> Any:
    return client.patch(url, json.dumps(body), content_type="application/json")


def test_a_kind_added_as_a_spec_and_a_serializer_is_saved_read_and_required(
    new_kind: Assignment,
) -> None:
    assignment = new_kind
    client = signed_in(LINGUIST)
    summaries = list(Summary.objects.filter(topic_id=assignment.topic_id).order_by("id"))
    url = confidence_url(assignment, summaries[0])
    handle = url.rstrip("/").rsplit("/", 1)[1]

    # Saved through the pipeline: created, then updated from the version it edits.
    first = patch(client, url, {"confidence": 2, "version": 0})
    assert first.status_code == 200, first.content
    assert first.json() == {"summary": handle, "confidence": 2, "version": 1}
    second = patch(client, url, {"confidence": 3, "version": 1})
    assert second.json() == {"summary": handle, "confidence": 3, "version": 2}

    # Stale and invalid saves are refused in the envelope and change nothing.
    stale = patch(client, url, {"confidence": 1, "version": 1})
    assert stale.status_code == 409
    assert stale.json()["current"] == {"summary": handle, "confidence": 3, "version": 2}
    invalid = patch(client, url, {"confidence": 4, "version": 2})
    assert invalid.status_code == 400
    assert "confidence" in invalid.json()["errors"]
    assert SummaryConfidence.objects.get().confidence == 3

    # Audited like every kind: one row per save, with the state before and after.
    changes = JudgementChange.objects.filter(kind="summaryconfidence").order_by("id")
    assert [(c.before, c.after) for c in changes] == [
        (None, {"summary": summaries[0].pk, "confidence": 2, "version": 1}),
        (
            {"summary": summaries[0].pk, "confidence": 2, "version": 1},
            {"summary": summaries[0].pk, "confidence": 3, "version": 2},
        ),
    ]

    # Read back in the payload under its key, by handle.
    payload = client.get(f"/api/assignments/{assignment.pk}/").json()
    assert payload["judgements"]["summary_confidences"] == [
        {"summary": handle, "confidence": 3, "version": 2}
    ]

    # Counted in the queue's progress: one of this unit's summaries is rated.
    entry = next(
        e for e in client.get("/api/assignments/").json()["assignments"] if e["id"] == assignment.pk
    )
    assert entry["progress"]["done"] == 1

    # Asked for by submit, for every summary not yet rated, in the linguist's words.
    refused = client.post(f"/api/assignments/{assignment.pk}/submit/")
    assert refused.status_code == 400
    asked = [m for m in refused.json()["missing"] if m["item"] == "confidence"]
    assert len(asked) == len(summaries) - 1
    assert asked[0]["message"].endswith("say how sure you are of this summary.")


def test_without_the_scheme_switch_the_kind_is_not_asked_for(new_kind: Assignment) -> None:
    Project.objects.filter(memberships__user__username=LINGUIST).update(ask_confidence=False)
    refused = signed_in(LINGUIST).post(f"/api/assignments/{new_kind.pk}/submit/")
    assert refused.status_code == 400
    assert not [m for m in refused.json()["missing"] if m["item"] == "confidence"]
