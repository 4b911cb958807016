"""Releases of assisted rounds (docs/models-in-the-loop.md): the pre-reveal label is exported
beside the final one, and a release can be built from either."""

from __future__ import annotations

from typing import Any

import pytest

from annotations.formats.writers.native import write_native
from annotations.kinds.sentence import SENTENCE
from annotations.models import Assignment, AssignmentStatus, SummarySentence
from annotations.selectors.release_rows import summary_rows
from annotations.selectors.release_scope import ReleaseScope
from annotations.services.judgements import judgement_save
from annotations.services.releases import ReleaseInvalid, release_config_validate
from tests.assisted import AssistedStudy, assisted_study

pytestmark = pytest.mark.django_db


def labelled(study: AssistedStudy) -> None:
    """Every linguist labels every sentence consistent; in assisted pairs they revise each
    to inconsistent after the reveal. Then every assignment is submitted."""
    for assignment in Assignment.objects.filter(round=study.round).select_related("annotator"):
        assert assignment.annotator is not None
        for sentence in SummarySentence.objects.filter(
            summary__topic_id=assignment.topic_id
        ).values_list("pk", flat=True):
            save: dict[str, Any] = dict(
                kind=SENTENCE,
                assignment_id=assignment.pk,
                user=assignment.annotator,
                target_id=sentence,
            )
            judgement_save(**save, version=0, changes={"label": "consistent"})
            if assignment.assisted:
                judgement_save(
                    **save, version=1, changes={"label": "inconsistent", "explanation": "x"}
                )
    Assignment.objects.filter(round=study.round).update(status=AssignmentStatus.SUBMITTED)


def annotator_labels(study: AssistedStudy, choice: str) -> list[tuple[Any, Any]]:
    scope = ReleaseScope(
        project=study.project,
        round_ids=[study.round.pk],
        split_of=lambda corpus, doc, stored: "dev",
        assisted_labels=choice,
    )
    return [
        (sentence.label, sentence.pre_reveal_label)
        for row in summary_rows(scope)
        for annotator in row.annotators
        for sentence in annotator.sentences
    ]


def test_releases_build_from_final_or_pre_reveal_labels_or_carry_both() -> None:
    study = assisted_study(units=4)
    labelled(study)
    both = annotator_labels(study, "both")
    # Assisted labels: final inconsistent, pre-reveal consistent beside it; others alone.
    assert set(both) == {("inconsistent", "consistent"), ("consistent", None)}
    assert set(annotator_labels(study, "final")) == {("inconsistent", None), ("consistent", None)}
    assert set(annotator_labels(study, "pre_reveal")) == {("consistent", None)}
    scope = ReleaseScope(
        project=study.project,
        round_ids=[study.round.pk],
        split_of=lambda corpus, doc, stored: "dev",
        assisted_labels="both",
    )
    import io
    import json

    stream = io.BytesIO()
    write_native(stream, summary_rows(scope))
    rows = [json.loads(line) for line in stream.getvalue().splitlines()]
    exported = {
        (s["label"], s["pre_reveal_label"])
        for row in rows
        for annotator in row["annotators"]
        for s in annotator["sentences"]
    }
    assert ("inconsistent", "consistent") in exported


def test_an_unknown_choice_is_refused_naming_the_allowed_ones() -> None:
    study = assisted_study(units=2)
    labelled(study)
    config = {
        "version": "1.0.0",
        "rounds": [study.round.pk],
        "formats": ["native"],
        "assisted_labels": "revealed",
    }
    with pytest.raises(ReleaseInvalid) as refused:
        release_config_validate(project=study.project, config=config)
    assert "pre_reveal" in refused.value.errors["assisted_labels"][0]
    config["assisted_labels"] = "pre_reveal"
    assert release_config_validate(project=study.project, config=config)["assisted_labels"] == (
        "pre_reveal"
    )
