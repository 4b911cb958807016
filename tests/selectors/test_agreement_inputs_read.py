"""The agreement read (selectors/agreement_inputs.py): what each question's matrix holds on a
round where labels of every kind are missing or partial, and that the read is one snapshot,
so a reopen landing between its queries is wholly in the inputs or not at all."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from django.db import connection, connections
from django.utils import timezone

from annotations.agreement.report import QuestionInput
from annotations.models import (
    Assignment,
    AssignmentStatus,
    ErrorType,
    Round,
    RoundStatus,
    SentenceJudgement,
    SummaryJudgement,
    SummarySentence,
    TopicJudgement,
)
from annotations.selectors.agreement_inputs import inputs_hash, round_question_inputs
from annotations.services.agreement_reports import agreement_report_compute
from annotations.services.feedback import assignment_reopen
from tests.factories import (
    AssignmentFactory,
    DocumentFactory,
    GuidelineFactory,
    ProjectFactory,
    RoundFactory,
    SentenceFactory,
    SummaryFactory,
    TopicFactory,
    UserFactory,
)

SUBMITTED = AssignmentStatus.SUBMITTED


def labels(assignment: Assignment, sentence: SummarySentence, label: str) -> SentenceJudgement:
    return SentenceJudgement.objects.create(assignment=assignment, sentence=sentence, label=label)


def build_round() -> tuple[Round, dict[str, Any]]:
    """Two units. T1: summary "early" (position 1: sentences a, b) and "late" (position 5:
    sentence c), each created out of its report order; T2: summary s3 (sentence d)."""
    project = ProjectFactory()
    document = DocumentFactory(corpus__project=project)
    t1, t2 = TopicFactory(document=document), TopicFactory(document=document)
    late = SummaryFactory(topic=t1, position=5)
    early = SummaryFactory(topic=t1, position=1)
    s3 = SummaryFactory(topic=t2, position=0)
    b = SentenceFactory(summary=early, position=1)
    a = SentenceFactory(summary=early, position=0)
    c = SentenceFactory(summary=late, position=0)
    d = SentenceFactory(summary=s3, position=0)
    round_ = RoundFactory(
        project=project,
        status=RoundStatus.OPEN,
        overlap=3,
        guideline_version=GuidelineFactory(project=project, published_at=timezone.now()),
    )
    ann, bob, cat = (UserFactory(username=name) for name in ("ann", "bob", "cat"))

    def unit(user: Any, topic: Any, status: str = SUBMITTED) -> Assignment:
        return AssignmentFactory(round=round_, topic=topic, annotator=user, status=status)

    return round_, {
        "project": project,
        "topics": (t1, t2),
        "summaries": (early, late, s3),
        "sentences": (a, b, c, d),
        "people": (ann, bob, cat),
        "unit": unit,
    }


def test_missing_and_partial_labels_of_every_kind_read_as_none_where_the_report_expects(
    db: None,
) -> None:
    round_, made = build_round()
    a, b, c, d = made["sentences"]
    early, late, s3 = made["summaries"]
    t1, t2 = made["topics"]
    ann, bob, cat = made["people"]
    unit: Callable[..., Assignment] = made["unit"]
    kinds = list(ErrorType.objects.filter(taxonomy=made["project"].taxonomy).order_by("id")[:2])

    ann1, ann2 = unit(ann, t1), unit(ann, t2)
    labels(ann1, a, "consistent")
    labels(ann1, b, "inconsistent").error_types.set(kinds)
    labels(ann1, c, "consistent")
    SummaryJudgement.objects.create(assignment=ann1, summary=early, relevance=4)
    TopicJudgement.objects.create(assignment=ann1, category="irrelevant")
    labels(ann2, d, "")  # opened, never labelled
    SummaryJudgement.objects.create(assignment=ann2, summary=s3, relevance=None, not_a_summary=True)
    TopicJudgement.objects.create(assignment=ann2, category="")

    bob1 = unit(bob, t1)
    labels(bob1, a, "consistent")
    labels(bob1, b, "inconsistent")  # no type chosen: the empty set
    SummaryJudgement.objects.create(assignment=bob1, summary=early, relevance=2)
    SummaryJudgement.objects.create(assignment=bob1, summary=late, relevance=5)
    TopicJudgement.objects.create(assignment=bob1, category="main")
    # bob's T2 is in progress: not counted, whatever it holds.
    labels(unit(bob, t2, AssignmentStatus.IN_PROGRESS), d, "inconsistent")

    cat2 = unit(cat, t2)
    labels(cat2, d, "consistent")
    SummaryJudgement.objects.create(assignment=cat2, summary=s3, relevance=3)
    TopicJudgement.objects.create(assignment=cat2, category="marginal")
    # Published reference labels have no annotator: not a rater.
    reference = AssignmentFactory(
        round=round_, topic=t1, annotator=None, source="tofueval", status=SUBMITTED
    )
    labels(reference, a, "inconsistent")

    questions = {q.key: q for q in round_question_inputs(round=round_)}
    matrices = {
        key: [list(row) for row in q.matrix] for key, q in questions.items() if hasattr(q, "matrix")
    }
    assert list(questions["sentence_consistency"].raters) == ["ann", "bob", "cat"]
    assert matrices["sentence_consistency"] == [
        ["consistent", "inconsistent", "consistent", None],
        ["consistent", "inconsistent", None, None],
        [None, None, None, "consistent"],
    ]
    assert matrices["summary_consistency"] == [
        ["inconsistent", "consistent", None],
        ["inconsistent", None, None],
        [None, None, "consistent"],
    ]
    assert matrices["error_types"] == [
        [None, frozenset(kind.name for kind in kinds), None, None],
        [None, frozenset(), None, None],
        [None, None, None, None],
    ]
    assert matrices["relevance"] == [[4, None, None], [2, 5, None], [None, None, 3]]
    assert matrices["relevance_binned"] == [[1, None, None], [0, 1, None], [None, None, 1]]
    assert matrices["topic_category"] == [["irrelevant", None], ["main", None], [None, "marginal"]]
    assert matrices["topic_category_merged"] == [
        ["marginal", None],
        ["main", None],
        [None, "marginal"],
    ]
    assert matrices["not_a_summary"] == [
        [False, False, True],
        [False, False, None],
        [None, None, False],
    ]
    assert list(questions["sentence_consistency"].units) == [t1.pk, t1.pk, t1.pk, t2.pk]
    assert list(questions["relevance"].units) == [t1.pk, t1.pk, t2.pk]
    assert list(questions["topic_category"].units) == [t1.pk, t2.pk]
    # The values are Python's own (the stored report is JSON of them), not numpy's.
    assert type(matrices["relevance"][0][0]) is int
    assert type(matrices["not_a_summary"][0][0]) is bool
    # The hash reads the matrices' codes; the same labels as plain lists hash alike.
    read = list(questions.values())
    assert all(getattr(q.matrix, "codes", None) is not None for q in read if hasattr(q, "matrix"))
    plain = [
        replace(q, matrix=[list(row) for row in q.matrix]) if isinstance(q, QuestionInput) else q
        for q in read
    ]
    assert inputs_hash(plain) == inputs_hash(read)


def read_alone(round_: Round) -> str:
    return inputs_hash(round_question_inputs(round=round_))


def read_by_the_recompute(round_: Round) -> str:
    # The recompute task's own call: the read inside its transaction (no assisted round,
    # so the stored hash is the inputs' own).
    return agreement_report_compute(round=round_).inputs_hash


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
@pytest.mark.parametrize("read", [read_alone, read_by_the_recompute])
def test_a_reopen_and_edit_between_the_reads_queries_is_wholly_in_or_out(
    read: Callable[[Round], str],
) -> None:
    """Another session reopens ann's unit and changes a label while the read is under way
    (after it read the submitted assignments): the inputs are those of before or of after,
    never ann counted as submitted with her unsubmitted edit."""
    if connection.vendor != "postgresql":
        pytest.skip("the snapshot is PostgreSQL's REPEATABLE READ; SQLite serialises writes")
    round_, made = build_round()
    a, b, c, _ = made["sentences"]
    t1, _ = made["topics"]
    ann, bob, _ = made["people"]
    unit: Callable[..., Assignment] = made["unit"]
    ann1, bob1 = unit(ann, t1), unit(bob, t1)
    for sentence in (a, b, c):
        labels(ann1, sentence, "consistent")
        labels(bob1, sentence, "consistent")
    admin = UserFactory(username="admin", is_staff=True, is_superuser=True)
    before = inputs_hash(round_question_inputs(round=round_))

    def reopen_and_edit() -> None:
        try:
            assignment_reopen(assignment_id=ann1.pk, actor=admin, reason="look again at b")
            SentenceJudgement.objects.filter(assignment=ann1, sentence=b).update(
                label="inconsistent"
            )
        finally:
            connections.close_all()

    done: list[bool] = []

    def between_queries(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        # Once the assignments are read, before the first judgement is.
        if not done and "annotations_sentencejudgement" in sql:
            done.append(True)
            other = threading.Thread(target=reopen_and_edit)
            other.start()
            other.join()
        return execute(sql, params, many, context)

    with connection.execute_wrapper(between_queries):
        during = read(round_)
    assert done
    after = inputs_hash(round_question_inputs(round=round_))
    assert before != after
    assert during in (before, after)
