"""Keeping exact overlap when people change (services/overlap.py, docs/rounds.md "Keeping the
overlap"): a pause or a removal leaves units short, the admin sees them and fills them (or the
round fills them at once), each unit going only to annotators who have not seen it; every fill
is audited; concurrent fills on PostgreSQL never give a unit to more than k people."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client

from annotations.models import (
    Assignment,
    AssignmentStatus,
    JudgementChange,
    Membership,
    PeopleChange,
    Role,
    Round,
    RoundStatus,
)
from annotations.services.overlap import overlap_fill, overlap_state
from annotations.services.people import member_remove, member_update
from tests.concurrency import race
from tests.factories import (
    GuidelineFactory,
    ProjectFactory,
    RoundFactory,
    TopicFactory,
    UserFactory,
)
from tests.people import signed_in

PEOPLE = ["ana", "ben", "cem", "dia", "eli"]


def study(*, auto: bool = False) -> tuple[Round, list[Any], list[Any]]:
    """An open pilot (overlap 2) of five units and five annotators, and ada its admin:

    unit 0, 1: ana, ben;  unit 2, 3: cem, dia;  unit 4: eli, dia.
    """
    project = ProjectFactory(slug="overlap")
    admin = UserFactory(username="ada")
    Membership.objects.create(project=project, user=admin, role=Role.ADMIN)
    people = [UserFactory(username=name) for name in PEOPLE]
    for person in people:
        Membership.objects.create(project=project, user=person, role=Role.ANNOTATOR)
    round_ = RoundFactory(
        project=project,
        status=RoundStatus.OPEN,
        auto_reassign=auto,
        guideline_version=GuidelineFactory(project=project),
    )
    topics = [TopicFactory() for _ in range(5)]
    pairs = {0: (0, 1), 1: (0, 1), 2: (2, 3), 3: (2, 3), 4: (4, 3)}
    for unit, pair in pairs.items():
        for person in pair:
            Assignment.objects.create(round=round_, topic=topics[unit], annotator=people[person])
    return round_, people, topics


def holders(round_: Round) -> Counter[int]:
    return Counter(Assignment.objects.filter(round=round_).values_list("topic_id", flat=True))


def start(assignment: Assignment) -> None:
    JudgementChange.objects.create(assignment=assignment, kind="sentence", action="create")
    Assignment.objects.filter(pk=assignment.pk).update(status=AssignmentStatus.IN_PROGRESS)


@pytest.mark.django_db
def test_a_pause_leaves_units_short_and_a_fill_gives_them_to_people_who_have_not_seen_them() -> (
    None
):
    round_, people, topics = study()
    ana, ben, _, _, eli = people
    admin = get_user_model().objects.get(username="ada")
    # Ana started unit 0 before she was paused: her labels there will exist.
    start(Assignment.objects.get(round=round_, topic=topics[0], annotator=ana))
    assert overlap_state(round_).short == []

    member_update(project=round_.project, actor=admin, username="ana", paused=True)
    state = overlap_state(round_)
    assert [(u.topic_id, u.holders, u.missing) for u in state.short] == [(topics[1].pk, 1, 1)]
    assert state.candidates == 4  # ben, cem, dia, eli

    result = overlap_fill(round_=round_, actor=admin)
    assert (result.units, result.assignments, result.released) == (1, 1, 1)
    assert result.unfillable == []
    assert holders(round_) == {t.pk: 2 for t in topics}
    # Of those who had not seen unit 1 (cem: 2 units, dia: 3, eli: 1), the least loaded.
    given = Assignment.objects.filter(round=round_, topic=topics[1]).exclude(annotator=ben).get()
    assert given.annotator == eli
    # Ana's unstarted unit 1 was released; her started unit 0 stays hers.
    assert not Assignment.objects.filter(round=round_, topic=topics[1], annotator=ana).exists()
    assert Assignment.objects.filter(round=round_, topic=topics[0], annotator=ana).exists()
    change = PeopleChange.objects.get(action="reassign")
    assert change.actor_name == "ada"
    assert change.after["assignments"] == 1
    assert change.after["automatic"] is False
    assert change.after["short_units"] == [topics[1].pk]


@pytest.mark.django_db
def test_a_unit_everyone_active_has_seen_stays_short_keeps_its_holder_and_is_named() -> None:
    round_, _, topics = study()
    admin = get_user_model().objects.get(username="ada")
    # Ben and dia stay active: each short unit goes to whichever of them has not seen it.
    for name in ("ana", "cem", "eli"):
        member_update(project=round_.project, actor=admin, username=name, paused=True)
    result = overlap_fill(round_=round_, actor=admin)
    assert (result.units, result.assignments, result.released) == (5, 5, 5)
    assert holders(round_) == {t.pk: 2 for t in topics}
    # Now dia is paused too: ben alone cannot make a pair with anyone new.
    member_update(project=round_.project, actor=admin, username="dia", paused=True)
    before = set(Assignment.objects.filter(round=round_).values_list("pk", flat=True))
    result = overlap_fill(round_=round_, actor=admin)
    assert sorted(result.unfillable) == sorted(t.pk for t in topics)
    assert (result.units, result.assignments, result.released) == (0, 0, 0)
    # Dia's assignments stay: resuming her is still a way to finish the units.
    assert set(Assignment.objects.filter(round=round_).values_list("pk", flat=True)) == before
    assert len(overlap_state(round_).short) == 5


@pytest.mark.django_db
def test_a_round_with_automatic_fill_refills_on_removal_and_on_pause() -> None:
    round_, _, topics = study(auto=True)
    admin = get_user_model().objects.get(username="ada")
    member_remove(project=round_.project, actor=admin, username="ana")
    assert holders(round_) == {t.pk: 2 for t in topics}
    member_update(project=round_.project, actor=admin, username="cem", paused=True)
    assert holders(round_) == {t.pk: 2 for t in topics}
    active = set(
        Membership.objects.filter(role=Role.ANNOTATOR, paused_at__isnull=True).values_list(
            "user__username", flat=True
        )
    )
    assert (
        set(Assignment.objects.filter(round=round_).values_list("annotator__username", flat=True))
        <= active
    )
    assert PeopleChange.objects.filter(action="reassign", actor_name="").count() == 2


@pytest.mark.django_db
def test_the_admin_sees_short_units_turns_on_the_automatic_fill_and_others_are_refused(
    client: Client,
) -> None:
    round_, _, topics = study()
    admin = get_user_model().objects.get(username="ada")
    member_update(project=round_.project, actor=admin, username="ana", paused=True)
    url = f"/api/admin/rounds/{round_.pk}/overlap/"
    signed_in("ana", client)
    assert client.get(url).status_code == 404
    signed_in("ada", client)
    body = client.get(url).json()
    assert body["overlap"] == 2
    assert body["auto_reassign"] is False
    assert [(u["topic"], u["missing"], u["stalled"]) for u in body["short_units"]] == [
        (topics[0].pk, 1, 1),
        (topics[1].pk, 1, 1),
    ]
    assert body["short_units"][0]["document"]
    bad = client.put(url, json.dumps({"auto_reassign": "maybe"}), content_type="application/json")
    assert bad.status_code == 400
    assert "auto_reassign" in bad.json()["errors"]
    turned = client.put(url, json.dumps({"auto_reassign": True}), content_type="application/json")
    assert turned.status_code == 200
    assert turned.json()["short_units"] == []
    assert holders(round_) == {t.pk: 2 for t in topics}
    history = client.get(f"/api/admin/projects/{round_.project.slug}/people-history/")
    assert history.status_code == 200, history.content
    (reassigned,) = [c for c in history.json() if c["action"] == "reassign"]
    assert reassigned["after"]["round"] == round_.name
    assert reassigned["after"]["assignments"] == 2
    assert reassigned["after"]["automatic"] is False
    filled = client.post(f"{url}fill/").json()
    assert filled["assignments"] == 0
    assert filled["state"]["auto_reassign"] is True


@pytest.mark.django_db
def test_the_short_units_are_read_in_constant_queries(django_assert_max_num_queries: Any) -> None:
    round_, people, _ = study()
    admin = get_user_model().objects.get(username="ada")
    member_update(project=round_.project, actor=admin, username="ana", paused=True)
    with django_assert_max_num_queries(2):
        small = overlap_state(round_)
    for _ in range(10):
        extra = TopicFactory()
        for person in people[:2]:
            Assignment.objects.create(round=round_, topic=extra, annotator=person)
    with django_assert_max_num_queries(2):
        large = overlap_state(round_)
    assert len(large.short) == len(small.short) + 10


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_concurrent_fills_never_give_a_unit_to_more_than_k_people() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL")
    round_, _, topics = study()
    admin = get_user_model().objects.get(username="ada")
    for name in ("ana", "cem"):
        member_update(project=round_.project, actor=admin, username=name, paused=True)
    results = race([lambda: overlap_fill(round_=round_, actor=admin) for _ in range(4)])
    assert not [r for r in results if isinstance(r, Exception)], results
    assert holders(round_) == {t.pk: 2 for t in topics}
    # One fill did the work; the others found nothing short.
    assert sorted(r.assignments for r in results)[:-1] == [0, 0, 0]
