"""The agreement report of an error-typing round: Fleiss' kappa per error type and MASI
alpha over the type sets, from `manage.py agreement --round ID --json`, against figures
worked out by hand from Fleiss' formula."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from annotations.models import (
    Assignment,
    AssignmentStatus,
    ErrorType,
    Project,
    Round,
    RoundItem,
    RoundKind,
    RoundStatus,
    SummarySentence,
    TypingJudgement,
)

pytestmark = pytest.mark.django_db


def fleiss_binary(has: list[int], raters: int) -> float:
    """Fleiss' kappa of one type, from how many raters chose it on each item (by hand)."""
    items = len(has)
    agreement = [
        (h * h + (raters - h) * (raters - h) - raters) / (raters * (raters - 1)) for h in has
    ]
    p_bar = sum(agreement) / items
    p_has = sum(has) / (items * raters)
    expected = p_has**2 + (1 - p_has) ** 2
    return (p_bar - expected) / (1 - expected)


def test_the_report_gives_fleiss_kappa_per_type_and_masi_alpha() -> None:
    call_command("load_demo", stdout=StringIO())
    project = Project.objects.get(slug="demo")
    pilot = Round.objects.get(project=project, kind=RoundKind.PILOT)
    typing = Round.objects.create(
        project=project,
        name="Typing",
        kind=RoundKind.ERROR_TYPING,
        status=RoundStatus.CLOSED,
        overlap=3,
        guideline_version=pilot.guideline_version,
    )
    topic = pilot.assignments.order_by("topic_id").first().topic
    sentences = list(
        SummarySentence.objects.filter(summary__topic=topic).order_by("summary_id", "position")[:4]
    )
    for sentence in sentences:
        RoundItem.objects.create(round=typing, sentence=sentence)
    a, b = ErrorType.objects.filter(taxonomy=project.taxonomy).order_by("id")[:2]
    chosen = {  # typist -> the types of items 1..4
        "t1": [{a}, {a, b}, {b}, {a}],
        "t2": [{a}, {a}, {b}, {b}],
        "t3": [{a}, {b}, {a}, {b}],
    }
    for name, per_item in chosen.items():
        user = get_user_model().objects.create_user(name, password="x")
        assignment = Assignment.objects.create(
            round=typing, topic=topic, annotator=user, status=AssignmentStatus.SUBMITTED
        )
        for sentence, types in zip(sentences, per_item, strict=True):
            typed = TypingJudgement.objects.create(assignment=assignment, sentence=sentence)
            typed.error_types.set(types)
    out = StringIO()
    call_command("agreement", "--round", str(typing.pk), "--json", stdout=out)
    report = json.loads(out.getvalue())
    (question,) = report["questions"]
    assert question["key"] == "error_types"
    assert question["n_units"] == 4
    assert question["coefficient"]["name"] == "Krippendorff's alpha (MASI)"
    assert -1 <= question["coefficient"]["value"] <= 1
    has_a = [sum(a in chosen[t][i] for t in chosen) for i in range(4)]
    has_b = [sum(b in chosen[t][i] for t in chosen) for i in range(4)]
    assert question["per_label"][a.name] == pytest.approx(fleiss_binary(has_a, 3), abs=1e-3)
    assert question["per_label"][b.name] == pytest.approx(fleiss_binary(has_b, 3), abs=1e-3)
    assert fleiss_binary(has_a, 3) == pytest.approx(-0.0286, abs=1e-3)
