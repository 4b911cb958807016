"""A project's people managed in the app (docs/people.md): only its admins (and superusers)
add, change, pause and remove members and invite new people; every change is audited; the
last admin stays; an invitation link works once, until it expires or is revoked."""

from __future__ import annotations

import json
import logging
import re
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from annotations.models import (
    Assignment,
    AssignmentStatus,
    Invitation,
    Membership,
    PeopleChange,
    Project,
    Role,
    RoundStatus,
)
from annotations.services.people import token_hash
from annotations.services.rounds import round_assign_units
from tests.factories import (
    AssignmentFactory,
    CorpusFactory,
    DocumentFactory,
    GuidelineFactory,
    ProjectFactory,
    RoundFactory,
    TopicFactory,
    UserFactory,
)
from tests.people import signed_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def project() -> Project:
    project = ProjectFactory(slug="study")
    for name, role in (("ada", Role.ADMIN), ("lena", Role.ANNOTATOR)):
        Membership.objects.create(project=project, user=UserFactory(username=name), role=role)
    UserFactory(username="rita", email="rita@example.org")
    return project


@pytest.fixture
def ada(project: Project) -> Client:
    return signed_in("ada")


def url(tail: str = "") -> str:
    return f"/api/admin/projects/study/{tail}"


def send(client: Client, method: str, path: str, body: Any = None) -> Any:
    call = getattr(client, method)
    if body is None:
        return call(path)
    return call(path, json.dumps(body), content_type="application/json")


def roles(project: Project, username: str) -> set[str]:
    return set(
        Membership.objects.filter(project=project, user__username=username).values_list(
            "role", flat=True
        )
    )


def test_an_admin_lists_the_members_with_roles_and_pause_state(ada: Client) -> None:
    response = ada.get(url("members/"))

    assert response.status_code == 200
    assert [(m["username"], m["roles"], m["paused"]) for m in response.json()] == [
        ("ada", ["admin"], False),
        ("lena", ["annotator"], False),
    ]


def test_an_admin_adds_an_existing_account_by_email_and_it_is_audited(
    ada: Client, project: Project
) -> None:
    response = send(ada, "post", url("members/"), {"user": "RITA@example.org", "role": "reviewer"})

    assert response.status_code == 201, response.content
    assert response.json()["username"] == "rita"
    assert roles(project, "rita") == {"reviewer"}
    change = PeopleChange.objects.get(project=project)
    assert (change.action, change.actor_name, change.subject_name) == ("add", "ada", "rita")
    assert change.after == {"roles": ["reviewer"], "paused": False}
    history = ada.get(url("people-history/")).json()
    assert [(h["action"], h["actor"], h["subject"]) for h in history] == [("add", "ada", "rita")]


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"user": "nobody", "role": "annotator"}, "user", "invite them instead"),
        ({"user": "rita", "role": "boss"}, "role", "one of admin, annotator, reviewer, researcher"),
        ({"user": "lena", "role": "annotator"}, "role", "already has the role annotator"),
        ({"role": "annotator"}, "user", "required"),
    ],
)
def test_adding_refuses_with_the_field_named_and_changes_nothing(
    ada: Client, project: Project, body: dict[str, str], field: str, words: str
) -> None:
    before = Membership.objects.count()

    response = send(ada, "post", url("members/"), body)

    assert response.status_code == 400
    assert words in " ".join(response.json()["errors"][field])
    assert Membership.objects.count() == before
    assert not PeopleChange.objects.exists()


def test_a_deactivated_account_cannot_be_added(ada: Client) -> None:
    UserFactory(username="gone", is_active=False)

    response = send(ada, "post", url("members/"), {"user": "gone", "role": "annotator"})

    assert response.status_code == 400
    assert "deactivated" in response.json()["errors"]["user"][0]


def test_an_admin_changes_a_role_and_the_change_is_audited_before_and_after(
    ada: Client, project: Project
) -> None:
    response = send(ada, "patch", url("members/lena/"), {"roles": ["reviewer", "annotator"]})

    assert response.status_code == 200, response.content
    assert response.json()["roles"] == ["annotator", "reviewer"]
    response = send(ada, "patch", url("members/lena/"), {"roles": ["researcher"]})
    assert response.json()["roles"] == ["researcher"]
    assert roles(project, "lena") == {"researcher"}
    last = PeopleChange.objects.filter(project=project).first()
    assert last is not None
    assert (last.action, last.before, last.after) == (
        "roles",
        {"roles": ["annotator", "reviewer"], "paused": False},
        {"roles": ["researcher"], "paused": False},
    )


def test_the_last_admin_cannot_be_demoted_or_removed(ada: Client, project: Project) -> None:
    demoted = send(ada, "patch", url("members/ada/"), {"roles": ["annotator"]})
    removed = ada.delete(url("members/ada/"))

    assert demoted.status_code == 400
    assert demoted.json()["code"] == "last_admin"
    assert "last admin" in demoted.json()["errors"]["roles"][0]
    assert removed.status_code == 409
    assert removed.json()["code"] == "last_admin"
    assert roles(project, "ada") == {"admin"}
    # With a second admin, the first may step down.
    send(ada, "patch", url("members/lena/"), {"roles": ["admin"]})
    assert send(ada, "patch", url("members/ada/"), {"roles": ["annotator"]}).status_code == 200


def test_pausing_keeps_a_member_out_of_new_rounds_and_resuming_lets_them_back(
    ada: Client, project: Project
) -> None:
    paused = send(ada, "patch", url("members/lena/"), {"paused": True})
    assert paused.status_code == 200
    assert paused.json()["paused"] is True
    GuidelineFactory(project=project, version=1)  # the body names version 1
    topic = TopicFactory(document=DocumentFactory(corpus=CorpusFactory(project=project)))
    body = {
        "name": "Pilot",
        "kind": "pilot",
        "overlap": 1,
        "guideline_version": 1,
        "annotators": ["lena"],
        "units": {"topics": [topic.pk]},
    }

    refused = send(ada, "post", url("rounds/"), body)

    assert refused.status_code == 409
    assert "paused: lena" in " ".join(refused.json()["errors"]["annotators"])
    resumed = send(ada, "patch", url("members/lena/"), {"paused": False})
    assert resumed.json()["paused"] is False
    created = send(ada, "post", url("rounds/"), body)
    assert created.status_code == 201, created.json()
    actions = list(PeopleChange.objects.filter(project=project).values_list("action", flat=True))
    assert actions == ["resume", "pause"]


def test_a_removed_members_judgements_stay_attributed_to_them(
    ada: Client, project: Project
) -> None:
    lena = get_user_model().objects.get(username="lena")
    assignment = AssignmentFactory(
        round=RoundFactory(project=project), annotator=lena, status=AssignmentStatus.SUBMITTED
    )

    response = ada.delete(url("members/lena/"))

    assert response.status_code == 204
    assert not Membership.objects.filter(project=project, user=lena).exists()
    assert Assignment.objects.get(pk=assignment.pk).annotator_id == lena.pk
    change = PeopleChange.objects.get(project=project)
    assert (change.action, change.subject_name, change.before) == (
        "remove",
        "lena",
        {"roles": ["annotator"], "paused": False},
    )
    assert ada.delete(url("members/lena/")).status_code == 404


def test_removing_someone_releases_their_unstarted_units_for_the_round_to_reassign(
    ada: Client, project: Project
) -> None:
    lena = get_user_model().objects.get(username="lena")
    max_ = UserFactory(username="max")
    Membership.objects.create(project=project, user=max_, role=Role.ANNOTATOR)
    guideline = GuidelineFactory(project=project)
    open_round = RoundFactory(
        project=project, status=RoundStatus.OPEN, overlap=1, guideline_version=guideline
    )
    closed_round = RoundFactory(
        project=project, status=RoundStatus.CLOSED, overlap=1, guideline_version=guideline
    )
    mine = {
        status: AssignmentFactory(round=open_round, annotator=lena, status=status)
        for status in AssignmentStatus.values
    }
    unfinished_in_closed = AssignmentFactory(round=closed_round, annotator=lena)
    elsewhere = AssignmentFactory(annotator=lena)

    assert ada.delete(url("members/lena/")).status_code == 204

    kept = set(Assignment.objects.filter(annotator=lena).values_list("pk", flat=True))
    assert kept == {
        mine[AssignmentStatus.IN_PROGRESS].pk,
        mine[AssignmentStatus.SUBMITTED].pk,
        unfinished_in_closed.pk,
        elsewhere.pk,
    }
    released = mine[AssignmentStatus.ASSIGNED].topic_id
    # The round gives the released unit to someone else; lena keeps the ones she began.
    round_assign_units(
        round=open_round,
        topic_ids=[a.topic_id for a in mine.values()],
        annotators=[max_],
    )
    assert list(
        Assignment.objects.filter(round=open_round, annotator=max_).values_list(
            "topic_id", flat=True
        )
    ) == [released]
    change = PeopleChange.objects.get(project=project, action="remove")
    assert change.after == {"roles": [], "paused": False, "released_assignments": 1}
    history = ada.get(url("people-history/")).json()
    assert history[0]["after"]["released_assignments"] == 1


def test_a_removed_member_no_longer_finds_the_projects_work_in_their_queue(
    ada: Client, project: Project
) -> None:
    lena = get_user_model().objects.get(username="lena")
    round_ = RoundFactory(
        project=project, status="open", guideline_version=GuidelineFactory(project=project)
    )
    AssignmentFactory(round=round_, annotator=lena)
    queue = signed_in("lena")
    assert len(queue.get("/api/assignments/").json()["assignments"]) == 1

    ada.delete(url("members/lena/"))

    assert queue.get("/api/assignments/").json()["assignments"] == []


def test_only_the_projects_admins_and_superusers_manage_its_people(project: Project) -> None:
    lena = signed_in("lena")
    outsider_admin = UserFactory(username="otto")
    Membership.objects.create(
        project=ProjectFactory(slug="other"), user=outsider_admin, role="admin"
    )
    UserFactory(username="root", is_superuser=True, is_staff=True)

    for client in (lena, signed_in("otto")):
        assert client.get(url("members/")).status_code == 404
        assert send(client, "post", url("invitations/"), {"role": "admin"}).status_code == 404
        assert client.delete(url("members/lena/")).status_code == 404
    assert Client().get(url("members/")).status_code == 403
    root = signed_in("root")
    assert send(root, "post", url("members/"), {"user": "rita", "role": "admin"}).status_code == 201
    assert roles(project, "lena") == {"annotator"}


def token_of(link: str) -> str:
    found = re.search(r"/accounts/invitations/([^/]+)/$", link)
    assert found, link
    return found.group(1)


def test_an_invitation_is_a_one_time_link_kept_only_as_a_hash(
    ada: Client, project: Project
) -> None:
    response = send(ada, "post", url("invitations/"), {"role": "annotator", "email": "n@x.org"})

    assert response.status_code == 201, response.content
    body = response.json()
    token = token_of(body["link"])
    invitation = Invitation.objects.get(pk=body["id"])
    assert invitation.token_hash == token_hash(token)
    assert token not in json.dumps(
        list(Invitation.objects.values()), default=str
    )  # never stored in clear
    assert timedelta(days=6.9) < invitation.expires_at - timezone.now() < timedelta(days=7.1)
    pending = ada.get(url("invitations/")).json()
    assert [(p["id"], p["role"], p["email"], "link" in p) for p in pending] == [
        (invitation.pk, "annotator", "n@x.org", False)
    ]
    assert PeopleChange.objects.get(project=project).action == "invite"


def test_the_invitee_sets_a_password_joins_with_the_role_and_is_signed_in(
    ada: Client, project: Project, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="annotations.requests")
    link = send(ada, "post", url("invitations/"), {"role": "reviewer"}).json()["link"]
    invitee = Client()
    page = invitee.get(link)
    assert page.status_code == 200
    assert "as <strong>reviewer</strong>" in page.content.decode()

    weak = invitee.post(link, {"username": "nina", "password1": "123", "password2": "123"})
    assert weak.status_code == 200
    assert "too short" in weak.content.decode()
    assert not get_user_model().objects.filter(username="nina").exists()
    joined = invitee.post(
        link,
        {"username": "nina", "password1": "a-long river 77", "password2": "a-long river 77"},
    )

    assert joined.status_code == 302
    assert roles(project, "nina") == {"reviewer"}
    assert invitee.get("/api/me/").json()["username"] == "nina"
    accept = PeopleChange.objects.filter(project=project).first()
    assert accept is not None
    assert (accept.action, accept.actor_name, accept.subject_name) == ("accept", "nina", "nina")
    assert ada.get(url("invitations/")).json() == []
    # The request log names the page, never the token that opens it.
    assert "/accounts/invitations/…" in caplog.text
    assert token_of(link) not in caplog.text
    again = Client().get(link)
    assert again.status_code == 410
    assert "already used" in again.content.decode()


def test_expired_revoked_and_unknown_links_are_refused_with_what_to_do(
    ada: Client, project: Project
) -> None:
    expired_link = send(ada, "post", url("invitations/"), {"role": "annotator"}).json()["link"]
    Invitation.objects.update(expires_at=timezone.now() - timedelta(minutes=1))
    revoked = send(ada, "post", url("invitations/"), {"role": "annotator"}).json()
    assert ada.delete(url(f"invitations/{revoked['id']}/")).status_code == 204
    assert ada.delete(url(f"invitations/{revoked['id']}/")).status_code == 409
    users = get_user_model().objects.count()

    for link, words, status in (
        (expired_link, "expired", 410),
        (revoked["link"], "revoked", 410),
        (expired_link[:-6] + "x/", "not valid", 404),
    ):
        shown = Client().get(link)
        posted = Client().post(
            link, {"username": "z", "password1": "a-long river 77", "password2": "a-long river 77"}
        )
        assert (shown.status_code, posted.status_code) == (status, status)
        assert words in shown.content.decode()
        assert "project admin" in shown.content.decode()
    assert get_user_model().objects.count() == users
    assert ada.get(url("invitations/")).json() == []
    assert list(PeopleChange.objects.values_list("action", flat=True)) == [
        "revoke",
        "invite",
        "invite",
    ]


def test_an_invitation_for_a_bad_role_names_the_allowed_ones(ada: Client) -> None:
    response = send(ada, "post", url("invitations/"), {"role": "owner", "email": "not-an-email"})

    assert response.status_code == 400
    errors = response.json()["errors"]
    assert "one of admin, annotator, reviewer, researcher" in errors["role"][0]
    assert "email" in errors
    assert not Invitation.objects.exists()


def test_the_member_list_costs_the_same_queries_whatever_its_size(
    ada: Client, project: Project, django_assert_max_num_queries: Any
) -> None:
    for _ in range(30):
        Membership.objects.create(project=project, user=UserFactory(), role=Role.ANNOTATOR)

    with django_assert_max_num_queries(6):
        assert len(ada.get(url("members/")).json()) == 32


def test_the_invitation_page_refuses_a_taken_username_and_keeps_the_link_usable(
    ada: Client, project: Project
) -> None:
    link = send(ada, "post", url("invitations/"), {"role": "annotator"}).json()["link"]

    taken = Client().post(
        link, {"username": "LENA", "password1": "a-long river 77", "password2": "a-long river 77"}
    )

    assert taken.status_code == 200
    assert "already exists" in taken.content.decode()
    assert Invitation.objects.get().accepted_at is None
    assert roles(project, "lena") == {"annotator"}


def test_a_paused_reviewer_keeps_started_reviews_and_waits_for_the_rest(
    ada: Client, project: Project
) -> None:
    rita = get_user_model().objects.get(username="rita")
    Membership.objects.create(project=project, user=rita, role=Role.REVIEWER)
    round_ = RoundFactory(
        project=project,
        kind="review",
        status="open",
        guideline_version=GuidelineFactory(project=project),
    )
    AssignmentFactory(round=round_, annotator=rita, stage="review", status="in_progress")
    AssignmentFactory(round=round_, annotator=rita, stage="review")
    reviews = signed_in("rita")
    assert len(reviews.get("/api/reviews/").json()["assignments"]) == 2

    send(ada, "patch", url("members/rita/"), {"paused": True})

    assert [a["status"] for a in reviews.get("/api/reviews/").json()["assignments"]] == [
        "in_progress"
    ]
