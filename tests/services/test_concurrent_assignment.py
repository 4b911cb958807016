"""Assigning units under simultaneous requests (PostgreSQL): never more than k per unit."""

from __future__ import annotations

from collections import Counter

import pytest
from django.db import connection

from annotations.models import Assignment, Topic
from annotations.services.rounds import round_assign_units
from tests.concurrency import race
from tests.factories import RoundFactory, TopicFactory, UserFactory

pytestmark = [
    pytest.mark.services,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


def test_simultaneous_requests_never_overshoot_the_overlap() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL; .ci/run runs this against it")
    round_ = RoundFactory(overlap=2)
    topics = [TopicFactory().pk for _ in range(6)]
    teams = [[UserFactory() for _ in range(3)] for _ in range(4)]
    # Four admins' requests (each with its own annotators) arrive at once for the same units.
    results = race(
        [
            lambda team=team: round_assign_units(round=round_, topic_ids=topics, annotators=team)
            for team in teams
        ]
    )
    assert not [r for r in results if isinstance(r, Exception)], results
    per_unit = Counter(Assignment.objects.filter(round=round_).values_list("topic_id", flat=True))
    assert per_unit == {topic: 2 for topic in topics}
    holders = Assignment.objects.filter(round=round_).values_list("topic_id", "annotator_id")
    assert len(set(holders)) == len(holders)
    assert Topic.objects.count() >= 6
