"""Evidence hints: BM25 over a unit's turns, computed on the unit's first opening with
spans asked, stored, and shown only where the round allows them."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from annotations.models import Assignment, Project, Round, SummarySentence
from annotations.retrieval.hints import turn_hints
from annotations.selectors.workspace import workspace_payload
from tests.people import LINGUIST

TURNS = [
    "Tonight the council votes on the river bus line.",
    "Who pays for the river bus? The county or the city?",
    "Ridership is expected to double by 2030, the study says.",
    "Parking fees will rise next year.",
]


def test_the_turns_sharing_the_sentences_words_rank_first() -> None:
    hints = turn_hints(
        TURNS,
        [
            "The county will pay for the river bus.",
            "The study expects ridership to double.",
            "It is what it is.",  # stopwords only
            "Zebras graze.",  # words the dialogue never uses
        ],
    )
    assert hints[0][:2] == [1, 0]  # "county", "pays"... the second turn says more of it
    assert hints[1] == [2]
    assert hints[2] == []
    assert hints[3] == []


def test_at_most_three_hints_and_none_without_turns() -> None:
    many = ["river bus"] * 6
    assert turn_hints(many, ["river bus"]) == [[0, 1, 2]]
    assert turn_hints([], ["river bus"]) == [[]]


@pytest.mark.django_db
def test_hints_are_computed_once_and_shown_only_with_spans_and_the_rounds_consent(
    demo: Project,
) -> None:
    assignment = Assignment.objects.filter(annotator__username=LINGUIST).order_by("id").first()
    assert assignment.annotator_id is not None
    user_id = assignment.annotator_id

    def sentences_hints() -> list[list[int]]:
        payload = workspace_payload(user_id=user_id, assignment_id=assignment.pk)
        assert payload is not None
        return [s["hints"] for summary in payload["summaries"] for s in summary["sentences"]]

    # The demo asks for no spans: no hints, and none computed.
    assert all(hints == [] for hints in sentences_hints())
    assert not SummarySentence.objects.filter(evidence_hints__isnull=False).exists()

    Project.objects.filter(pk=demo.pk).update(ask_error_spans=True)
    first = sentences_hints()
    assert any(first)
    assert all(len(hints) <= 3 for hints in first)
    with CaptureQueriesContext(connection) as later:
        assert sentences_hints() == first
    assert len(later) == 5  # stored: the second opening computes nothing

    Round.objects.filter(pk=assignment.round_id).update(evidence_hints=False)
    assert all(hints == [] for hints in sentences_hints())
