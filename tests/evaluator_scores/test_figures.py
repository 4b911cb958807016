"""The evaluator figures against hand-computed cases and scikit-learn."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from sklearn.metrics import (
    balanced_accuracy_score,
    cohen_kappa_score,
    precision_recall_fscore_support,
    roc_auc_score,
)

from annotations.agreement.fleiss import fleiss_kappa
from annotations.evaluator_scores import (
    Coded,
    EvaluatorScoreError,
    LevelRecords,
    RunValues,
    TypeSets,
    binary_figures,
    clustered_auc,
    level_leaderboard,
    self_agreement,
    tune_threshold,
)
from annotations.evaluator_scores.hardness import unit_hardness
from annotations.evaluator_scores.leaderboard import MIN_TEST_DOCUMENTS, NOT_TESTED


def test_the_binary_figures_by_hand() -> None:
    # 4 inconsistent (3 flagged), 6 consistent (1 flagged):
    # TPR 3/4, TNR 5/6 -> balanced (0.75 + 0.8333) / 2 = 0.791667; FPR 1/6; FNR 1/4;
    # precision 3/4; recall 3/4; F1 3/4.
    got = binary_figures(np.array(3), np.array(1), np.array(4), np.array(6))
    assert float(got["balanced_accuracy"]) == pytest.approx((0.75 + 5 / 6) / 2)
    assert float(got["fpr"]) == pytest.approx(1 / 6)
    assert float(got["fnr"]) == pytest.approx(0.25)
    assert float(got["precision"]) == pytest.approx(0.75)
    assert float(got["f1"]) == pytest.approx(0.75)
    # Nothing flagged: precision undefined, not 0.
    assert np.isnan(binary_figures(np.array(0), np.array(0), np.array(4), np.array(6))["precision"])


@pytest.mark.parametrize("seed", range(5))
def test_the_figures_agree_with_scikit_learn(seed: int) -> None:
    rng = np.random.default_rng(seed)
    gold = rng.random(500) < 0.3
    flagged = np.where(gold, rng.random(500) < 0.7, rng.random(500) < 0.2)
    got = binary_figures(
        np.array((gold & flagged).sum()),
        np.array((~gold & flagged).sum()),
        np.array(gold.sum()),
        np.array((~gold).sum()),
    )
    assert float(got["balanced_accuracy"]) == pytest.approx(balanced_accuracy_score(gold, flagged))
    precision, recall, f1, _ = precision_recall_fscore_support(
        gold, flagged, average="binary", pos_label=True
    )
    assert (float(got["precision"]), float(got["recall"]), float(got["f1"])) == pytest.approx(
        (precision, recall, f1)
    )


def test_the_tuned_threshold_is_the_known_optimum_and_ties_go_low() -> None:
    # Inconsistent records score 0.1-0.3, consistent 0.6-0.9: any threshold in (0.3, 0.6)
    # separates them; the midpoint 0.45 is chosen.
    scores = np.array([0.1, 0.2, 0.3, 0.6, 0.7, 0.9])
    gold = np.array([True, True, True, False, False, False])
    tuned = tune_threshold(scores, gold)
    assert (tuned.value, tuned.balanced_accuracy) == (pytest.approx(0.45), 1.0)
    # Equal scores are never split: both 0.5s go the same way.
    tied = tune_threshold(np.array([0.5, 0.5, 0.9]), np.array([True, False, False]))
    assert tied.value in (pytest.approx(0.7), pytest.approx(-0.5))
    with pytest.raises(EvaluatorScoreError, match="no inconsistent record"):
        tune_threshold(scores, np.zeros(6, dtype=bool))


@pytest.mark.parametrize("seed", range(4))
def test_the_tuned_threshold_is_the_best_of_every_cut(seed: int) -> None:
    rng = np.random.default_rng(seed)
    gold = rng.random(300) < 0.4
    scores = np.round(np.where(gold, rng.normal(0.3, 0.2, 300), rng.normal(0.6, 0.2, 300)), 2)
    tuned = tune_threshold(scores, gold)
    best = max(balanced_accuracy_score(gold, scores < t) for t in [*np.unique(scores).tolist(), 9])
    assert tuned.balanced_accuracy == pytest.approx(best)
    assert balanced_accuracy_score(gold, scores < tuned.value) == pytest.approx(best)


@pytest.mark.parametrize("seed", range(4))
def test_auc_agrees_with_scikit_learn_and_clusters_widen_its_interval(seed: int) -> None:
    rng = np.random.default_rng(seed)
    gold = rng.random(400) < 0.3
    scores = np.round(np.where(gold, rng.normal(0.4, 0.2, 400), rng.normal(0.6, 0.2, 400)), 2)
    alone = clustered_auc(scores, gold, np.arange(400), confidence=0.95)
    assert alone.value == pytest.approx(roc_auc_score(gold, -scores))
    assert alone.low < alone.value < alone.high
    # The same records as 40 documents of 10 copies of one record each: far less
    # information than 400 independent records, so a wider interval.
    copies = clustered_auc(
        np.repeat(scores[:40], 10),
        np.repeat(gold[:40], 10),
        np.repeat(np.arange(40), 10),
        confidence=0.95,
    )
    single = clustered_auc(scores[:40], gold[:40], np.arange(40), confidence=0.95)
    assert copies.value == pytest.approx(single.value)
    assert copies.high - copies.low == pytest.approx(single.high - single.low, rel=0.15)
    # Documents numbered by the caller: the same interval without renumbering them.
    named = np.repeat(np.array([f"doc{i}" for i in range(40)]), 10)
    coded = np.repeat(np.arange(40), 10)
    by_name = clustered_auc(
        np.repeat(scores[:40], 10), np.repeat(gold[:40], 10), named, confidence=0.95
    )
    by_code = clustered_auc(
        np.repeat(scores[:40], 10),
        np.repeat(gold[:40], 10),
        coded,
        confidence=0.95,
        n_documents=40,
    )
    assert (by_name.low, by_name.high) == pytest.approx((by_code.low, by_code.high))


def records(n_documents: int, per_document: int, seed: int) -> LevelRecords:
    rng = np.random.default_rng(seed)
    size = n_documents * per_document
    document = np.repeat(np.arange(n_documents), per_document)
    return LevelRecords(
        inconsistent=rng.random(size) < 0.3,
        document=document,
        split=np.where(document % 2 == 0, "dev", "test"),
        groups={"system": np.array(["a", "b", "c"])[np.arange(size) % 3]},
        types=TypeSets.of(("EXT",) if i % 2 else ("NP",) for i in range(size)),
    )


def test_the_leaderboard_tunes_on_dev_measures_on_test_and_groups() -> None:
    data = records(60, 10, seed=1)
    rng = np.random.default_rng(2)
    good = np.where(data.inconsistent, rng.normal(0.3, 0.15, 600), rng.normal(0.7, 0.15, 600))
    labels = np.where(data.inconsistent, rng.random(600) < 0.5, rng.random(600) < 0.7) * 1.0
    board = level_leaderboard(
        data,
        {"good": RunValues("score", good), "weak": RunValues("label", labels)},
        n_resamples=300,
        seed=0,
    )
    test = data.split == "test"
    assert (board["protocol"], board["measured_on"], board["tuned_on"]) == ("dev_test", 300, 300)
    assert board["warning"] is None  # 30 test documents
    entry = board["evaluators"]["good"]
    dev = data.split == "dev"
    assert entry["threshold"] == pytest.approx(
        tune_threshold(good[dev], data.inconsistent[dev]).value
    )
    expected = balanced_accuracy_score(data.inconsistent[test], good[test] < entry["threshold"])
    assert entry["balanced_accuracy"]["value"] == pytest.approx(expected, abs=1e-6)
    assert entry["balanced_accuracy"]["low"] < expected < entry["balanced_accuracy"]["high"]
    assert entry["auc"]["value"] == pytest.approx(
        roc_auc_score(data.inconsistent[test], -good[test])
    )
    weak = board["evaluators"]["weak"]
    assert weak["threshold"] is None
    system_b = (data.groups["system"] == "b") & test
    assert weak["by"]["system"]["b"]["balanced_accuracy"]["value"] == pytest.approx(
        balanced_accuracy_score(data.inconsistent[system_b], labels[system_b] == 0), abs=1e-6
    )
    ext = np.array([t == ("EXT",) for t in data.types]) & data.inconsistent & test
    assert entry["type_recall"]["EXT"]["value"] == pytest.approx(
        (good[ext] < entry["threshold"]).mean(), abs=1e-6
    )
    (comparison,) = board["comparisons"]
    assert comparison["value"] > 0.2
    assert comparison["p_value"] < 0.01
    assert comparison["low"] > 0


def two_evaluators_on(n_documents: int) -> dict[str, Any]:
    """A right and a contrary evaluator on ``n_documents`` documents of ten sentences."""
    data = replace(records(n_documents, 10, seed=8), split=np.full(10 * n_documents, "test"))
    right = np.where(data.inconsistent, 0.1, 0.9)
    runs = {
        "right": RunValues("score", right),
        "wrong": RunValues("label", 1.0 * data.inconsistent),
    }
    return level_leaderboard(data, runs, n_resamples=500, seed=0)


def test_too_few_documents_to_test_two_evaluators_gives_no_p_value_and_says_why() -> None:
    """One document gave "p = 0.002, different at the 5% level" with every interval of zero
    width: every resample was that document. Below MIN_TEST_DOCUMENTS there is no test."""
    (one,) = two_evaluators_on(1)["comparisons"]
    assert one["value"] == 1.0  # the observed difference is still shown
    assert (one["p_value"], one["testable"]) == (None, False)
    assert one["note"] == (
        f"not enough documents to test: 1 document measured, a paired test needs at least"
        f" {MIN_TEST_DOCUMENTS}"
    )
    (few,) = two_evaluators_on(MIN_TEST_DOCUMENTS - 1)["comparisons"]
    assert few["p_value"] is None
    assert few["note"].startswith(NOT_TESTED)
    (enough,) = two_evaluators_on(MIN_TEST_DOCUMENTS)["comparisons"]
    assert (enough["testable"], enough["note"]) == (True, None)
    assert enough["p_value"] < 0.05


def test_a_score_that_cannot_be_tuned_is_named_and_the_labels_are_still_scored() -> None:
    """Every dev record inconsistent: no score threshold can be tuned. The label runs keep
    their figures, exactly as when scored without the score, and the score says why; only
    when no run is left is the level an error."""
    data = records(12, 10, seed=5)
    dev = data.split == "dev"
    data = replace(data, inconsistent=np.where(dev, True, data.inconsistent))
    rng = np.random.default_rng(6)
    label = RunValues("label", 1.0 * (rng.random(120) < 0.6))
    score = RunValues("score", rng.random(120))
    board = level_leaderboard(data, {"judge": label, "metric": score}, n_resamples=200, seed=1)
    why = "no consistent record to tune a threshold on: the dev records need both labels"
    assert board["unscored"] == {"metric": why}
    alone = level_leaderboard(data, {"judge": label}, n_resamples=200, seed=1)
    assert board["evaluators"] == alone["evaluators"]
    assert board["comparisons"] == []
    assert alone["unscored"] == {}
    with pytest.raises(EvaluatorScoreError, match=f"^{why}$"):
        level_leaderboard(data, {"metric": score}, n_resamples=200)
    with pytest.raises(EvaluatorScoreError, match=f"^metric: {why}; other: {why}$"):
        level_leaderboard(data, {"metric": score, "other": score}, n_resamples=200)


def test_the_minimum_is_where_an_exact_paired_test_could_first_reject_at_5_percent() -> None:
    """Swapping the two evaluators within each of n documents gives 2^n equally likely
    outcomes; the smallest two-sided p is 2 / 2^n."""
    assert 2 / 2 ** (MIN_TEST_DOCUMENTS - 1) >= 0.05 > 2 / 2**MIN_TEST_DOCUMENTS


def test_identical_evaluators_do_not_differ_and_a_seed_repeats() -> None:
    data = records(40, 8, seed=3)
    rng = np.random.default_rng(4)
    scores = rng.random(320)
    runs = {"x": RunValues("score", scores), "y": RunValues("score", scores.copy())}
    first = level_leaderboard(data, runs, n_resamples=200, seed=7)
    assert first["comparisons"][0]["value"] == 0
    assert first["comparisons"][0]["p_value"] == 1.0
    assert level_leaderboard(data, runs, n_resamples=200, seed=7) == first


def test_resampling_documents_widens_the_interval_when_a_document_agrees_with_itself() -> None:
    """Every record of a document carries the same gold and the same call: the documents,
    not the records, are the independent units, and the interval says so."""
    rng = np.random.default_rng(5)
    n = 200
    doc_gold = rng.random(n) < 0.5
    doc_flag = np.where(doc_gold, rng.random(n) < 0.7, rng.random(n) < 0.3)
    clustered = LevelRecords(
        inconsistent=np.repeat(doc_gold, 10),
        document=np.repeat(np.arange(n), 10),
        split=np.full(10 * n, "none"),
    )
    independent = LevelRecords(
        inconsistent=clustered.inconsistent, document=np.arange(10 * n), split=clustered.split
    )
    run = {"e": RunValues("label", np.where(np.repeat(doc_flag, 10), 0.0, 1.0))}
    wide = level_leaderboard(clustered, run, n_resamples=400)["evaluators"]["e"]
    narrow = level_leaderboard(independent, run, n_resamples=400)["evaluators"]["e"]
    assert wide["balanced_accuracy"]["value"] == narrow["balanced_accuracy"]["value"]
    width = wide["balanced_accuracy"]["high"] - wide["balanced_accuracy"]["low"]
    narrow_width = narrow["balanced_accuracy"]["high"] - narrow["balanced_accuracy"]["low"]
    assert width > 2.5 * narrow_width  # about sqrt(10) times


def test_self_agreement_is_cohen_for_two_runs_and_fleiss_for_three() -> None:
    rng = np.random.default_rng(6)
    base = rng.random(300) < 0.3
    runs = [base ^ (rng.random(300) < 0.1) for _ in range(3)]
    document = np.arange(300) // 5
    two = self_agreement(runs[:2], document, n_resamples=200)
    assert two["coefficient"] == "cohen_kappa"
    assert two["value"] == pytest.approx(cohen_kappa_score(runs[0], runs[1]), abs=1e-6)
    assert two["low"] < two["value"] < two["high"]
    three = self_agreement(runs, document, n_resamples=200)
    counts = np.stack([np.sum(runs, axis=0), 3 - np.sum(runs, axis=0)], axis=1)
    assert three["coefficient"] == "fleiss_kappa"
    assert three["value"] == pytest.approx(fleiss_kappa(counts), abs=1e-6)
    with pytest.raises(EvaluatorScoreError, match="at least two runs"):
        self_agreement(runs[:1], document)


def test_hardness_by_hand() -> None:
    # Unit 0: two records, gold bad/good; evaluators A and B agree with gold on both.
    # Unit 1: two records, gold good/good; A flags both, B flags the first.
    unit = np.array([0, 0, 1, 1])
    gold = np.array([True, False, False, False])
    a = np.array([True, False, True, True])
    b = np.array([True, False, True, False])
    hard = unit_hardness(unit, gold, [a, b])
    assert hard.records.tolist() == [2, 2]
    # Unit 1: calls differing from gold: record 3: 2 of 2, record 4: 1 of 2 -> (1 + 0.5) / 2.
    assert hard.against_gold.tolist() == [0.0, 0.75]
    # Unit 1: minority shares: record 3: 0 (both flag), record 4: 1 of 2 -> (0 + 0.5) / 2.
    assert hard.among_evaluators.tolist() == [0.0, 0.25]
    with pytest.raises(EvaluatorScoreError, match="no evaluator run"):
        unit_hardness(unit, gold, [])


def test_per_document_counts_match_one_bincount_per_column() -> None:
    """The grouped counting gives exactly the columns counted one at a time."""
    from annotations.evaluator_scores.leaderboard import _document_counts

    rng = np.random.default_rng(5)
    size, n_documents = 3_000, 70
    documents = rng.integers(0, n_documents, size)
    y = rng.random(size) < 0.3
    system = np.array(["a", "b", ""])[rng.integers(0, 3, size)]  # "" is in no group
    codes = np.where(system == "a", 0, np.where(system == "b", 1, -1))
    flagged = [rng.random(size) < share for share in (0.2, 0.5)]
    typed = [y & (rng.random(size) < 0.4)]
    masks = [np.ones(size, dtype=bool), system == "a", system == "b"]
    columns = [c for m in masks for c in (m & y, m & ~y)]
    columns += [c for f in flagged for m in masks for c in (m & y & f, m & ~y & f)]
    columns += [typed[0]] + [typed[0] & f for f in flagged]
    naive = np.stack(
        [np.bincount(documents, weights=c, minlength=n_documents) for c in columns], axis=1
    )
    grouped = _document_counts(
        documents, n_documents, y, [(np.zeros(size, dtype=np.int64), 1), (codes, 2)], flagged, typed
    )
    assert np.array_equal(grouped, naive)


def test_groups_given_as_codes_score_as_groups_given_as_text() -> None:
    data = records(60, 10, seed=3)
    names = np.array(["c", "", "a", "b", "unused"])  # "" is no group; "unused" never occurs
    codes = np.arange(600) % 4
    as_text = replace(data, groups={"system": names[codes]})
    as_codes = replace(data, groups={"system": Coded(codes, names)})
    rng = np.random.default_rng(4)
    runs = {"m": RunValues("score", rng.random(600))}
    text_board = level_leaderboard(as_text, runs, n_resamples=200)
    code_board = level_leaderboard(as_codes, runs, n_resamples=200)
    assert list(code_board["evaluators"]["m"]["by"]["system"]) == ["a", "b", "c"]
    assert code_board == text_board


def test_intervals_ignore_undefined_replicates_column_by_column() -> None:
    from annotations.evaluator_scores.resampling import interval

    replicates = np.random.default_rng(0).random((1000, 6))
    replicates[::7, 3] = np.nan  # undefined in some resamples
    replicates[:, 5] = np.nan  # in all of them
    low, high = interval(replicates, 0.95)
    for column in range(5):
        defined = replicates[:, column][~np.isnan(replicates[:, column])]
        assert low[column] == pytest.approx(np.percentile(defined, 2.5))
        assert high[column] == pytest.approx(np.percentile(defined, 97.5))
    assert np.isnan(low[5])
    assert np.isnan(high[5])
    single = interval(replicates[:, 3], 0.95)
    assert single == pytest.approx((low[3], high[3]))
