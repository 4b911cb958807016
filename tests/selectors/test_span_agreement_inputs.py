"""A round's span and evidence questions come from the spans the raters saved: only
sentences two raters labelled inconsistent, only submitted assignments, and the report gives
the hand-computed F1 (the four-against-five example: exact 2/9, overlap 2/3, characters
46/87)."""

from __future__ import annotations

import pytest

from annotations.agreement.report import round_report
from annotations.models import (
    Assignment,
    AssignmentStatus,
    ErrorSpan,
    ErrorType,
    EvidenceSpan,
    Project,
    SentenceJudgement,
    SummarySentence,
    Turn,
)
from annotations.selectors.agreement_inputs import round_question_inputs
from tests.people import LINGUIST, SECOND_LINGUIST

pytestmark = pytest.mark.django_db

FOUR = [(0, 10), (20, 30), (40, 52), (60, 67)]
FIVE = [(0, 10), (22, 35), (45, 50), (70, 80), (90, 100)]


def flag(assignment: Assignment, sentence: SummarySentence, spans, type_id, turns) -> None:  # type: ignore[no-untyped-def]
    judgement = SentenceJudgement.objects.create(
        assignment=assignment, sentence=sentence, label="inconsistent"
    )
    for start, end in spans:
        span = ErrorSpan.objects.create(
            judgement=judgement, start=start, end=end, error_type_id=type_id
        )
        for turn in turns:
            EvidenceSpan.objects.create(error_span=span, turn=turn, start=0, end=1)


def test_span_questions_give_the_hand_computed_f1(demo: Project) -> None:
    Project.objects.filter(pk=demo.pk).update(ask_error_spans=True, ask_evidence=True)
    mine = Assignment.objects.filter(annotator__username=LINGUIST).order_by("id").first()
    theirs = Assignment.objects.get(topic_id=mine.topic_id, annotator__username=SECOND_LINGUIST)
    sentences = list(SummarySentence.objects.filter(summary__topic_id=mine.topic_id).order_by("id"))
    turns = list(Turn.objects.filter(document__topics__id=mine.topic_id).order_by("position"))
    kind = ErrorType.objects.filter(taxonomy_id=demo.taxonomy_id).order_by("id").first()
    flag(mine, sentences[0], FOUR, kind.pk, turns[:2])
    flag(theirs, sentences[0], FIVE, kind.pk, turns[1:3])
    # Flagged by one rater only: not a unit of span agreement.
    flag(mine, sentences[1], [(0, 5)], None, [])
    # Another unit of linguist1, not submitted: left out like every unsubmitted assignment.
    other = Assignment.objects.filter(annotator__username=LINGUIST).order_by("id")[1]
    flag(other, SummarySentence.objects.filter(summary__topic_id=other.topic_id)[0], FOUR, None, [])
    Assignment.objects.filter(pk__in=[mine.pk, theirs.pk]).update(status=AssignmentStatus.SUBMITTED)

    report = {q["key"]: q for q in round_report(round_question_inputs(round=mine.round))}
    assert report["span_exact"]["coefficient"]["value"] == pytest.approx(2 / 9, abs=1e-4)
    assert report["span_overlap"]["coefficient"]["value"] == pytest.approx(2 / 3, abs=1e-4)
    assert report["span_character"]["coefficient"]["value"] == pytest.approx(46 / 87, abs=1e-4)
    assert report["span_character"]["n_units"] == 1
    assert report["span_character"]["pairwise"] == [
        {"a": LINGUIST, "b": SECOND_LINGUIST, "value": round(46 / 87, 4), "n_units": 1}
    ]
    assert report["span_character"]["per_label"] == {kind.name: round(46 / 87, 4)}
    # Turns cited: {0, 1} against {1, 2}.
    assert report["evidence_turns"]["coefficient"]["value"] == pytest.approx(1 / 2)
    assert report["evidence_turns"]["level"] == "span"


def test_without_spans_in_the_scheme_there_is_no_span_question(demo: Project) -> None:
    round_ = Assignment.objects.filter(annotator__username=LINGUIST).first().round
    keys = [q.key for q in round_question_inputs(round=round_)]
    assert not [key for key in keys if "span" in key or "evidence" in key]
