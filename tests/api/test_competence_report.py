"""A round's agreement report carries each annotator's competence (Dawid-Skene, MACE) with an
interval, and a careless annotator comes out last (docs/agreement.md, "Competence")."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from annotations.models import Assignment, Project, Round
from annotations.services.agreement_reports import agreement_report_compute
from tests.api.test_admin_rounds import label_and_submit
from tests.factories import AssignmentFactory, UserFactory
from tests.people import ADMIN, signed_in

pytestmark = pytest.mark.django_db


def truth(sentence: Any) -> str:
    return "inconsistent" if sentence.pk % 4 == 0 else "consistent"


def careless(sentence: Any) -> str:
    # Right on two sentences of three, wrong on the third.
    flipped = {"consistent": "inconsistent", "inconsistent": "consistent"}
    return flipped[truth(sentence)] if sentence.pk % 3 == 0 else truth(sentence)


def test_the_report_ranks_a_careless_annotator_last_with_intervals(
    client: Client, demo: Project
) -> None:
    pilot = Round.objects.get(project=demo, name="Pilot 1")
    third = UserFactory(username="linguist3")
    for topic_id in set(Assignment.objects.filter(round=pilot).values_list("topic_id", flat=True)):
        AssignmentFactory(round=pilot, topic_id=topic_id, annotator=third)
    for assignment in Assignment.objects.filter(round=pilot).select_related("annotator"):
        name = assignment.annotator.username
        label_and_submit(assignment, careless if name == "linguist3" else truth)
    agreement_report_compute(round=pilot)
    signed_in(ADMIN, client)
    report = client.get(f"/api/admin/rounds/{pilot.pk}/agreement/").json()
    questions = {q["key"]: q for q in report["competence"]["questions"]}
    # Error types are sets and have no competence; every labelled question with classes does.
    assert "error_types" not in questions
    sentences = questions["sentence_consistency"]
    assert sentences["classes"] == ["consistent", "inconsistent"]
    assert sentences["n_items"] == 129
    by_name = {a["annotator"]: a for a in sentences["annotators"]}
    assert set(by_name) == {"linguist1", "linguist2", "linguist3"}
    for model in ("accuracy", "mace"):
        ranked = sorted(by_name, key=lambda name, m=model: -by_name[name][m]["value"])
        assert ranked[-1] == "linguist3"
        low, high = by_name["linguist3"][model]["ci"]
        assert low <= by_name["linguist3"][model]["value"] <= high
        assert high < by_name["linguist1"][model]["value"]
    # Two careful annotators outvote the careless one: no sentence is left uncertain.
    assert sentences["items"]["n_uncertain"] == 0
    assert sentences["items"]["n_changed"] == 0
    # The command line says the same in words.
    out = StringIO()
    call_command("agreement", "--round", str(pilot.pk), stdout=out)
    printed = out.getvalue()
    assert "Competence, Sentence consistency (Dawid-Skene; MACE):" in printed
    careless_line = next(
        line for line in printed.splitlines() if line.lstrip().startswith("linguist3")
    )
    assert "label right" in careless_line
    assert "95% CI" in careless_line
