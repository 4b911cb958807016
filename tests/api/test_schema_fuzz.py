"""Fuzz the whole API from its own OpenAPI schema (schemathesis, against a live server).

For each kind of caller (anonymous, a linguist, a reviewer, a researcher, an admin, and a
signed-in user with no membership), every operation gets generated requests, half of them with
the path parameters of real objects so they reach past the 404. Every answer must be no 5xx,
a status the operation documents, and a body that matches the documented schema.

Both ways: the requests are generated as valid from the schema, so none may be refused as
invalid (400, 413, 415, 422): a refusal means the schema documents a request the server does
not accept. The refusals that depend on stored data or state, which no schema can know (a
handle this unit lacks, a round already closed), are allowed per operation in ``REFUSALS``,
each by its status and code and with its reason; everything else is a failure.
"""

from __future__ import annotations

import os
from io import StringIO
from typing import Any

import hypothesis
import pytest
import schemathesis
from django.contrib.auth import get_user_model
from django.core.management import call_command
from hypothesis import HealthCheck, Phase
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from annotations.handles import encode
from annotations.kinds import BY_KEY
from annotations.models import Assignment, Feedback, Job, Project, Release, Round, Topic

pytestmark = [
    pytest.mark.fuzz,
    # serialized_rollback, as every transactional test here: a plain flush would leave the
    # next serialized-rollback test restoring content types that exist again.
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]

# Bounded: every operation and caller gets this many generated requests (FUZZ_EXAMPLES raises it
# for a longer local run). Derandomized, so CI runs the same requests every time.
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "10"))
# A part of an operation's label (FUZZ_ONLY="batch") fuzzes only those operations, for a quick
# local run after changing one view; CI leaves it unset.
ONLY = os.environ.get("FUZZ_ONLY", "")
CALLERS = ("anonymous", "linguist1", "reviewer", "researcher", "admin", "outsider")
# A refusal of a request for what it is, not for what it refers to. The state refusals are
# other statuses, documented for every operation (api/schema.py ALWAYS, WITH_BODY) and allowed
# by status_code_conformance: 403 (the caller's role, a submitted unit), 404 (a generated id,
# or an object that is not the caller's) and 409 (a stale version, a round not in the state
# asked, a release not failed).
REFUSED = frozenset({400, 413, 415, 422})
# A save (every PATCH of the API is one, annotations/api/saves.py) of the documented shape may
# name what the unit lacks: a handle of another assignment, offsets past the sentence's end, an
# error type of another taxonomy.
SAVE_REFUSALS = {(400, "invalid_judgement"): "it names what this unit does not have"}
# Operation -> (status, code) -> why a schema-valid request is refused there. "invalid", the
# code of a body of the wrong shape, is listed only for the three operations whose views also
# answer a data or conditional refusal with it (what is left of issue 27, section 5: a round's
# units required by its kind, a project's slug taken, lenient only for one format).
REFUSALS: dict[str, dict[tuple[int, str], str]] = {
    "POST /api/admin/projects/": {
        (400, "invalid"): "the slug is taken (earlier generated requests create projects), or a"
        " scheme switch needs another one on (require_evidence needs evidence)",
    },
    "POST /api/admin/projects/{slug}/rounds/": {
        (400, "invalid"): "annotators must be the project's members and a round of annotation"
        " needs units (the body's kind decides which fields apply)",
    },
    "POST /api/admin/projects/{slug}/imports/": {
        (400, "invalid"): "lenient applies to the circumstantial format only, and a file part"
        " must carry a file name",
    },
    "POST /api/admin/rounds/{round_id}/agreement/": {
        (400, "cannot_compare"): "?compare must name a round of the other evidence-hint setting",
    },
    "POST /api/admin/rounds/{round_id}/feedback/": {
        (400, "not_in_round"): "the annotator and sentence must be the round's",
    },
    "POST /api/projects/{slug}/releases/": {
        (400, "release_refused"): "the rounds must be the project's, its units labelled, and"
        " the version not yet published",
    },
}


@schemathesis.check
def schema_valid_is_accepted(ctx: Any, response: Any, case: Any) -> bool | None:
    """Positive conformance: a request generated as valid is not refused as invalid."""
    if response.status_code not in REFUSED:
        return None
    label = case.operation.label
    allowed = SAVE_REFUSALS if case.method.upper() == "PATCH" else REFUSALS.get(label, {})
    try:
        code = response.json().get("code", "")
    except ValueError:
        code = ""
    if (response.status_code, code) in allowed:
        return None
    raise AssertionError(
        f"a request valid by the schema was refused: {response.status_code} {code}:"
        f" {response.text[:300]}; body {case.body!r:.300}, query {case.query!r:.200}"
    )


CHECKS = (
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    schema_valid_is_accepted,
)


def real_objects() -> dict[str, Any]:
    """Path parameters that name existing objects, so generated requests reach the views."""
    project = Project.objects.get(slug="demo")
    assignment = Assignment.objects.filter(annotator__username="linguist1").first()
    assert assignment is not None
    summary = assignment.topic.summaries.first()
    assert summary is not None
    sentence = summary.sentences.first()
    return {
        "slug": project.slug,
        "round_id": Round.objects.filter(project=project).values_list("pk", flat=True)[0],
        "assignment_id": assignment.pk,
        "summary_id": summary.pk,
        "sentence_id": sentence.pk if sentence else 1,
        # The saves name sentences and summaries by the assignment's handles.
        "sentence": encode(assignment.pk, "sentence", sentence.pk) if sentence else "x",
        "summary": encode(assignment.pk, "summary", summary.pk),
        "topic_id": assignment.topic_id,
        "version": 1,
        "feedback_id": Feedback.objects.values_list("pk", flat=True).first() or 1,
        "job_id": Job.objects.values_list("pk", flat=True).first() or 1,
        "release_id": Release.objects.values_list("pk", flat=True).first() or 1,
    }


@pytest.fixture
def callers() -> dict[str, dict[str, str]]:
    call_command("load_demo", stdout=StringIO())
    get_user_model().objects.create_user("outsider", password="outsider-password-1")
    headers: dict[str, dict[str, str]] = {"anonymous": {}}
    for name in CALLERS[1:]:
        user = get_user_model().objects.get(username=name)
        token, _ = Token.objects.get_or_create(user=user)
        headers[name] = {"Authorization": f"Token {token.key}"}
    assert Topic.objects.exists()
    return headers


def fuzz(operation: Any, base_url: str, headers: dict[str, str], real: dict[str, Any]) -> Any:
    """The Hypothesis test of one operation for one caller."""

    @hypothesis.settings(
        max_examples=EXAMPLES,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @hypothesis.given(
        case=operation.as_strategy(generation_mode=GenerationMode.POSITIVE), use_real=st.booleans()
    )
    def run(case: Any, use_real: bool) -> None:
        if use_real and case.path_parameters:
            case.path_parameters = {
                name: real.get(name, value) for name, value in case.path_parameters.items()
            }
        if use_real and isinstance(case.body, dict) and isinstance(case.body.get("entries"), list):
            # A batch save names its targets in the body: the unit's real handles, so its
            # entries reach the save pipeline instead of stopping at an unknown handle.
            for entry in case.body["entries"]:
                if isinstance(entry, dict) and "handle" in entry and entry.get("kind") in BY_KEY:
                    entry["handle"] = real[BY_KEY[entry["kind"]].target]
        response = case.call(base_url=base_url, headers=headers, timeout=60)
        case.validate_response(response, checks=CHECKS)

    return run


def test_no_operation_fails_or_answers_outside_its_schema(
    live_server: Any, callers: dict[str, dict[str, str]]
) -> None:
    schema = schemathesis.openapi.from_url(f"{live_server.url}/api/schema/?format=json")
    real = real_objects()
    failures: list[str] = []

    for result in schema.get_all_operations():
        operation = result.ok()
        if ONLY and ONLY not in operation.label:
            continue
        for caller, headers in callers.items():
            try:
                fuzz(operation, live_server.url, headers, real)()
            # One entry per operation and caller, all reported (schemathesis raises its
            # failures as a BaseExceptionGroup, which `except Exception` lets through).
            except (Exception, BaseExceptionGroup) as failure:
                first = str(failure).strip().splitlines()[:12]
                failures.append(f"{operation.label} as {caller}:\n    " + "\n    ".join(first))

    assert not failures, "\n".join(failures)
