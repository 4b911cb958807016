"""Fuzz the whole API from its own OpenAPI schema (schemathesis, against a live server).

For each kind of caller (anonymous, a linguist, a reviewer, a researcher, an admin, and a
signed-in user with no membership), every operation gets generated requests, three in four with
the path parameters of real objects so they reach past the 404. Every answer must be no 5xx,
a status the operation documents, and a body that matches the documented schema.

The real objects are seeded for the run (tests/api/fuzz_objects.py): a published release built
by the release service, an evaluator's runs, a finished job, feedback with a reply, an
adjudication assignment, review, error-typing and explanation rounds, and for every save kind
an assignment of its kind with its handles (the caller's own when it has one), with the body
fields that must name real objects too (a case's target, feedback's annotator). Each operation
must be reached: some generated request gets an answer other than 400, 401, 403, 404, 413, 415
or 422, unless it is listed in ``UNREACHABLE`` with why; the count per operation is printed.

Both ways: the requests are generated as valid from the schema, so none may be refused as
invalid (400, 413, 415, 422): a refusal means the schema documents a request the server does
not accept. The refusals that depend on stored data or state, which no schema can know (a
handle this unit lacks, a round already closed), are allowed per operation in ``REFUSALS``,
each by its status and code and with its reason; everything else is a failure.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from io import StringIO
from pathlib import Path
from typing import Any

import hypothesis
import pytest
import requests
import schemathesis
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.utils.crypto import get_random_string
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

from annotations.models import Topic
from tests.api.fuzz_objects import DROP, seed

pytestmark = [
    pytest.mark.fuzz,
    pytest.mark.long,
    # serialized_rollback, as every transactional test here: a plain flush would leave the
    # next serialized-rollback test restoring content types that exist again.
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]

# Bounded: every operation and caller gets this many generated requests (FUZZ_EXAMPLES raises it
# for a longer local run). Derandomized, so CI runs the same requests every time.
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "10"))
# FUZZ_ONLY=text fuzzes only the operations whose label ("PATCH /api/...") contains it.
ONLY = os.environ.get("FUZZ_ONLY", "")
CALLERS = ("anonymous", "linguist1", "reviewer", "researcher", "admin", "outsider")
# Every caller above signs in with a token; these operations take a browser session only (a
# token cannot make a token, docs/api/tokens.md), so they also get this caller: linguist1
# signed in with a session cookie and the CSRF token a browser would send.
SESSION_CALLER = "linguist1 (session)"
SESSION_OPERATIONS = frozenset({"POST /api/me/tokens/"})
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
# code of a body of the wrong shape, is never listed: what only stored data decides about a
# new round or project (its people, units or name; a slug taken) is a 409, which every
# operation with a body documents.
REFUSALS: dict[str, dict[tuple[int, str], str]] = {
    "POST /api/admin/rounds/{round_id}/agreement/": {
        (400, "cannot_compare"): "?compare must name a round of the other evidence-hint setting",
    },
    "PUT /api/admin/adjudication/{assignment_id}/cases/": {
        (400, "invalid_judgement"): "the target must be a handle of the unit, of the kind"
        " (sentence, summary, none) its question is about",
    },
    "POST /api/admin/rounds/{round_id}/feedback/": {
        (400, "not_in_round"): "the annotator and sentence must be the round's",
    },
    "POST /api/admin/projects/{slug}/members/": {
        (400, "invalid"): "the user must name an existing account without that role yet",
    },
    "POST /api/admin/projects/{slug}/invitations/": {
        (400, "invalid"): "Django's email validator refuses some addresses the schema's email"
        " format allows (quoted local parts, IP-literal domains)",
    },
    "PUT /api/admin/taxonomies/{slug}/draft/": {
        (400, "draft_refused"): "a type's group must be another type of the draft, one level"
        " deep; codes and names unique; a crosswalk target a unified leaf",
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
    if (response.status_code, refusal_code(response)) in allowed:
        return None
    raise AssertionError(
        "a request valid by the schema was refused:"
        f" {response.status_code} {refusal_code(response)}:"
        f" {response.text[:300]}; body {case.body!r:.300}, query {case.query!r:.200}"
    )


# A request reached past validation when its answer is none of these: not refused for what it
# is (400, 413, 415, 422), for who sends it (401, 403) or for what it names (404).
NOT_REACHED = frozenset({400, 401, 403, 404, 413, 415, 422})
# Operation label -> the statuses of its generated requests, over all callers.
SEEN: dict[str, Counter[int]] = {}
# Operation label -> "caller status code" of its refused requests, to say why one is unreached.
REFUSED_AS: dict[str, Counter[str]] = {}
# The operations no generated request can reach past validation, and why.
UNREACHABLE: dict[str, str] = {}
# Operations that change or consume what they name, sent only to their own seeded objects
# (tests/api/fuzz_objects.py): a generated id is a small number, often an object every other
# operation uses (round 1 is the demo's pilot, which a close would make read-only).
PINNED = {
    "POST /api/admin/rounds/{round_id}/close/": "closes the round",
    "POST /api/admin/rounds/{round_id}/open/": "opens a draft round",
    "POST /api/admin/rounds/{round_id}/agreement/": "closes the round when asked to",
    "POST /api/assignments/{assignment_id}/submit/": "makes the assignment read-only",
    "POST /api/admin/assignments/{assignment_id}/reopen/": "reopens a submitted assignment",
    "POST /api/admin/projects/{slug}/members/": "gives an account a role",
    "PATCH /api/admin/projects/{slug}/members/{username}/": "changes roles and pauses",
    "DELETE /api/admin/projects/{slug}/members/{username}/": "removes a member",
    "DELETE /api/admin/projects/{slug}/invitations/{invitation_id}/": "revokes an invitation",
    # A fill deletes stalled assignments (ids other operations are sent) and makes new ones.
    "PUT /api/admin/rounds/{round_id}/overlap/": "turns on the automatic fill, which fills",
    "POST /api/admin/rounds/{round_id}/overlap/fill/": "gives units to other linguists",
}


def reached_count(statuses: Counter[int]) -> int:
    return sum(n for status, n in statuses.items() if status not in NOT_REACHED)


CHECKS = (
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    schema_valid_is_accepted,
)


@pytest.fixture
def callers(settings: Any, tmp_path: Path) -> dict[str, dict[str, str]]:
    settings.MEDIA_ROOT = tmp_path / "media"
    call_command("load_demo", stdout=StringIO())
    get_user_model().objects.create_user("outsider", password="outsider-password-1")
    headers: dict[str, dict[str, str]] = {"anonymous": {}}
    for name in CALLERS[1:]:
        user = get_user_model().objects.get(username=name)
        token, _ = Token.objects.get_or_create(user=user)
        headers[name] = {"Authorization": f"Token {token.key}"}
    browser = Client()
    browser.force_login(get_user_model().objects.get(username="linguist1"))
    csrf = get_random_string(32)
    session = browser.cookies[settings.SESSION_COOKIE_NAME].value
    headers[SESSION_CALLER] = {
        "Cookie": f"{settings.SESSION_COOKIE_NAME}={session}; {settings.CSRF_COOKIE_NAME}={csrf}",
        "X-CSRFToken": csrf,
    }
    assert Topic.objects.exists()
    return headers


def path_choice(label: str, real: list[dict[str, Any]]) -> st.SearchStrategy[Any]:
    """None (the generated path parameters) or, three times in four, one of the real ones."""
    if not real:
        return st.none()
    if label in PINNED:
        return st.sampled_from(real)
    # Three in four: the schema's values are drawn anew in every process (schemathesis's
    # strategies are not stable across runs), and a real object's request can still be
    # refused for its generated query or body. The real objects come first: Hypothesis starts
    # from the simplest example, the first branch's, so the first requests name them.
    some = st.sampled_from(real)
    return st.one_of(some, some, some, st.none())


def refusal_code(response: Any) -> str:
    try:
        body = response.json()
    except ValueError:
        return ""
    return str(body.get("code", "")) if isinstance(body, dict) else ""


def fuzz(
    operation: Any,
    base_url: str,
    caller: str,
    headers: dict[str, str],
    real: list[dict[str, Any]],
) -> Any:
    """The Hypothesis test of one operation for one caller: most of its requests name real
    objects (``real``, the operation's path parameters of seeded objects, with the body
    fields that must name real objects too), all of them for the operations in ``PINNED``."""

    @hypothesis.settings(
        max_examples=EXAMPLES,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @hypothesis.given(
        case=operation.as_strategy(generation_mode=GenerationMode.POSITIVE),
        chosen=path_choice(operation.label, real),
    )
    def run(case: Any, chosen: dict[str, Any] | None) -> None:
        if chosen:
            # Real path parameters, and the body fields and query parameters that must name
            # real objects with them.
            chosen = dict(chosen)
            body = chosen.pop("body", None)
            query = chosen.pop("query", None)
            if query:
                case.query = {**(case.query or {}), **query}
            case.path_parameters = {**(case.path_parameters or {}), **chosen}
            if body and isinstance(case.body, dict):
                merged = {**case.body, **body}
                case.body = {name: value for name, value in merged.items() if value != DROP}
        response = case.call(base_url=base_url, headers=headers, timeout=60)
        SEEN.setdefault(operation.label, Counter())[response.status_code] += 1
        if response.status_code in NOT_REACHED and caller != "anonymous":
            REFUSED_AS.setdefault(operation.label, Counter())[
                f"{caller} {response.status_code} {refusal_code(response)}"
            ] += 1
        case.validate_response(response, checks=CHECKS)

    return run


# The operations in SHARDS tests, each on a demo seeded afresh (about 12 s), with every SHARDS-th
# operation of the schema: one test of all of them took five minutes and, transactional, could
# start only in the second half of a parallel run, then ran there alone (docs/testing.md).
SHARDS = 4


@pytest.mark.parametrize("shard", range(SHARDS))
def test_no_operation_fails_or_answers_outside_its_schema(
    live_server: Any, callers: dict[str, dict[str, str]], shard: int
) -> None:
    raw = requests.get(f"{live_server.url}/api/schema/?format=json", timeout=60).json()
    schema = schemathesis.openapi.from_dict(raw)
    seeded = seed()
    failures: list[str] = []
    labels = []
    SEEN.clear()
    REFUSED_AS.clear()

    every = [result.ok().label for result in schema.get_all_operations()]
    for index, result in enumerate(schema.get_all_operations()):
        operation = result.ok()
        if ONLY not in operation.label or index % SHARDS != shard:
            continue
        labels.append(operation.label)
        names = re.findall(r"{(\w+)}", operation.path)
        for caller, headers in callers.items():
            if caller == SESSION_CALLER and operation.label not in SESSION_OPERATIONS:
                continue
            real = seeded.choices(operation.label, names, caller) if names else []
            try:
                fuzz(operation, live_server.url, caller, headers, real)()
            # One entry per operation and caller, all reported (schemathesis raises its
            # failures as a BaseExceptionGroup, which `except Exception` lets through).
            except (Exception, BaseExceptionGroup) as failure:
                first = str(failure).strip().splitlines()[:12]
                failures.append(f"{operation.label} as {caller}:\n    " + "\n    ".join(first))

    # Every operation is exercised past its refusals: some generated request of it got an
    # answer other than 400, 401, 403, 404, 413, 415 or 422, unless it is exempt, with why.
    reached = {label: reached_count(SEEN.get(label, Counter())) for label in labels}
    failures += [
        f"{label}: no generated request got past validation (statuses"
        f" {dict(SEEN.get(label, {}))}; refused as {dict(REFUSED_AS.get(label, {}))})"
        for label in labels
        if not reached[label] and label not in UNREACHABLE
    ]
    failures += [
        f"{label}: listed as unreachable, but it is reached or gone"
        for label in UNREACHABLE
        if ONLY in label and (reached.get(label, 0) or (shard == 0 and label not in every))
    ]
    print(f"\n{sum(map(bool, reached.values()))} of {len(labels)} operations reached:")
    for label in labels:
        print(f"  {reached[label]:4d} {label} {dict(SEEN.get(label, {}))}")
        if os.environ.get("FUZZ_REFUSALS"):
            print(f"       refused as {dict(REFUSED_AS.get(label, {}))}")
    assert not failures, "\n".join(failures)
