"""ECE, the reliability diagram and kappa of a judge, checked against scikit-learn."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.calibration import calibration_curve
from sklearn.metrics import cohen_kappa_score, confusion_matrix

from annotations.evaluator_scores.calibration import binary_kappa, reliability
from annotations.evaluator_scores.errors import EvaluatorScoreError


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_reliability_bins_are_calibration_curve_points(seed: int) -> None:
    rng = np.random.default_rng(seed)
    scores = rng.random(500)
    # Scores on the inner edges and the ends go where scikit-learn puts them.
    scores[:6] = [0.0, 0.1, 0.2, 0.5, 0.9, 1.0]
    consistent = rng.random(500) < scores**2
    diagram = reliability(scores, consistent, n_bins=10)
    observed, predicted = calibration_curve(consistent, scores, n_bins=10, strategy="uniform")
    filled = [b for b in diagram.bins if b.records]
    assert [b.observed for b in filled] == pytest.approx(observed)
    assert [b.mean_score for b in filled] == pytest.approx(predicted)
    assert sum(b.records for b in diagram.bins) == 500
    # ECE by its definition, from scikit-learn's points and the bin counts.
    counts = np.array([b.records for b in filled])
    assert diagram.ece == pytest.approx(float(np.sum(counts * np.abs(observed - predicted)) / 500))


def test_a_calibrated_judge_has_small_ece_and_an_overconfident_one_large() -> None:
    rng = np.random.default_rng(7)
    scores = rng.random(20_000)
    consistent = rng.random(20_000) < scores
    assert reliability(scores, consistent).ece < 0.02
    overconfident = np.where(scores > 0.5, 1.0, 0.0)
    assert reliability(overconfident, consistent).ece > 0.2


def test_scores_outside_zero_one_are_refused() -> None:
    with pytest.raises(EvaluatorScoreError, match=r"\[0, 1\]"):
        reliability(np.array([0.2, 3.5]), np.array([True, False]))


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_binary_kappa_is_cohen_kappa_score(seed: int) -> None:
    rng = np.random.default_rng(seed)
    gold = rng.random(300) < 0.3
    calls = np.where(rng.random(300) < 0.8, gold, ~gold)
    tn, fp, fn, tp = confusion_matrix(gold, calls, labels=[False, True]).ravel()
    assert binary_kappa(int(tp), int(fp), int(fn), int(tn)) == pytest.approx(
        cohen_kappa_score(gold, calls)
    )


def test_kappa_is_undefined_when_everything_is_one_value() -> None:
    assert np.isnan(binary_kappa(0, 0, 0, 10))
