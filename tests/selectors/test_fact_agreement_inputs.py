"""Agreement on key facts and atomic facts, from what two linguists saved on one unit: with a
given list, kappa over (key fact, summary) coverage and (key fact, sentence) alignment;
with written lists, alpha (interval) over each summary's completeness and the lists' lengths;
with given ACUs, kappa over verdicts (docs/completeness.md, "Agreement")."""

from __future__ import annotations

import pytest

from annotations.agreement import cohen_kappa, krippendorff_alpha
from annotations.agreement.report import round_report
from annotations.models import (
    AlignedSentence,
    Assignment,
    AssignmentStatus,
    AtomicFact,
    AtomicFactSheet,
    KeyFact,
    KeyFactAlignment,
    KeyFactSheet,
    Project,
    Round,
    Summary,
)
from annotations.selectors.agreement_inputs import round_question_inputs
from annotations.services.given_facts import given_atomic_facts_ensure, given_lists_ensure
from tests.people import LINGUIST, SECOND_LINGUIST

pytestmark = pytest.mark.django_db


def pair(demo: Project, **scheme: bool) -> tuple[Assignment, Assignment, list[Summary]]:
    Project.objects.filter(pk=demo.pk).update(**scheme)
    mine = Assignment.objects.filter(annotator__username=LINGUIST).order_by("id").first()
    theirs = Assignment.objects.get(topic_id=mine.topic_id, annotator__username=SECOND_LINGUIST)
    Assignment.objects.filter(pk__in=[mine.pk, theirs.pk]).update(status=AssignmentStatus.SUBMITTED)
    summaries = list(Summary.objects.filter(topic_id=mine.topic_id).order_by("position", "id"))
    return mine, theirs, summaries


def sheet_with(
    assignment: Assignment, texts: list[str], given: list[int] | None = None
) -> list[KeyFact]:
    sheet = KeyFactSheet.objects.create(assignment=assignment)
    return [
        KeyFact.objects.create(
            sheet=sheet, position=n, text=text, given_id=given[n - 1] if given else None
        )
        for n, text in enumerate(texts, start=1)
    ]


def align(fact: KeyFact, summary: Summary, covered: bool) -> None:
    alignment = KeyFactAlignment.objects.create(key_fact=fact, summary=summary, covered=covered)
    if covered:
        AlignedSentence.objects.create(
            alignment=alignment, sentence=summary.sentences.order_by("position")[0]
        )


def test_a_given_list_gives_kappa_over_coverage_and_sentence_alignment(demo: Project) -> None:
    mine, theirs, summaries = pair(demo, ask_completeness=True)
    ids = given_lists_ensure(
        "finesure", {mine.topic_id: [("a", False), ("b", False), ("c", False)]}
    )[mine.topic_id]
    Round.objects.filter(pk=mine.round_id).update(key_fact_source="finesure")
    cells = [(f, s) for f in range(3) for s in range(len(summaries))]
    my_votes = [(f + s) % 2 == 0 for f, s in cells]
    their_votes = list(my_votes)
    their_votes[0] = not their_votes[0]
    their_votes[4] = not their_votes[4]
    for assignment, votes in ((mine, my_votes), (theirs, their_votes)):
        facts = sheet_with(assignment, ["a", "b", "c"], ids)
        for (f, s), covered in zip(cells, votes, strict=True):
            align(facts[f], summaries[s], covered)
    round_ = Round.objects.get(pk=mine.round_id)
    inputs = {q.key: q for q in round_question_inputs(round=round_)}
    assert inputs["key_fact_coverage"].matrix == [my_votes, their_votes]
    report = {q["key"]: q for q in round_report(list(inputs.values()))}
    coverage = report["key_fact_coverage"]
    assert coverage["n_units"] == len(cells)
    assert coverage["coefficient"]["name"] == "Cohen's kappa"
    assert coverage["coefficient"]["value"] == pytest.approx(
        cohen_kappa(my_votes, their_votes), abs=1e-4
    )
    # Sentence alignment: each covered cell aligns the summary's first sentence, so a
    # sentence cell is "states it" exactly when its summary covers the fact and it is first.
    alignment = inputs["key_fact_alignment"]
    n_sentences = sum(s.sentences.count() for s in summaries)
    assert len(alignment.matrix[0]) == 3 * n_sentences
    assert sum(1 for value in alignment.matrix[0] if value) == sum(my_votes)
    assert report["key_fact_alignment"]["coefficient"] is not None


def test_written_lists_compare_completeness_and_length_not_items(demo: Project) -> None:
    mine, theirs, summaries = pair(demo, ask_completeness=True)
    my_facts = sheet_with(mine, ["x", "y"])
    their_facts = sheet_with(theirs, ["p", "q", "r", "s"])
    for index, summary in enumerate(summaries):
        for n, fact in enumerate(my_facts):
            align(fact, summary, covered=n < index % 3)
        for n, fact in enumerate(their_facts):
            align(fact, summary, covered=n < (index % 3) * 2)
    inputs = {q.key: q for q in round_question_inputs(round=mine.round)}
    expected_mine = [min(index % 3, 2) / 2 for index in range(len(summaries))]
    expected_theirs = [min((index % 3) * 2, 4) / 4 for index in range(len(summaries))]
    assert inputs["key_fact_completeness"].matrix == [expected_mine, expected_theirs]
    assert inputs["key_fact_count"].matrix == [[2], [4]]
    assert "key_fact_coverage" not in inputs  # no shared items to compare
    report = {q["key"]: q for q in round_report(list(inputs.values()))}
    completeness = report["key_fact_completeness"]
    assert completeness["coefficient"]["name"] == "Krippendorff's alpha (interval)"
    assert completeness["coefficient"]["value"] == pytest.approx(
        krippendorff_alpha([expected_mine, expected_theirs], level="interval"), abs=1e-4
    )


def test_given_acus_give_kappa_over_verdicts(demo: Project) -> None:
    mine, theirs, summaries = pair(demo, ask_atomic_facts=True)
    given_atomic_facts_ensure({s.pk: [f"fact {n}" for n in range(4)] for s in summaries})
    Round.objects.filter(pk=mine.round_id).update(given_atomic_facts=True)
    acus = list(
        AtomicFact.objects.filter(given_for__in=summaries).order_by(
            "given_for__position", "given_for_id", "position"
        )
    )
    votes = {
        mine.pk: ["supported" if n % 3 else "not_supported" for n in range(len(acus))],
        theirs.pk: ["supported" if n % 4 else "not_supported" for n in range(len(acus))],
    }
    for assignment in (mine, theirs):
        for summary in summaries:
            sheet = AtomicFactSheet.objects.create(assignment=assignment, summary=summary)
            for n, acu in enumerate(acus):
                if acu.given_for_id == summary.pk:
                    AtomicFact.objects.create(
                        sheet=sheet,
                        given=acu,
                        position=acu.position,
                        text=acu.text,
                        verdict=votes[assignment.pk][n],
                    )
    inputs = {q.key: q for q in round_question_inputs(round=Round.objects.get(pk=mine.round_id))}
    assert inputs["acu_verdict"].matrix == [votes[mine.pk], votes[theirs.pk]]
    report = {q["key"]: q for q in round_report(list(inputs.values()))}
    assert report["acu_verdict"]["coefficient"]["value"] == pytest.approx(
        cohen_kappa(votes[mine.pk], votes[theirs.pk]), abs=1e-4
    )
