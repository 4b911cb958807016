"""The rows a release is built from: gold labels under disagreement, error spans with their
evidence, key-fact coverage, and the same rows whether the next chunk is read on a second
thread (a worker) or on the caller's connection (inside a transaction)."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.db import transaction

from annotations.formats.writers.rows import AtomicFactRow
from annotations.models import (
    AlignedSentence,
    Assignment,
    AssignmentStatus,
    AtomicFact,
    AtomicFactSheet,
    ErrorSpan,
    ErrorType,
    EvidenceSpan,
    KeyFact,
    KeyFactAlignment,
    KeyFactList,
    KeyFactSheet,
    Round,
    SentenceJudgement,
    SummaryJudgement,
    TopicJudgement,
)
from annotations.selectors import release_rows
from annotations.selectors.release_rows import summary_rows
from annotations.selectors.release_scope import ReleaseScope


def labelled_demo() -> Round:
    """The demo pilot with every sentence judged consistent by both linguists."""
    call_command("load_demo", stdout=StringIO())
    round_ = Round.objects.get(project__slug="demo")
    for assignment in Assignment.objects.filter(round=round_):
        for summary in assignment.topic.summaries.all():
            SentenceJudgement.objects.bulk_create(
                SentenceJudgement(assignment=assignment, sentence=sentence, label="consistent")
                for sentence in summary.sentences.all()
            )
            SummaryJudgement.objects.create(assignment=assignment, summary=summary, relevance=4)
        TopicJudgement.objects.create(assignment=assignment, category="main")
    Assignment.objects.filter(round=round_).update(status=AssignmentStatus.SUBMITTED)
    return round_


def scope(round_: Round, **changes: Any) -> ReleaseScope:
    return ReleaseScope(
        project=round_.project,
        round_ids=[round_.pk],
        split_of=lambda corpus, doc, stored: "dev",
        **changes,
    )


def first_unit(round_: Round) -> tuple[Assignment, Assignment]:
    first, second = Assignment.objects.filter(round=round_).order_by("topic_id", "id")[:2]
    assert first.topic_id == second.topic_id
    return first, second


@pytest.mark.django_db
def test_a_split_vote_is_inconsistent_with_the_flaggers_explanation_types_and_spans() -> None:
    round_ = labelled_demo()
    flagger, _ = first_unit(round_)
    summary = flagger.topic.summaries.order_by("position").first()
    sentence = summary.sentences.order_by("position").first()
    judgement = SentenceJudgement.objects.get(assignment=flagger, sentence=sentence)
    judgement.label, judgement.explanation = "inconsistent", "The port pays, not the city."
    judgement.save()
    wrong_type = ErrorType.objects.filter(taxonomy=round_.project.taxonomy).get(
        name="Mis-Referencing"
    )
    judgement.error_types.add(wrong_type)
    turn = flagger.topic.document.turns.order_by("position")[1]
    span = ErrorSpan.objects.create(
        judgement=judgement, start=0, end=4, error_type=wrong_type, note="who pays"
    )
    EvidenceSpan.objects.create(error_span=span, turn=turn, start=0, end=5)

    row = next(r for r in summary_rows(scope(round_)) if r.system == summary.system)
    gold = row.sentences[0]
    assert gold.label == "inconsistent"  # one of two flagged it: a tie keeps the error
    assert gold.explanations == ("The port pays, not the city.",)
    assert gold.error_types == ("Mis-Referencing",)
    (exported,) = gold.spans
    assert (exported.start, exported.end, exported.text) == (0, 4, sentence.text[:4])
    assert exported.error_type == "Mis-Referencing"
    assert exported.unified_type == wrong_type.unified_type.code
    assert exported.note == "who pays"
    (evidence,) = exported.evidence
    assert (evidence.turn, evidence.text) == (turn.position, turn.text[:5])
    flagged, agreed = row.annotators
    assert flagged.sentences[0].label == "inconsistent"
    assert flagged.sentences[0].spans == gold.spans
    assert agreed.sentences[0].label == "consistent"
    assert all(s.label == "consistent" for s in row.sentences[1:])


@pytest.mark.django_db
def test_key_fact_coverage_comes_from_the_alignments_and_is_unknown_without_them() -> None:
    round_ = labelled_demo()
    writer, other = first_unit(round_)
    aligned_summary, *others = writer.topic.summaries.order_by("position")
    covering = aligned_summary.sentences.order_by("position").first()
    sheet = KeyFactSheet.objects.create(assignment=writer)
    first_fact = KeyFact.objects.create(sheet=sheet, position=1, text="The vote is tonight.")
    KeyFact.objects.create(sheet=sheet, position=2, text="The port pays.")
    alignment = KeyFactAlignment.objects.create(key_fact=first_fact, summary=aligned_summary)
    AlignedSentence.objects.create(alignment=alignment, sentence=covering)
    # The second linguist wrote key facts but aligned none: their coverage is unknown.
    KeyFact.objects.create(
        sheet=KeyFactSheet.objects.create(assignment=other), position=1, text="A vote."
    )

    rows = [r for r in summary_rows(scope(round_)) if r.topic == writer.topic.name]
    by_system = {r.system: r for r in rows}
    aligned = by_system[aligned_summary.system]
    assert [f.text for f in aligned.key_facts] == ["The vote is tonight.", "The port pays."]
    assert aligned.key_facts_covered == (True, False)
    assert aligned.completeness == 0.5
    assert [s.covers_key_fact for s in aligned.sentences] == [True] + [False] * (
        len(aligned.sentences) - 1
    )
    assert aligned.conciseness == 1 / len(aligned.sentences)
    for summary in others:  # aligned work on the unit: no alignment means not covered
        assert by_system[summary.system].key_facts_covered == (False, False)
    theirs = {a.annotator: a for a in aligned.annotators}
    writer_labels, other_labels = theirs.values()
    assert [(c.fact.text, c.covered) for c in writer_labels.key_facts] == [
        ("The vote is tonight.", True),
        ("The port pays.", False),
    ]
    assert writer_labels.key_facts[0].sentences == (covering.position,)
    # The second linguist's own fact, coverage unknown (they aligned nothing); never theirs
    # under the gold list's first fact.
    assert [(c.fact.text, c.covered) for c in other_labels.key_facts] == [("A vote.", None)]
    assert other_labels.coverage_of(aligned.key_facts[0]) is None
    assert (aligned.key_facts_source, aligned.key_facts_author) == ("written", "A1")
    assert {s.covers_key_fact for s in other_labels.sentences} == {None}
    # A unit without alignments has key-fact coverage unknown, not "not covered".
    unaligned = next(r for r in summary_rows(scope(round_)) if r.topic != writer.topic.name)
    assert unaligned.key_facts_covered == ()
    assert unaligned.completeness is None


@pytest.mark.django_db
def test_a_given_list_is_gold_with_coverage_only_from_those_who_aligned_it() -> None:
    """One rater wrote their own list (and is first), the other aligned the unit's given
    list: the given list is gold, its coverage the aligner's alone; the writer keeps their
    own facts and coverage and has no judgement of the given ones."""
    round_ = labelled_demo()
    writer, aligner = first_unit(round_)
    summary = writer.topic.summaries.order_by("position").first()
    given_list = KeyFactList.objects.create(topic=writer.topic, source="given")
    given = [
        KeyFact.objects.create(given_list=given_list, position=p, text=t, numbered=False)
        for p, t in enumerate(["Given A.", "Given B."], start=1)
    ]
    own = KeyFactSheet.objects.create(assignment=writer)
    theirs = KeyFactSheet.objects.create(assignment=aligner)
    for position in (1, 2):
        mine = KeyFact.objects.create(sheet=own, position=position, text=f"Mine {position}.")
        KeyFactAlignment.objects.create(key_fact=mine, summary=summary, covered=True)
        copy = KeyFact.objects.create(
            sheet=theirs,
            position=position,
            text=given[position - 1].text,
            given=given[position - 1],
            numbered=False,
        )
        KeyFactAlignment.objects.create(key_fact=copy, summary=summary, covered=position == 2)

    row = next(r for r in summary_rows(scope(round_)) if r.system == summary.system)

    assert [f.text for f in row.key_facts] == ["Given A.", "Given B."]
    assert (row.key_facts_source, row.key_facts_author) == ("given", "")
    assert [(c.fact.text, c.covered) for c in row.key_fact_coverage] == [
        ("Given A.", False),
        ("Given B.", True),
    ]
    by_first_fact = {a.key_facts[0].fact.text: a for a in row.annotators}
    writer_labels, aligner_labels = by_first_fact["Mine 1."], by_first_fact["Given A."]
    assert [(c.fact.text, c.covered) for c in writer_labels.key_facts] == [
        ("Mine 1.", True),
        ("Mine 2.", True),
    ]
    assert [writer_labels.coverage_of(fact) for fact in row.key_facts] == [None, None]
    assert [aligner_labels.coverage_of(fact).covered for fact in row.key_facts] == [False, True]


@pytest.mark.django_db
def test_the_latest_adjudicated_key_fact_list_is_gold_with_the_admins_coverage() -> None:
    from django.contrib.auth import get_user_model

    from annotations.models import Membership, Role
    from annotations.services.adjudication_round import adjudication_open

    round_ = labelled_demo()
    writer, _ = first_unit(round_)
    summary = writer.topic.summaries.order_by("position").first()
    stating = summary.sentences.order_by("position").first()
    KeyFact.objects.create(
        sheet=KeyFactSheet.objects.create(assignment=writer), position=1, text="Mine."
    )
    admin = get_user_model().objects.get(username="admin")
    adjudication = adjudication_open(round_.project, writer.topic_id, admin)
    sheet = KeyFactSheet.objects.create(assignment=adjudication)
    for position, text in enumerate(["Agreed one.", "Agreed two."], start=1):
        fact = KeyFact.objects.create(sheet=sheet, position=position, text=text)
        alignment = KeyFactAlignment.objects.create(
            key_fact=fact, summary=summary, covered=position == 1
        )
        if position == 1:
            AlignedSentence.objects.create(alignment=alignment, sentence=stating)

    def row() -> Any:
        return next(r for r in summary_rows(scope(round_)) if r.system == summary.system)

    gold = row()
    assert (gold.key_facts_source, [f.text for f in gold.key_facts]) == (
        "adjudicated",
        ["Agreed one.", "Agreed two."],
    )
    assert [(c.covered, c.sentences) for c in gold.key_fact_coverage] == [
        (True, (stating.position,)),
        (False, ()),
    ]
    assert gold.sentences[stating.position].covers_key_fact is True
    assert [[c.fact.text for c in a.key_facts] for a in gold.annotators] == [["Mine."], []]
    # A second admin saves the unit's list later, empty: no adjudicated list any more (the
    # first admin's does not come back); the default rule applies.
    other = get_user_model().objects.create_user("admin2", password="demo")
    Membership.objects.create(project=round_.project, user=other, role=Role.ADMIN)
    KeyFactSheet.objects.create(
        assignment=adjudication_open(round_.project, writer.topic_id, other)
    )
    fallback = row()
    assert (fallback.key_facts_source, [f.text for f in fallback.key_facts]) == (
        "written",
        ["Mine."],
    )


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_reading_ahead_on_a_second_thread_gives_the_same_rows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    round_ = labelled_demo()
    judgement = SentenceJudgement.objects.filter(assignment__round=round_).order_by("id")[3]
    judgement.label, judgement.explanation = "inconsistent", "Not said."
    judgement.save()
    monkeypatch.setattr(release_rows, "CHUNK_TOPICS", 2)  # 9 units: 5 chunks
    threads: list[str] = []
    fetch = release_rows._fetch

    def fetch_and_note(*args: Any) -> Any:
        import threading

        threads.append(threading.current_thread().name)
        return fetch(*args)

    monkeypatch.setattr(release_rows, "_fetch", fetch_and_note)
    ahead = list(summary_rows(scope(round_, with_turns=True)))
    assert threads
    assert all(name.startswith("release-rows") for name in threads)
    threads.clear()
    with transaction.atomic():
        in_transaction = list(summary_rows(scope(round_, with_turns=True)))
    assert threads
    assert not any(name.startswith("release-rows") for name in threads)
    assert len(ahead) == 45
    assert ahead == in_transaction


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_failure_reading_ahead_reaches_the_build_and_closes_the_threads_connection(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    round_ = labelled_demo()
    monkeypatch.setattr(release_rows, "CHUNK_TOPICS", 2)
    fetch = release_rows._fetch
    calls: list[int] = []

    def fails_on_the_third_chunk(*args: Any) -> Any:
        calls.append(1)
        if len(calls) == 3:
            raise OSError("connection lost (simulated)")
        return fetch(*args)

    monkeypatch.setattr(release_rows, "_fetch", fails_on_the_third_chunk)
    rows = summary_rows(scope(round_))
    with pytest.raises(OSError, match="connection lost"):
        list(rows)
    import threading

    assert not [t for t in threading.enumerate() if t.name.startswith("release-rows")]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("decisions", "gold"),
    [
        (["false_positive", "confirmed"], "inconsistent"),  # conflict: the majority decides
        (["confirmed", "false_positive"], "inconsistent"),  # whatever the row order
        (["false_positive", "false_positive"], "consistent"),  # agreeing reviews decide
    ],
)
def test_conflicting_confirmed_reviews_cancel_and_the_majority_decides(
    decisions: list[str], gold: str
) -> None:
    from tests.review.builders import confirmed_review

    round_ = labelled_demo()
    first, second = first_unit(round_)
    summary = first.topic.summaries.order_by("position").first()
    sentence = summary.sentences.order_by("position").first()
    SentenceJudgement.objects.filter(sentence=sentence, assignment__in=[first, second]).update(
        label="inconsistent", explanation="Both saw an error."
    )
    for decision in decisions:
        confirmed_review(round_, sentence, decision)
    row = next(r for r in summary_rows(scope(round_)) if r.system == summary.system)
    assert row.topic == first.topic.name
    assert row.sentences[0].label == gold


@pytest.mark.django_db
def test_a_person_votes_once_on_every_question_across_two_rounds() -> None:
    """The same linguist in a second round of the same unit: their relevance and category
    count once, with their first assignment, as their sentence labels do."""
    round_ = labelled_demo()
    first, second = first_unit(round_)
    again = Round.objects.create(
        project=round_.project,
        name="Pilot 2",
        kind=round_.kind,
        status=round_.status,
        overlap=1,
        guideline_version=round_.guideline_version,
    )
    repeat = Assignment.objects.create(
        round=again, topic=first.topic, annotator=first.annotator, status="submitted"
    )
    for summary in first.topic.summaries.all():
        SummaryJudgement.objects.filter(assignment=first, summary=summary).update(relevance=2)
        SummaryJudgement.objects.filter(assignment=second, summary=summary).update(relevance=4)
        SummaryJudgement.objects.create(assignment=repeat, summary=summary, relevance=5)
        SentenceJudgement.objects.bulk_create(
            SentenceJudgement(
                assignment=repeat,
                sentence=sentence,
                label="inconsistent",
                explanation="Changed my mind.",
            )
            for sentence in summary.sentences.all()
        )
    TopicJudgement.objects.filter(assignment=first).update(category="main")
    TopicJudgement.objects.filter(assignment=second).update(category="marginal")
    TopicJudgement.objects.create(assignment=repeat, category="main")

    both = ReleaseScope(
        project=round_.project,
        round_ids=[round_.pk, again.pk],
        split_of=lambda corpus, doc, stored: "dev",
        with_annotators=True,
    )
    rows = [r for r in summary_rows(both) if r.topic == first.topic.name]
    assert rows
    for row in rows:
        assert row.relevance == 3.0  # (2 + 4) / 2; the repeat's 5 does not vote
        assert len(row.annotators) == 2
        assert all(s.label == "consistent" for s in row.sentences)
    # Two votes, main and marginal (the repeat's main does not vote): a tie goes to the less
    # central category, as documented.
    assert rows[0].topic_category == "marginal"


def verified(assignment: Assignment, summary: Any, *facts: tuple[str, str]) -> AtomicFactSheet:
    """An atomic-fact sheet of ``summary`` with (text, verdict) facts, numbered in order."""
    sheet = AtomicFactSheet.objects.create(assignment=assignment, summary=summary)
    AtomicFact.objects.bulk_create(
        AtomicFact(sheet=sheet, position=position, text=text, verdict=verdict)
        for position, (text, verdict) in enumerate(facts, start=1)
    )
    return sheet


@pytest.mark.django_db
def test_atomic_facts_are_the_first_voting_assignments_with_their_verdicts() -> None:
    round_ = labelled_demo()
    first, second = first_unit(round_)
    one, two, three, *_ = first.topic.summaries.order_by("position")
    verified(
        first,
        one,
        ("The vote is tonight.", "supported"),
        ("The city pays.", "not_supported"),
        ("A tax is planned.", ""),
    )
    verified(second, one, ("Someone else's fact.", "supported"))  # not gold: first has one
    verified(second, two, ("The port pays.", "supported"), ("It costs $4M.", "supported"))
    # A given ACU of the summary, copied onto the first linguist's sheet.
    acu = AtomicFact.objects.create(given_for=three, position=1, text="The bus runs at night.")
    sheet = AtomicFactSheet.objects.create(assignment=first, summary=three)
    AtomicFact.objects.create(
        sheet=sheet, given=acu, position=1, text=acu.text, verdict="not_supported"
    )
    # Work that does not vote: an unsubmitted assignment of another round.
    draft = Round.objects.create(project=round_.project, name="Later", kind=round_.kind, overlap=1)
    unsubmitted = Assignment.objects.create(
        round=draft, topic=first.topic, annotator=first.annotator
    )
    verified(unsubmitted, three, ("Not counted.", "supported"))

    both = scope(round_)
    rows = {r.system: r for r in summary_rows(both) if r.topic == first.topic.name}
    assert rows[one.system].atomic_facts == (
        AtomicFactRow("The vote is tonight.", supported=True, given=False),
        AtomicFactRow("The city pays.", supported=False, given=False),
        AtomicFactRow("A tax is planned.", supported=None, given=False),
    )
    assert rows[one.system].acu_score is None  # one fact is not verified yet
    assert [f.text for f in rows[two.system].atomic_facts] == ["The port pays.", "It costs $4M."]
    assert rows[two.system].acu_score == 1.0
    assert rows[three.system].atomic_facts == (
        AtomicFactRow("The bus runs at night.", supported=False, given=True),
    )
    assert rows[three.system].acu_score == 0.0
    others = [r for r in rows.values() if r.system not in {one.system, two.system, three.system}]
    assert others
    assert all(r.atomic_facts == () for r in others)


@pytest.mark.django_db
def test_atomic_facts_cost_no_query_per_fact_or_summary(monkeypatch: pytest.MonkeyPatch) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    round_ = labelled_demo()
    monkeypatch.setattr(release_rows, "CHUNK_TOPICS", 3)
    first, _ = first_unit(round_)
    verified(first, first.topic.summaries.first(), ("One fact.", "supported"))

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            list(summary_rows(scope(round_)))
        return len(captured)

    queries()  # the first build also fills caches (the taxonomy's types)
    few = queries()
    for assignment in Assignment.objects.filter(round=round_):
        for summary in assignment.topic.summaries.all():
            if not AtomicFactSheet.objects.filter(assignment=assignment, summary=summary).exists():
                verified(assignment, summary, *((f"Fact {n}.", "supported") for n in range(1, 6)))
    assert queries() == few


@pytest.mark.django_db
def test_a_sentence_without_a_label_still_says_whether_it_states_a_key_fact() -> None:
    """FineSurE's REALSumm labels: key facts and sentence labels, no consistency labels."""
    round_ = labelled_demo()
    writer, other = first_unit(round_)
    summary = writer.topic.summaries.order_by("position").first()
    stating, *rest = summary.sentences.order_by("position")
    SentenceJudgement.objects.filter(assignment__in=[writer, other]).delete()
    sheet = KeyFactSheet.objects.create(assignment=writer)
    fact = KeyFact.objects.create(sheet=sheet, position=1, text="The vote is tonight.")
    alignment = KeyFactAlignment.objects.create(key_fact=fact, summary=summary)
    AlignedSentence.objects.create(alignment=alignment, sentence=stating)

    row = next(r for r in summary_rows(scope(round_)) if r.system == summary.system)
    theirs, unaligned = row.annotators
    assert [s.label for s in theirs.sentences] == [None] * (1 + len(rest))
    assert [s.covers_key_fact for s in theirs.sentences] == [True] + [False] * len(rest)
    assert [c.covered for c in theirs.key_facts] == [True]
    assert {s.covers_key_fact for s in unaligned.sentences} == {None}
    assert [s.covers_key_fact for s in row.sentences] == [True] + [False] * len(rest)


@pytest.mark.django_db
def test_a_documents_reference_summary_comes_with_its_rows() -> None:
    round_ = labelled_demo()
    first, _ = first_unit(round_)
    document = first.topic.document
    document.metadata = {**document.metadata, "reference": "The council votes tonight."}
    document.save()

    rows = list(summary_rows(scope(round_)))
    assert {r.reference for r in rows if r.doc_id == document.external_id} == {
        "The council votes tonight."
    }
    assert {r.reference for r in rows if r.doc_id != document.external_id} == {""}
