"""The assisted round's figures (annotations/agreement/anchoring.py) against simple
references: shares counted by hand, accuracy from scikit-learn, Krippendorff's alpha from the
``krippendorff`` package, and the unit-clustered bootstrap against a plain loop that
resamples units and recomputes each figure from the resampled records."""

from __future__ import annotations

import random

import krippendorff
import numpy as np
import pytest
from sklearn.metrics import accuracy_score

from annotations.agreement.anchoring import LabelRecord, UnitTime, anchoring_report

LABELS = ("consistent", "inconsistent")


def study(seed: int = 1, units: int = 40) -> tuple[list[LabelRecord], list[UnitTime]]:
    """Three annotators label every sentence (3 per unit); each pair's arm is random; in
    assisted pairs the pre-reveal label is drawn and sometimes revised to the model's."""
    rng = random.Random(seed)
    records: list[LabelRecord] = []
    times: list[UnitTime] = []
    for unit in range(units):
        truth = [rng.choice(LABELS) for _ in range(3)]
        model = [t if rng.random() < 0.7 else rng.choice(LABELS) for t in truth]
        for annotator in ("ann", "bob", "cy"):
            assisted = rng.random() < 0.5
            times.append(UnitTime(unit, annotator, assisted, rng.uniform(60, 300)))
            for sentence in range(3):
                own = truth[sentence] if rng.random() < 0.8 else rng.choice(LABELS)
                if not assisted:
                    records.append(LabelRecord(unit, sentence, annotator, False, own))
                    continue
                final = model[sentence] if rng.random() < 0.3 else own
                records.append(
                    LabelRecord(unit, sentence, annotator, True, final, own, model[sentence])
                )
    return records, times


def test_shares_match_counts_by_hand_and_scikit_learn() -> None:
    records, times = study()
    report = anchoring_report(records, times, n_resamples=50)
    overall = report["overall"]
    revealed = [r for r in records if r.assisted]
    changed = [r for r in revealed if r.label != r.pre_reveal]
    assert overall["changed"]["value"] == pytest.approx(len(changed) / len(revealed), abs=1e-4)
    assert overall["changed"]["to_inconsistent"] == sum(r.label == "inconsistent" for r in changed)
    assert overall["changed"]["to_consistent"] == sum(r.label == "consistent" for r in changed)
    before = accuracy_score([r.model for r in revealed], [r.pre_reveal for r in revealed])
    after = accuracy_score([r.model for r in revealed], [r.label for r in revealed])
    assert overall["model_agreement"]["before"]["value"] == pytest.approx(before, abs=1e-4)
    assert overall["model_agreement"]["after"]["value"] == pytest.approx(after, abs=1e-4)
    assert overall["model_agreement"]["difference"]["value"] == pytest.approx(
        after - before, abs=2e-4
    )
    # Revisions toward the model raise agreement with it: the simulation's anchoring shows.
    assert after > before
    unassisted = [r for r in records if not r.assisted]
    assert overall["inconsistent_rate"]["unassisted"]["value"] == pytest.approx(
        np.mean([r.label == "inconsistent" for r in unassisted]), abs=1e-4
    )
    assert overall["time"]["assisted"]["value"] == pytest.approx(
        np.mean([t.seconds for t in times if t.assisted]), abs=1e-3
    )
    ann = next(a for a in report["annotators"] if a["annotator"] == "ann")
    mine = [r for r in revealed if r.annotator == "ann"]
    assert ann["changed"]["value"] == pytest.approx(
        sum(r.label != r.pre_reveal for r in mine) / len(mine), abs=1e-4
    )


def test_alpha_per_arm_matches_the_krippendorff_package() -> None:
    records, _ = study(seed=2, units=60)
    report = anchoring_report(records, n_resamples=20)
    by_sentence: dict[tuple[int, int], list[LabelRecord]] = {}
    for record in records:
        by_sentence.setdefault((record.unit, record.sentence), []).append(record)  # type: ignore[arg-type]
    for arm, key in ((True, "assisted"), (False, "unassisted")):
        # Only the labels of annotators in that arm, on sentences where all were in it.
        chosen = [rs for rs in by_sentence.values() if {r.assisted for r in rs} == {arm}]
        raters = ["ann", "bob", "cy"]
        matrix = [
            [
                next((LABELS.index(r.label) for r in rs if r.annotator == rater), np.nan)
                for rs in chosen
            ]
            for rater in raters
        ]
        expected = krippendorff.alpha(
            reliability_data=np.array(matrix, dtype=float), level_of_measurement="nominal"
        )
        figure = report["overall"]["agreement"][key]
        assert figure["n_sentences"] == len(chosen)
        assert figure["alpha"]["value"] == pytest.approx(expected, abs=1e-4)


def test_the_bootstrap_resamples_units_as_a_plain_loop_does() -> None:
    records, _ = study(seed=3, units=25)
    resamples, seed = 200, 11
    report = anchoring_report(records, n_resamples=resamples, seed=seed)
    units = list(dict.fromkeys(r.unit for r in records))
    rng = np.random.default_rng(seed)
    draws = rng.integers(0, len(units), size=(resamples, len(units)))
    replicates = []
    for row in draws:
        picked = [r for i in row for r in records if r.unit == units[i]]
        revealed = [r for r in picked if r.assisted]
        replicates.append(sum(r.label != r.pre_reveal for r in revealed) / len(revealed))
    low, high = np.percentile(replicates, [2.5, 97.5])
    assert report["overall"]["changed"]["ci"] == [
        pytest.approx(low, abs=1e-4),
        pytest.approx(high, abs=1e-4),
    ]


def test_clustered_intervals_are_wider_than_sentence_level_ones_for_clustered_labels() -> None:
    """Units where everybody changes every label or nobody changes any: resampling units
    must see that between-unit variation (a sentence-level bootstrap would not)."""
    records = [
        LabelRecord(
            unit,
            sentence,
            "ann",
            True,
            "inconsistent" if unit % 2 else "consistent",
            "consistent",
            "inconsistent",
        )
        for unit in range(40)
        for sentence in range(10)
    ]
    ci = anchoring_report(records, n_resamples=500)["overall"]["changed"]["ci"]
    # 20 of 40 units change: a unit-level binomial, sd sqrt(.25/40) = 0.079, so the interval
    # spans about ±0.15; a sentence-level one (400 labels) would span only about ±0.05.
    assert ci[1] - ci[0] > 0.2


def test_no_revealed_labels_gives_no_figure_not_an_error() -> None:
    records = [LabelRecord(1, 1, "ann", False, "consistent")]
    report = anchoring_report(records, n_resamples=10)
    assert report["n_revealed"] == 0
    assert report["small_n"] is True
    assert report["overall"]["model_agreement"]["before"] is None
    assert report["overall"]["changed"]["n_revealed"] == 0
