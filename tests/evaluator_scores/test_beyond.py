"""The figures beyond balanced accuracy (issue 32) against scipy and scikit-learn: summary-
and system-level correlations, thresholds per stratum, span-F1, key-fact and ACU accuracy,
error-type accuracy."""

from __future__ import annotations

import json
import warnings
from typing import Any

import numpy as np
import pytest
from scipy import stats
from sklearn.metrics import accuracy_score, balanced_accuracy_score, f1_score

from annotations.evaluator_scores import LevelRecords, RunValues, tune_threshold
from annotations.evaluator_scores.beyond import (
    UNDECIDED,
    acu_scores,
    key_fact_scores,
    span_scores,
    success_ratio,
    type_accuracy,
)
from annotations.evaluator_scores.correlations import (
    COEFFICIENTS,
    ScoredSummaries,
    coefficients,
    correlation_table,
    per_document,
)
from annotations.evaluator_scores.resampling import document_weights
from annotations.evaluator_scores.shares import ratio_figures
from annotations.evaluator_scores.strata import stratum_thresholds
from annotations.formats.key_fact_matches import KeyFactMatches, matches_from_json

SCIPY = {
    "pearson": lambda x, y: stats.pearsonr(x, y)[0],
    "spearman": lambda x, y: stats.spearmanr(x, y)[0],
    "kendall": lambda x, y: stats.kendalltau(x, y)[0],
}
OPTIONS = {"n_resamples": 200, "confidence": 0.95, "seed": 3}


def scipy_or_nan(name: str, x: np.ndarray, y: np.ndarray) -> float:
    if len(x) < 2 or np.ptp(x) == 0 or np.ptp(y) == 0:
        return float("nan")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return float(SCIPY[name](x, y))


@pytest.mark.parametrize("seed", range(20))
def test_each_coefficient_agrees_with_scipy_ties_included(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 12))
    x = rng.integers(0, 4, n).astype(float)  # ties, sometimes constant
    y = rng.integers(0, 5, n) / 4
    got = coefficients(x[None, :], y[None, :])
    for name in COEFFICIENTS:
        expected = scipy_or_nan(name, x, y)
        assert np.isnan(got[name][0]) == np.isnan(expected), name
        if not np.isnan(expected):
            assert got[name][0] == pytest.approx(expected, abs=1e-12), name


def release(seed: int, n_documents: int = 30, n_systems: int = 5) -> tuple[ScoredSummaries, dict]:
    """Every document has a summary by each system but a few: documents of unequal size."""
    rng = np.random.default_rng(seed)
    document, system = np.meshgrid(np.arange(n_documents), np.arange(n_systems), indexing="ij")
    keep = rng.random(document.shape) > 0.15
    document, system = document[keep], system[keep]
    quality = rng.random(n_systems)[system]
    human = np.round(np.clip(quality + rng.normal(0, 0.3, len(system)), 0, 1) * 4) / 4
    scores = {
        "good": human + rng.normal(0, 0.2, len(system)),
        "noisy": rng.random(len(system)),
    }
    return ScoredSummaries(human=human, document=document, system=system), scores


@pytest.mark.parametrize("seed", range(3))
def test_summary_level_is_the_mean_of_scipys_per_document_coefficients(seed: int) -> None:
    summaries, scores = release(seed)
    table = correlation_table(summaries, scores, **OPTIONS)
    for name, values in scores.items():
        for coefficient in COEFFICIENTS:
            per_document = [
                scipy_or_nan(
                    coefficient,
                    summaries.human[summaries.document == d],
                    values[summaries.document == d],
                )
                for d in np.unique(summaries.document)
            ]
            defined = [r for r in per_document if not np.isnan(r)]
            got = table["evaluators"][name]["summary_level"][coefficient]
            assert got["value"] == pytest.approx(np.mean(defined), abs=1e-6)
            assert got["documents"] == len(defined)
            assert got["low"] <= got["value"] <= got["high"]


@pytest.mark.parametrize("seed", range(3))
def test_system_level_is_scipy_on_the_system_means_with_the_same_bootstrap(seed: int) -> None:
    summaries, scores = release(seed)
    table = correlation_table(summaries, scores, **OPTIONS)
    n_documents = int(summaries.document.max()) + 1
    weights = np.concatenate(list(document_weights(n_documents, OPTIONS["n_resamples"], 3)))
    for name, values in scores.items():
        systems = np.unique(summaries.system)
        human_means = [summaries.human[summaries.system == s].mean() for s in systems]
        evaluator_means = [values[summaries.system == s].mean() for s in systems]
        for coefficient in COEFFICIENTS:
            got = table["evaluators"][name]["system_level"][coefficient]
            expected = scipy_or_nan(coefficient, np.array(human_means), np.array(evaluator_means))
            assert got["value"] == pytest.approx(expected, abs=1e-6)
            # The interval, recomputed resample by resample with scipy on weighted means.
            replicates = []
            for w in weights:
                drawn = w[summaries.document]
                count = np.bincount(summaries.system, weights=drawn)
                present = count > 0
                h = np.bincount(summaries.system, weights=drawn * summaries.human)[present]
                e = np.bincount(summaries.system, weights=drawn * values)[present]
                replicates.append(scipy_or_nan(coefficient, h / count[present], e / count[present]))
            low, high = np.nanpercentile(replicates, [2.5, 97.5])
            assert got["low"] == pytest.approx(low, abs=1e-6)
            assert got["high"] == pytest.approx(high, abs=1e-6)


def test_a_perfect_evaluator_correlates_one_and_documents_of_one_summary_are_left_out() -> None:
    summaries = ScoredSummaries(
        human=np.array([0.0, 0.5, 1.0, 0.2, 0.7]),
        document=np.array([0, 0, 0, 1, 2]),
        system=np.array([0, 1, 2, 0, 1]),
    )
    table = correlation_table(summaries, {"same": summaries.human * 10}, **OPTIONS)
    entry = table["evaluators"]["same"]
    assert entry["summary_level"]["pearson"]["value"] == 1.0
    assert entry["summary_level"]["kendall"]["documents"] == 1  # documents 1 and 2: one each
    assert entry["system_level"]["spearman"]["value"] == 1.0


def test_a_stratums_threshold_is_tuned_on_its_own_dev_and_scored_on_its_test() -> None:
    rng = np.random.default_rng(7)
    n = 600
    category = np.array(["SOTA", "OLD", ""])[rng.integers(0, 3, n)]
    inconsistent = rng.random(n) < np.where(category == "OLD", 0.6, 0.2)
    # The same metric is calibrated differently on each category.
    score = rng.random(n) * 0.5 + np.where(inconsistent, 0.0, 0.3) + (category == "OLD") * 0.4
    split = np.where(rng.random(n) < 0.5, "dev", "test")
    records = LevelRecords(
        inconsistent=inconsistent, document=np.arange(n) // 3, split=split.astype(object)
    )
    strata = stratum_thresholds(
        records,
        {"metric": RunValues("score", score)},
        {"system_category": category},
        **OPTIONS,
    )
    assert set(strata["system_category"]) == {"SOTA", "OLD"}  # "" is no stratum
    for value, entry in strata["system_category"].items():
        inside = category == value
        dev, test = inside & (split == "dev"), inside & (split == "test")
        tuned = tune_threshold(score[dev], inconsistent[dev])
        got = entry["evaluators"]["metric"]
        assert got["threshold"] == pytest.approx(tuned.value)
        expected = balanced_accuracy_score(inconsistent[test], score[test] < tuned.value)
        assert got["balanced_accuracy"]["value"] == pytest.approx(expected, abs=1e-6)
        assert entry["protocol"] == "dev_test"
        assert entry["measured_on"] == int(test.sum())
    assert (
        strata["system_category"]["OLD"]["evaluators"]["metric"]["threshold"]
        > strata["system_category"]["SOTA"]["evaluators"]["metric"]["threshold"]
    )


def brute_overlap_f1(gold: list[set], predicted: list[set]) -> float:
    def overlaps(span: tuple[int, int], others: set) -> bool:
        return any(max(span[0], o[0]) < min(span[1], o[1]) for o in others)

    matched_gold = sum(overlaps(s, p) for g, p in zip(gold, predicted, strict=True) for s in g)
    matched_predicted = sum(overlaps(s, g) for g, p in zip(gold, predicted, strict=True) for s in p)
    recall = matched_gold / sum(map(len, gold))
    precision = matched_predicted / sum(map(len, predicted))
    return 0.0 if not precision + recall else 2 * precision * recall / (precision + recall)


@pytest.mark.parametrize("seed", range(5))
def test_span_f1_agrees_with_scikit_learn_exact_and_a_brute_force_overlap(seed: int) -> None:
    rng = np.random.default_rng(seed)
    types = ["Circumstantial Inference", "Logical Error"]
    gold, predicted = [], []
    for _ in range(80):
        spans = []
        for _ in range(int(rng.integers(0, 3))):
            start = int(rng.integers(0, 20))
            spans.append((start, start + int(rng.integers(1, 6)), types[int(rng.integers(0, 2))]))
        gold.append(spans)
        guess = []
        for start, end, kind in spans:
            if rng.random() < 0.7:  # found, sometimes shifted, sometimes mistyped
                shift = int(rng.integers(-1, 2)) if rng.random() < 0.4 else 0
                named = kind if rng.random() < 0.8 else types[1 - types.index(kind)]
                guess.append([max(0, start + shift), end + shift, named])
        if rng.random() < 0.2:
            guess.append([30, 33])  # a span with no type: counted in "all" only
        predicted.append(guess or None)
    documents = np.arange(80) // 4
    got = span_scores(gold, predicted, documents, 20, **OPTIONS)
    for category in ["all", *types]:
        g = [{(a, b) for a, b, t in s if category == "all" or t == category} for s in gold]
        p = [
            {
                (s[0], s[1])
                for s in spans or ()
                if category == "all" or (len(s) > 2 and s[2] == category)
            }
            for spans in predicted
        ]
        candidates = [(i, span) for i in range(80) for span in sorted(g[i] | p[i])]
        exact = f1_score(
            [span in g[i] for i, span in candidates], [span in p[i] for i, span in candidates]
        )
        assert got[category]["exact"]["value"] == pytest.approx(exact, abs=1e-6)
        assert got[category]["overlap"]["value"] == pytest.approx(brute_overlap_f1(g, p), abs=1e-6)
        assert got[category]["gold_spans"] == sum(map(len, g))
        assert got[category]["exact"]["low"] <= got[category]["exact"]["high"]
    assert got["all"]["overlap"]["value"] >= got["all"]["exact"]["value"]


def key_fact_inputs(
    gold: list[list[bool | None]], predicted: list[list[Any] | None]
) -> tuple[np.ndarray, np.ndarray, KeyFactMatches, np.ndarray]:
    """Lists as a run's file gives them, as the arrays the scoring takes: the gold of the
    summaries given, their matches, and which summaries those are."""
    matches = matches_from_json(
        {k: json.dumps(entries) for k, entries in enumerate(predicted) if entries is not None}
    )
    given = [gold[k] for k in matches.summaries.tolist()]
    offsets = np.concatenate([[0], np.cumsum([len(facts) for facts in given])]).astype(int)
    values = np.array(
        [UNDECIDED if fact is None else int(fact) for facts in given for fact in facts],
        dtype=np.int8,
    )
    return offsets, values, matches, matches.summaries


def test_key_fact_accuracy_completeness_and_conciseness_from_the_models_matches() -> None:
    gold: list[list[bool | None]] = [[True, False, True], [True, None], [False, False], [True]]
    predicted: list[list[Any] | None] = [[[1], [], [2, 3]], [True, True], [[1], []], [[], []]]
    offsets, values, matches, at = key_fact_inputs(gold, predicted)  # the last: wrong length
    sentences, documents = np.array([4, 2, 2, 1]), np.array([0, 0, 1, 1])
    got = key_fact_scores(offsets, values, matches, sentences[at], documents[at], 2, **OPTIONS)
    truth = [True, False, True, True, False, False]
    calls = [True, False, True, True, True, False]
    assert got["accuracy"]["value"] == pytest.approx(accuracy_score(truth, calls))
    assert got["pairs"] == 6
    assert got["mismatched_summaries"] == 1
    assert got["completeness"][:3].tolist() == [2 / 3, 1.0, 0.5]
    # Sentences 1, 2, 3 of 4 state a fact; booleans give no sentences: no conciseness.
    assert got["conciseness"][0] == 0.75
    assert np.isnan(got["conciseness"][1])
    assert got["conciseness"][2] == 0.5


def key_fact_reference(
    gold: list[list[bool | None]],
    predicted: list[list[Any] | None],
    sentences: list[int],
    documents: np.ndarray,
    n_documents: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """Key-fact scoring walked summary by summary in Python, as it was done before the
    matches became arrays (2026-11-27): (correct, decided) per document, completeness and
    conciseness per summary, mismatched summaries."""
    correct, decided = np.zeros(n_documents), np.zeros(n_documents)
    completeness = np.full(len(gold), np.nan)
    conciseness = np.full(len(gold), np.nan)
    mismatched = 0
    for index, (facts, given) in enumerate(zip(gold, predicted, strict=True)):
        if given is None or not facts:
            continue
        if len(given) != len(facts):
            mismatched += 1
            continue
        calls = [e if e is True or e is False else len(e) > 0 for e in given]
        pairs = [(t, c) for t, c in zip(facts, calls, strict=True) if t is not None]
        decided[documents[index]] += len(pairs)
        correct[documents[index]] += sum(t == c for t, c in pairs)
        completeness[index] = sum(calls) / len(calls)
        if sentences[index] and not any(e is True or e is False for e in given):
            stated = {n for e in given for n in e if 1 <= n <= sentences[index]}
            conciseness[index] = len(stated) / sentences[index]
    return correct, decided, completeness, conciseness, mismatched


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("every_summary_scored", [False, True])
def test_key_fact_scores_from_the_arrays_are_those_of_the_summary_by_summary_walk(
    seed: int, every_summary_scored: bool
) -> None:
    """Either some summaries are not given, have no gold facts or a list of the wrong
    length, or (the usual run) every summary is given with a list as long as its gold."""
    rng = np.random.default_rng(seed)
    odd = 0.0 if every_summary_scored else 1.0
    n_summaries, n_documents = 300, 40
    gold: list[list[bool | None]] = []
    predicted: list[list[Any] | None] = []
    sentences = rng.integers(0, 6, n_summaries).tolist()  # some summaries without sentences
    for _ in range(n_summaries):
        n_facts = int(rng.integers(0 if odd else 1, 6))  # some without gold facts
        gold.append(
            [None if rng.random() < 0.1 else bool(rng.random() < 0.5) for _ in range(n_facts)]
        )
        if rng.random() < 0.15 * odd:
            predicted.append(None)  # not given
            continue
        length = n_facts if rng.random() >= 0.1 * odd else n_facts + 1  # some of the wrong length
        booleans = rng.random() < 0.3
        predicted.append(
            [
                bool(rng.random() < 0.5)
                if booleans or rng.random() < 0.05
                # Sentence numbers, repeated across facts, some past the summary's end.
                else sorted({int(n) for n in rng.integers(1, 8, int(rng.integers(0, 3)))})
                for _ in range(length)
            ]
        )
    documents = rng.integers(0, n_documents, n_summaries)
    offsets, values, matches, at = key_fact_inputs(gold, predicted)
    got = key_fact_scores(
        offsets, values, matches, np.array(sentences)[at], documents[at], n_documents, **OPTIONS
    )
    correct, decided, completeness, conciseness, mismatched = key_fact_reference(
        gold, predicted, sentences, documents, n_documents
    )
    (accuracy,) = ratio_figures(correct, decided, **OPTIONS)
    assert got["accuracy"] == accuracy
    assert got["pairs"] == int(decided.sum())
    assert got["mismatched_summaries"] == mismatched
    assert np.array_equal(got["completeness"], completeness[at], equal_nan=True)
    assert np.array_equal(got["conciseness"], conciseness[at], equal_nan=True)
    assert not np.isnan(got["conciseness"]).all()


def test_acu_accuracy_and_score_from_the_models_verdicts() -> None:
    rng = np.random.default_rng(2)
    gold = [[bool(v) for v in rng.random(int(rng.integers(1, 6))) < 0.7] for _ in range(40)]
    predicted = [[g if rng.random() < 0.8 else not g for g in facts] for facts in gold]
    got = acu_scores(gold, predicted, np.arange(40) // 2, 20, **OPTIONS)
    flat_gold = [v for facts in gold for v in facts]
    flat_predicted = [v for facts in predicted for v in facts]
    assert got["accuracy"]["value"] == pytest.approx(
        accuracy_score(flat_gold, flat_predicted), abs=1e-6
    )
    assert got["score"].tolist() == pytest.approx([np.mean(p) for p in predicted])


def test_error_type_accuracy_counts_only_sentences_the_run_names_types_for() -> None:
    gold = [("EntE",), ("PredE",), ("EntE", "CircE"), ("OutE",), ()]
    predicted = [("EntE",), ("EntE",), ("CircE",), None, ("EntE",)]
    got = type_accuracy(gold, predicted, np.array([0, 0, 1, 1, 2]), 3, **OPTIONS)
    assert got["sentences"] == 3
    assert got["match"]["value"] == pytest.approx(2 / 3)
    single = [(g[0], p[0]) for g, p in zip(gold[:2], predicted[:2], strict=True)]
    assert got["exact"]["value"] == pytest.approx(
        (accuracy_score([g for g, _ in single], [p for _, p in single]) * 2 + 0) / 3
    )


def test_the_success_ratio_is_the_share_not_abstained() -> None:
    assert success_ratio(8, 2) == {"records": 8, "abstained": 2, "ratio": 0.75}
    assert success_ratio(0, 0)["ratio"] is None


def pairwise_reference(x: np.ndarray, ys: np.ndarray) -> dict[str, np.ndarray]:
    """The per-document coefficients as they were computed before 2026-11-27 (points last,
    one sign per pair, ranks by sorting): the new layout must give the same bits."""
    i, j = np.triu_indices(x.shape[-1], k=1)

    def pearson(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        a = a - a.mean(axis=-1, keepdims=True)
        b = b - b.mean(axis=-1, keepdims=True)
        saa = (a * a).sum(axis=-1)
        sbb = (b * b).sum(axis=-1)
        with np.errstate(divide="ignore", invalid="ignore"):
            r = (a * b).sum(axis=-1) / np.sqrt(saa * sbb)
        flat_a = saa <= (1e-12 * np.abs(a).max(axis=-1)) ** 2 * a.shape[-1]
        flat_b = sbb <= (1e-12 * np.abs(b).max(axis=-1)) ** 2 * b.shape[-1]
        return np.where(flat_a | flat_b, np.nan, np.clip(r, -1.0, 1.0))

    def ranks(values: np.ndarray) -> np.ndarray:
        return np.apply_along_axis(stats.rankdata, -1, values)

    out: dict[str, list[np.ndarray]] = {name: [] for name in COEFFICIENTS}
    dx = np.sign(x[..., j] - x[..., i])
    for y in ys:
        out["pearson"].append(pearson(x, y))
        out["spearman"].append(pearson(ranks(x), ranks(y)))
        dy = np.sign(y[..., j] - y[..., i])
        untied_x = np.count_nonzero(dx, axis=-1).astype(float)
        untied_y = np.count_nonzero(dy, axis=-1).astype(float)
        with np.errstate(divide="ignore", invalid="ignore"):
            tau = (dx * dy).sum(axis=-1) / np.sqrt(untied_x * untied_y)
        out["kendall"].append(
            np.where((untied_x == 0) | (untied_y == 0), np.nan, np.clip(tau, -1.0, 1.0))
        )
    return {name: np.stack(values) for name, values in out.items()}


@pytest.mark.parametrize("seed", range(4))
def test_per_document_coefficients_are_bit_for_bit_the_pairwise_references(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n_documents = 60
    # Documents of 1 to 20 summaries; human scores in quarters (ties, constant documents);
    # evaluators continuous, coarse (ties), and one constant.
    document = np.repeat(np.arange(n_documents), rng.integers(1, 21, n_documents))
    human = rng.integers(0, 5, len(document)) / 4
    scores = np.stack(
        [
            human + rng.normal(0, 0.3, len(document)),
            np.round(rng.random(len(document)) * 3) / 3,
            np.full(len(document), 0.5),
        ]
    )
    got = per_document(human, scores, document, n_documents)
    for d in range(n_documents):
        at = np.flatnonzero(document == d)
        if len(at) < 2:
            assert all(np.isnan(got[name][:, d]).all() for name in COEFFICIENTS)
            continue
        expected = pairwise_reference(human[at][None, :], scores[:, at][:, None, :])
        for name in COEFFICIENTS:
            assert np.array_equal(got[name][:, d], expected[name][:, 0], equal_nan=True), (
                name,
                d,
            )
