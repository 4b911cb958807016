"""Fuzz the whole API from its own OpenAPI schema (schemathesis, against a live server).

For each kind of caller (anonymous, a linguist, a reviewer, a researcher, an admin, and a
signed-in user with no membership), every operation gets generated requests, half of them with
the path parameters of real objects so they reach past the 404. Every answer must be no 5xx,
a status the operation documents, and a body that matches the documented schema.
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
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

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
CALLERS = ("anonymous", "linguist1", "reviewer", "researcher", "admin", "outsider")
CHECKS = (
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
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
    @hypothesis.given(case=operation.as_strategy(), use_real=st.booleans())
    def run(case: Any, use_real: bool) -> None:
        if use_real and case.path_parameters:
            case.path_parameters = {
                name: real.get(name, value) for name, value in case.path_parameters.items()
            }
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
        for caller, headers in callers.items():
            try:
                fuzz(operation, live_server.url, headers, real)()
            except Exception as failure:  # one entry per operation and caller, all reported
                first = str(failure).strip().splitlines()[:12]
                failures.append(f"{operation.label} as {caller}:\n    " + "\n    ".join(first))

    assert not failures, "\n".join(failures)
