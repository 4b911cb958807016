"""The demo shows every stage of a study (issue 29): an error-typing round can be made from
its pilot (three annotators), and its key-facts study has a closed round of written key facts
with their completeness agreement, released with the key facts."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from annotations.models import (
    AgreementReport,
    Assignment,
    AssignmentStatus,
    KeyFactSheet,
    Project,
    Round,
    RoundKind,
    RoundStatus,
)
from annotations.selectors.release_rows import summary_rows
from annotations.selectors.release_scope import ReleaseScope
from annotations.services.item_rounds import ItemRoundRequest, item_round_create
from annotations.services.releases import release_build, release_create
from tests.labelling import label_units

pytestmark = pytest.mark.django_db


def loaded() -> None:
    """The demo as `make run` loads it: the studies, then the demo study's answer key."""
    call_command("load_demo", stdout=StringIO())
    call_command(
        "import_answer_key", "--project", "demo", "fixtures/demo/answer_key.json", stdout=StringIO()
    )


def test_an_error_typing_round_can_be_made_from_the_demo_pilot() -> None:
    loaded()
    project = Project.objects.get(slug="demo")
    pilot = Round.objects.get(project=project, name="Pilot 1")
    # Both pilot linguists label the first unit, each finding an error in a summary's
    # first sentence: the gold rule makes it inconsistent, so error typing has an item.
    first_unit = Assignment.objects.filter(round=pilot).order_by("id")[0].topic_id
    label_units(
        Assignment.objects.filter(round=pilot, topic_id=first_unit),
        wrong=lambda _summary, sentence: sentence.position == 0,
    )
    round_, items = item_round_create(
        ItemRoundRequest(
            project=project,
            name="Error typing 1",
            kind=RoundKind.ERROR_TYPING,
            guideline_version=1,
            people=["linguist1", "linguist2", "linguist3"],
            source_rounds=[pilot.pk],
            overlap=3,
        )
    )
    assert items > 0
    assert set(round_.assignments.values_list("annotator__username", flat=True)) == {
        "linguist1",
        "linguist2",
        "linguist3",
    }


def test_the_key_facts_study_has_a_closed_written_round_with_completeness_agreement() -> None:
    loaded()
    project = Project.objects.get(slug="demo-facts")
    closed = Round.objects.get(project=project, status=RoundStatus.CLOSED)
    assert closed.key_fact_source == ""  # written lists, not a given one
    assignments = Assignment.objects.filter(round=closed)
    assert assignments.count() == 6
    assert set(assignments.values_list("status", flat=True)) == {AssignmentStatus.SUBMITTED}
    assert KeyFactSheet.objects.filter(assignment__round=closed).count() == 6
    report = AgreementReport.objects.get(round=closed)
    questions = {q["key"]: q for q in report.results["questions"]}
    for question in ("key_fact_completeness", "key_fact_count", "acu_score"):
        assert question in questions, sorted(questions)
        assert questions[question]["n_units"] > 0, questions[question]
    # The open pilot is still the linguists' to try.
    assert Round.objects.get(project=project, name="Pilot 1").status == RoundStatus.OPEN


def test_a_release_of_the_closed_key_facts_round_carries_the_key_facts() -> None:
    loaded()
    project = Project.objects.get(slug="demo-facts")
    closed = Round.objects.get(project=project, status=RoundStatus.CLOSED)
    admin = project.memberships.get(user__username="admin").user
    release = release_build(
        release_id=release_create(
            project=project,
            user=admin,
            config={"version": "1.0.0", "rounds": [closed.pk], "formats": ["native"]},
        ).pk
    )
    assert release.status == "published", release.error
    rows = list(
        summary_rows(
            ReleaseScope(
                project=project, round_ids=[closed.pk], split_of=lambda corpus, doc, stored: "dev"
            )
        )
    )
    assert len(rows) == 9
    moving = next(r for r in rows if r.system == "Quillon-13B" and "moving" in r.topic)
    # The gold list is the first rater's written list (docs/completeness.md), with coverage.
    assert moving.key_facts_source == "written"
    assert moving.key_facts[0].text == "Priya moves into her new flat on Aldous Row on Saturday."
    assert moving.key_facts_covered == (True, True, True, True, False)
