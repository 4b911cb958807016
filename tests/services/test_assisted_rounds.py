"""Assisted rounds' writes (annotations/services/assisted.py): the arms drawn per (annotator,
unit), the pre-reveal label kept on the first labelled save, and every later save marked in
the audit trail."""

from __future__ import annotations

from collections import Counter

import pytest

from annotations.kinds.sentence import SENTENCE
from annotations.models import Assignment, JudgementChange, SentenceJudgement, SummarySentence
from annotations.services.assisted import assistance_arms
from annotations.services.judgements import BatchSave, judgement_save, judgement_save_batch
from tests.assisted import LINGUISTS, SYSTEMS, assisted_study

pytestmark = pytest.mark.django_db


def test_arms_give_each_annotator_the_share_and_both_arms() -> None:
    pairs = [(annotator, topic) for annotator in (1, 2, 3) for topic in range(20)]
    arms = assistance_arms(pairs, {t: ["a", "b"] for t in range(20)}, share=0.3, seed=5)
    for annotator in (1, 2, 3):
        assisted = sum(arms[(annotator, topic)] for topic in range(20))
        assert assisted == 6
    # Seeded: the same seed draws the same arms, another seed others.
    assert arms == assistance_arms(pairs, {t: ["a", "b"] for t in range(20)}, share=0.3, seed=5)
    assert arms != assistance_arms(pairs, {t: ["a", "b"] for t in range(20)}, share=0.3, seed=6)


def test_arms_are_stratified_by_summarizer_when_units_show_one_each() -> None:
    # Generic summaries: each unit shows one system, so the system is the stratum.
    systems = {topic: [f"sys{topic % 4}"] for topic in range(16)}
    pairs = [(annotator, topic) for annotator in (1, 2) for topic in range(16)]
    for seed in range(20):
        arms = assistance_arms(pairs, systems, share=0.5, seed=seed)
        by_system: dict[str, set[bool]] = {}
        for (_annotator, topic), arm in arms.items():
            by_system.setdefault(systems[topic][0], set()).add(arm)
        assert all(seen == {True, False} for seen in by_system.values()), (seed, by_system)
        per_annotator = Counter(annotator for (annotator, _), arm in arms.items() if arm)
        assert per_annotator == {1: 8, 2: 8}


def test_a_tiny_share_still_gives_both_arms() -> None:
    arms = assistance_arms([(1, 1), (1, 2), (1, 3)], {}, share=0.05, seed=0)
    assert sorted(arms.values()) == [False, False, True]


def test_round_create_draws_arms_per_annotator_and_system() -> None:
    study = assisted_study(units=8, share=0.5)
    for name in LINGUISTS:
        assisted = study.assignments(name, assisted=True)
        unassisted = study.assignments(name, assisted=False)
        assert len(assisted) == 4
        assert len(unassisted) == 4
    assert study.round.assistance.run == study.run
    # Every system is in both arms (every unit shows all three here).
    arms = {
        (system, arm)
        for arm, topic in Assignment.objects.filter(round=study.round).values_list(
            "assisted", "topic_id"
        )
        for system in SYSTEMS
    }
    assert len(arms) == 2 * len(SYSTEMS)


def _sentence_of(assignment: Assignment) -> int:
    return (
        SummarySentence.objects.filter(summary__topic_id=assignment.topic_id)
        .order_by("pk")
        .values_list("pk", flat=True)
        .first()
    )  # type: ignore[return-value]


def test_first_label_is_kept_and_every_later_save_is_marked() -> None:
    study = assisted_study()
    assignment = study.assignments(LINGUISTS[0], assisted=True)[0]
    user = assignment.annotator
    assert user is not None
    sentence = _sentence_of(assignment)
    kind = SENTENCE
    save = dict(kind=kind, assignment_id=assignment.pk, user=user, target_id=sentence)
    # A save without a label reveals nothing.
    judgement_save(**save, version=0, changes={"comment": "unsure"})  # type: ignore[arg-type]
    judgement = SentenceJudgement.objects.get(assignment=assignment, sentence_id=sentence)
    assert judgement.revealed_at is None
    assert judgement.pre_reveal_label == ""
    judgement_save(**save, version=1, changes={"label": "consistent"})  # type: ignore[arg-type]
    judgement.refresh_from_db()
    assert judgement.pre_reveal_label == "consistent"
    assert judgement.revealed_at is not None
    judgement_save(  # type: ignore[arg-type]
        **save, version=2, changes={"label": "inconsistent", "explanation": "Wrong day."}
    )
    judgement.refresh_from_db()
    assert (judgement.label, judgement.pre_reveal_label) == ("inconsistent", "consistent")
    marks = list(
        JudgementChange.objects.filter(object_id=judgement.pk, kind="sentencejudgement")
        .order_by("pk")
        .values_list("after_reveal", flat=True)
    )
    assert marks == [False, False, True]


def test_batch_saves_reveal_and_mark_too_but_never_in_unassisted_units() -> None:
    study = assisted_study()
    kind = SENTENCE
    for assisted in (True, False):
        assignment = study.assignments(LINGUISTS[1], assisted=assisted)[0]
        user = assignment.annotator
        assert user is not None
        sentence = _sentence_of(assignment)
        for version, label in enumerate(("inconsistent", "consistent")):
            judgement_save_batch(
                assignment_id=assignment.pk,
                user=user,
                saves=[
                    BatchSave(
                        kind=kind, version=version, changes={"label": label}, target_id=sentence
                    )
                ],
            )
        judgement = SentenceJudgement.objects.get(assignment=assignment, sentence_id=sentence)
        marks = list(
            JudgementChange.objects.filter(object_id=judgement.pk, kind="sentencejudgement")
            .order_by("pk")
            .values_list("after_reveal", flat=True)
        )
        if assisted:
            assert judgement.pre_reveal_label == "inconsistent"
            assert marks == [False, True]
        else:
            assert judgement.pre_reveal_label == ""
            assert judgement.revealed_at is None
            assert marks == [False, False]


def test_the_agreement_report_carries_the_reveal_figures() -> None:
    from annotations.services.agreement_reports import agreement_report_compute

    study = assisted_study()
    changed = revealed = 0
    for assignment in Assignment.objects.filter(round=study.round).select_related("annotator"):
        user = assignment.annotator
        assert user is not None
        sentences = SummarySentence.objects.filter(
            summary__topic_id=assignment.topic_id
        ).values_list("pk", flat=True)
        for number, sentence in enumerate(sentences):
            save = dict(kind=SENTENCE, assignment_id=assignment.pk, user=user, target_id=sentence)
            judgement_save(**save, version=0, changes={"label": "consistent"})  # type: ignore[arg-type]
            if assignment.assisted:
                revealed += 1
                if number % 3 == 0:  # revise every third label after the reveal
                    changed += 1
                    judgement_save(  # type: ignore[arg-type]
                        **save, version=1, changes={"label": "inconsistent", "explanation": "x"}
                    )
    report = agreement_report_compute(round=study.round)
    section = report.results["assisted_reveal"]
    assert section["n_revealed"] == revealed
    assert section["overall"]["changed"]["value"] == pytest.approx(changed / revealed, abs=1e-4)
    assert section["overall"]["changed"]["to_inconsistent"] == changed
    assert {a["annotator"] for a in section["annotators"]} == set(LINGUISTS)
    # Every pre-reveal label was consistent: agreement with the model before the reveal is
    # the share of sentences the model calls consistent (every other one, tests/assisted.py).
    assert section["overall"]["model_agreement"]["before"]["value"] == pytest.approx(0.5, abs=0.15)
    # Stored and reused until a label, pre-reveal label or time changes.
    assert agreement_report_compute(round=study.round) == report  # reused: labels unchanged
