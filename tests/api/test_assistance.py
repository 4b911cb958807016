"""Assisted against unassisted rounds in the agreement report: two rounds over the same
units, one showing evidence hints and one not, with known labels.

Ten shared sentences, one annotator per round:
    with hints     I I I I C C C C C C     (4 of 10 inconsistent)
    without hints  I I I C C C C C C C     (3 of 10)
One sentence differs (10%); kappa = (0.9 - 0.54) / 0.46 = 18/23. Evidence on the three
sentences both label inconsistent: turns {0, 1} against {1}, {2} against {2}, {3} against
none: exact turn F1 micro-averaged = (2 + 2 + 0) / (3 + 2 + 1) = 2/3. A third unit only the
assisted round has is not shared and changes nothing.
"""

from __future__ import annotations

import json
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from annotations.api.admin_contract import AgreementReportOutput
from annotations.models import (
    AssignmentStatus,
    ErrorSpan,
    EvidenceSpan,
    Membership,
    Role,
    Round,
    RoundStatus,
    SentenceJudgement,
    SummarySentence,
    Turn,
)
from annotations.services.agreement_reports import agreement_report_compute
from tests.api.test_contract import mismatches
from tests.factories import (
    AssignmentFactory,
    DocumentFactory,
    GuidelineFactory,
    ProjectFactory,
    RoundFactory,
    SentenceFactory,
    SummaryFactory,
    TopicFactory,
    TurnFactory,
    UserFactory,
)
from tests.people import signed_in

# Jobs write their progress through the "progress" connection when it exists (PostgreSQL).
pytestmark = pytest.mark.django_db(databases="__all__")

WITH_HINTS = "IIIICCCCCC"
WITHOUT_HINTS = "IIICCCCCCC"
# Turn positions cited on the sentences labelled inconsistent, by sentence number.
CITED_WITH = {0: [0, 1], 1: [2], 2: [3], 3: [1]}
CITED_WITHOUT = {0: [1], 1: [2], 2: []}


def study(*, units: int = 2, spans: bool = True) -> dict[str, Any]:
    """A project with spans and evidence, an admin, and two closed rounds over the same units
    (five sentences each), one with hints and one without, labelled as the module says; the
    assisted round has one more unit of its own."""
    project = ProjectFactory(ask_error_spans=spans, ask_evidence=spans)
    admin = UserFactory()
    Membership.objects.create(project=project, user=admin, role=Role.ADMIN)
    guideline = GuidelineFactory(project=project)
    rounds = {
        hints: RoundFactory(
            project=project,
            name=f"Pilot {'with' if hints else 'without'} hints",
            status=RoundStatus.CLOSED,
            guideline_version=guideline,
            overlap=1,
            evidence_hints=hints,
        )
        for hints in (True, False)
    }
    people = {hints: UserFactory() for hints in (True, False)}
    topics = []
    for _ in range(units + 1):
        document = DocumentFactory(corpus__project=project)
        for position in range(4):
            TurnFactory(document=document, position=position)
        summary = SummaryFactory(topic=TopicFactory(document=document))
        for position in range(5):
            SentenceFactory(summary=summary, position=position)
        topics.append(summary.topic)
    for hints, labels, cited in (
        (True, WITH_HINTS, CITED_WITH),
        (False, WITHOUT_HINTS, CITED_WITHOUT),
    ):
        # The assisted round also has the extra unit, labelled all inconsistent.
        own = topics if hints else topics[:-1]
        marks = labels + "I" * (5 * len(own) - len(labels))
        label(rounds[hints], people[hints], own, marks, cited)
    return {"project": project, "admin": admin, "rounds": rounds, "people": people}


def label(
    round_: Round, person: Any, topics: list[Any], marks: str, cited: dict[int, list[int]]
) -> None:
    sentences = SummarySentence.objects.filter(summary__topic__in=topics).order_by(
        "summary__topic_id", "position"
    )
    assignments = {
        topic.pk: AssignmentFactory(round=round_, topic=topic, annotator=person) for topic in topics
    }
    for number, (sentence, mark) in enumerate(zip(sentences, marks, strict=False)):
        judgement = SentenceJudgement.objects.create(
            assignment=assignments[sentence.summary.topic_id],
            sentence=sentence,
            label="inconsistent" if mark == "I" else "consistent",
        )
        if mark == "I":
            span = ErrorSpan.objects.create(judgement=judgement, start=0, end=3)
            turns = Turn.objects.filter(
                document_id=sentence.summary.topic.document_id, position__in=cited.get(number, [])
            )
            for turn in turns:
                EvidenceSpan.objects.create(error_span=span, turn=turn, start=0, end=1)
    round_.assignments.update(status=AssignmentStatus.SUBMITTED)


def test_the_report_compares_labels_with_and_without_hints_on_the_shared_sentences(
    django_capture_on_commit_callbacks: Any,
) -> None:
    built = study()
    assisted, unassisted = built["rounds"][True], built["rounds"][False]
    client = signed_in(built["admin"].username, Client())
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(f"/api/admin/rounds/{unassisted.pk}/agreement/").status_code == 202
    report = client.get(f"/api/admin/rounds/{unassisted.pk}/agreement/").json()

    assert report["stale"] is False
    assert mismatches(AgreementReportOutput(), report) == []  # the section is as declared
    section = report["assistance"]
    assert section["chosen"] == "automatic"
    assert (section["n_sentences"], section["n_compared"]) == (10, 10)
    with_hints, without = section["conditions"]
    assert (with_hints["round"], with_hints["round_name"]) == (assisted.pk, "Pilot with hints")
    assert (without["round"], without["hints"]) == (unassisted.pk, False)
    assert (with_hints["share_inconsistent"], without["share_inconsistent"]) == (0.4, 0.3)
    assert section["differ"]["value"] == pytest.approx(0.1)
    assert section["kappa"]["value"] == pytest.approx(18 / 23, abs=1e-4)
    low, high = section["kappa"]["ci"]
    assert low <= section["kappa"]["value"] <= high
    assert section["confusion"]["counts"] == [[6, 0], [1, 3]]
    assert section["evidence"]["n_units"] == 3
    assert section["evidence"]["value"] == pytest.approx(2 / 3, abs=1e-4)
    # One annotator a round: no within-round agreement, and the report says why.
    assert with_hints["agreement"] is None
    assert with_hints["agreement_note"]

    # The assisted round's report tells the same comparison, in the same order.
    from_the_other_side = json.loads(_command("agreement", "--round", str(assisted.pk), "--json"))
    assert from_the_other_side["assistance"]["conditions"] == section["conditions"]
    assert from_the_other_side["assistance"]["kappa"] == section["kappa"]
    text = _command("agreement", "--round", str(assisted.pk))
    assert "With hints: 40% of labels inconsistent; without: 30%; labels differ on 10% of" in text
    assert "Evidence turn F1 between them 0.67" in text

    # A label changed in the other round makes this round's report stale.
    SentenceJudgement.objects.filter(assignment__round=assisted, label="consistent").update(
        label="inconsistent"
    )
    assert client.get(f"/api/admin/rounds/{unassisted.pk}/agreement/").json()["stale"] is True


def test_no_comparison_appears_without_a_round_of_the_opposite_hint_setting() -> None:
    built = study()
    Round.objects.filter(pk=built["rounds"][False].pk).update(evidence_hints=True)
    report = agreement_report_compute(round=built["rounds"][True])
    assert "assistance" not in report.results
    assert report.results["questions"]


def test_no_comparison_appears_when_the_scheme_asks_no_spans_so_no_hint_was_shown() -> None:
    built = study(spans=False)
    report = agreement_report_compute(round=built["rounds"][True])
    assert "assistance" not in report.results


def test_a_draft_round_or_one_of_another_kind_is_not_picked_automatically() -> None:
    built = study()
    unassisted = built["rounds"][False]
    Round.objects.filter(pk=unassisted.pk).update(kind="production")
    assert "assistance" not in agreement_report_compute(round=built["rounds"][True]).results
    Round.objects.filter(pk=unassisted.pk).update(kind="pilot", status=RoundStatus.DRAFT)
    assert "assistance" not in agreement_report_compute(round=built["rounds"][True]).results


def test_an_admin_names_the_round_to_compare_with_and_a_wrong_choice_is_refused(
    django_capture_on_commit_callbacks: Any,
) -> None:
    built = study()
    assisted, unassisted = built["rounds"][True], built["rounds"][False]
    # Another kind: never picked automatically, but an admin may name it.
    Round.objects.filter(pk=unassisted.pk).update(kind="production")
    client = signed_in(built["admin"].username, Client())
    url = f"/api/admin/rounds/{assisted.pk}/agreement/"
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(f"{url}?compare={unassisted.pk}").status_code == 202
    report = client.get(url).json()
    # Current, not stale for lacking the automatic choice (which finds nothing here).
    assert report["stale"] is False
    assert report["assistance"]["chosen"] == "explicit"
    assert report["assistance"]["kappa"]["value"] == pytest.approx(18 / 23, abs=1e-4)

    same_setting = RoundFactory(project=built["project"], evidence_hints=True)
    refused = client.post(f"{url}?compare={same_setting.pk}")
    assert refused.status_code == 400
    assert "shows evidence hints like this round" in refused.json()["message"]
    assert client.post(f"{url}?compare={assisted.pk}").status_code == 400
    elsewhere = RoundFactory(evidence_hints=False)
    assert (
        "not a round of this project"
        in client.post(f"{url}?compare={elsewhere.pk}").json()["message"]
    )
    assert client.post(f"{url}?compare=two").status_code == 400


def test_comparing_costs_the_same_queries_whatever_the_number_of_units() -> None:
    counts = []
    for units in (1, 4):
        built = study(units=units)
        with CaptureQueriesContext(connection) as queries:
            report = agreement_report_compute(round=built["rounds"][True])
        assert report.results["assistance"]["n_sentences"] == 5 * units
        counts.append(len(queries))
    assert counts[0] == counts[1]


def _command(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()
