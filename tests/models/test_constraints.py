"""Invariants the database itself enforces, whatever code writes to it."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from annotations.models import (
    Assignment,
    ErrorSpan,
    ErrorTaxonomy,
    ErrorType,
    Release,
    ReleaseStatus,
    ReviewDecision,
    ReviewOutcome,
    Round,
    RoundItem,
    RoundKind,
    RoundStatus,
    SecondReview,
    SentenceJudgement,
    SummaryJudgement,
    SummarySentence,
    TopicJudgement,
)
from tests.factories import (
    AssignmentFactory,
    ProjectFactory,
    RoundFactory,
    SentenceFactory,
    SummaryFactory,
    TopicFactory,
)

pytestmark = pytest.mark.django_db


def refused(callable_) -> bool:
    try:
        with transaction.atomic():
            callable_()
    except IntegrityError:
        return True
    return False


def test_an_assignment_has_one_judgement_per_sentence() -> None:
    assignment = AssignmentFactory()
    sentence = SentenceFactory(summary__topic=assignment.topic)
    SentenceJudgement.objects.create(assignment=assignment, sentence=sentence, label="consistent")
    assert refused(
        lambda: SentenceJudgement.objects.create(
            assignment=assignment, sentence=sentence, label="inconsistent"
        )
    )


def test_a_sentence_label_is_consistent_inconsistent_or_unanswered() -> None:
    assignment = AssignmentFactory()
    sentence = SentenceFactory(summary__topic=assignment.topic)
    assert refused(
        lambda: SentenceJudgement.objects.create(
            assignment=assignment, sentence=sentence, label="yes"
        )
    )


@pytest.mark.parametrize(("relevance", "allowed"), [(0, False), (1, True), (5, True), (6, False)])
def test_relevance_is_on_a_1_to_5_scale(relevance: int, allowed: bool) -> None:
    assignment = AssignmentFactory()
    summary = SummaryFactory(topic=assignment.topic)
    outcome = refused(
        lambda: SummaryJudgement.objects.create(
            assignment=assignment, summary=summary, relevance=relevance
        )
    )
    assert outcome is not allowed


def test_a_topic_category_is_main_marginal_or_irrelevant() -> None:
    assignment = AssignmentFactory()
    assert refused(lambda: TopicJudgement.objects.create(assignment=assignment, category="major"))


@pytest.mark.parametrize(("start", "end"), [(5, 5), (7, 3)])
def test_an_error_span_starts_before_it_ends(start: int, end: int) -> None:
    assignment = AssignmentFactory()
    judgement = SentenceJudgement.objects.create(
        assignment=assignment, sentence=SentenceFactory(summary__topic=assignment.topic)
    )
    assert refused(lambda: ErrorSpan.objects.create(judgement=judgement, start=start, end=end))


def test_an_error_span_past_the_sentence_end_is_rejected_by_validation() -> None:
    assignment = AssignmentFactory()
    sentence = SentenceFactory(summary__topic=assignment.topic, text="Short.")
    judgement = SentenceJudgement.objects.create(assignment=assignment, sentence=sentence)
    span = ErrorSpan(judgement=judgement, start=2, end=40)
    with pytest.raises(Exception, match="past the sentence's 6 characters"):
        span.full_clean()


def test_sentence_offsets_are_ordered_and_unique_in_position() -> None:
    summary = SummaryFactory()
    assert refused(
        lambda: SummarySentence.objects.create(
            summary=summary, position=0, text="x", start=4, end=4
        )
    )
    SentenceFactory(summary=summary, position=0)
    assert refused(lambda: SentenceFactory(summary=summary, position=0))


def test_a_unit_goes_to_an_annotator_once_per_round() -> None:
    assignment = AssignmentFactory()
    assert refused(
        lambda: Assignment.objects.create(
            round=assignment.round, topic=assignment.topic, annotator=assignment.annotator
        )
    )


def test_labels_belong_to_an_annotator_or_a_named_source() -> None:
    round_ = RoundFactory()
    topic = TopicFactory()
    assert refused(lambda: Assignment.objects.create(round=round_, topic=topic, annotator=None))
    Assignment.objects.create(round=round_, topic=topic, source="TofuEval release")


def test_an_open_round_has_frozen_a_guideline_version() -> None:
    project = ProjectFactory()
    assert refused(
        lambda: Round.objects.create(
            project=project, name="P", kind=RoundKind.PILOT, status=RoundStatus.OPEN
        )
    )


def test_overlap_is_at_least_one() -> None:
    assert refused(lambda: RoundFactory(overlap=0))


def test_two_builds_of_one_version_cannot_both_publish() -> None:
    project = ProjectFactory()
    Release.objects.create(project=project, version="1.0.0", status=ReleaseStatus.PUBLISHED)
    Release.objects.create(project=project, version="1.0.0", status=ReleaseStatus.FAILED)
    assert refused(
        lambda: Release.objects.create(
            project=project, version="1.0.0", status=ReleaseStatus.PUBLISHED
        )
    )


def test_review_answers_are_one_per_item_with_valid_values() -> None:
    assignment = AssignmentFactory()
    sentence = SentenceFactory(summary__topic=assignment.topic)
    assert refused(
        lambda: ReviewDecision.objects.create(
            assignment=assignment, sentence=sentence, decision="maybe"
        )
    )
    ReviewDecision.objects.create(
        assignment=assignment, sentence=sentence, decision=ReviewOutcome.CONFIRMED
    )
    assert refused(
        lambda: ReviewDecision.objects.create(
            assignment=assignment, sentence=sentence, decision=ReviewOutcome.FALSE_POSITIVE
        )
    )
    assert refused(
        lambda: SecondReview.objects.create(
            assignment=assignment, sentence=sentence, verdict="agree"
        )
    )
    assert refused(
        lambda: RoundItem.objects.bulk_create(
            [
                RoundItem(round=assignment.round, sentence=sentence),
                RoundItem(round=assignment.round, sentence=sentence),
            ]
        )
    )


def test_a_project_has_one_adjudication_round() -> None:
    project = ProjectFactory()
    Round.objects.create(project=project, name="Adjudication", kind=RoundKind.ADJUDICATION)
    assert refused(
        lambda: Round.objects.create(
            project=project, name="Adjudication 2", kind=RoundKind.ADJUDICATION
        )
    )


def test_builtin_taxonomies_are_seeded_with_a_unified_type_for_every_type() -> None:
    slugs = set(ErrorTaxonomy.objects.filter(builtin=True).values_list("slug", flat=True))
    assert slugs == {"tofueval", "frank", "dialogue-llm", "aggrefact-unified"}
    tofueval = ErrorType.objects.filter(taxonomy__slug="tofueval")
    assert set(tofueval.values_list("name", flat=True)) == {
        "Extrinsic Information",
        "Mis-Referencing",
        "Stating Opinion as Fact",
        "Reasoning Error",
        "Tense/Modality Error",
        "Contradiction",
        "Nuanced Meaning Shift",
        "Other",
    }
    mapped = ErrorType.objects.exclude(taxonomy__slug="aggrefact-unified")
    assert not mapped.filter(unified_type__isnull=True).exists()
    assert set(mapped.values_list("unified_type__taxonomy__slug", flat=True)) == {
        "aggrefact-unified"
    }
    assert all(t.definition for t in ErrorType.objects.all())
    assert tofueval.get(name="Mis-Referencing").unified_type.code == "intrinsic-np"
