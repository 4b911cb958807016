"""Dawid-Skene and MACE against crowd-kit's implementations, on simulated annotators whose
competence is known: the same posteriors and confusion matrices, and the recovered
competence ranks the annotators as they were simulated."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from crowdkit.aggregation import MACE, DawidSkene
from scipy.special import digamma as scipy_digamma

from annotations.agreement.competence import competence_section, question_competence
from annotations.agreement.dawid_skene import dawid_skene
from annotations.agreement.errors import AgreementError
from annotations.agreement.mace import digamma, mace
from annotations.agreement.report import QuestionInput

LABELS = ("consistent", "inconsistent")

# crowd-kit on pandas 3 warns about its own use of deprecated keywords, once per EM step.
pytestmark = pytest.mark.filterwarnings("ignore::Warning:crowdkit.*")


def simulate(
    accuracies: list[float], n_items: int, *, seed: int, classes: int = 2, missing: float = 0.1
) -> tuple[list[list[int | None]], np.ndarray]:
    """Raters who give the true class with their accuracy and otherwise a uniformly drawn
    other class; a label is missing with probability ``missing``."""
    rng = np.random.default_rng(seed)
    truth = rng.choice(classes, n_items, p=[0.7, *[0.3 / (classes - 1)] * (classes - 1)])
    ratings: list[list[int | None]] = []
    for accuracy in accuracies:
        right = rng.random(n_items) < accuracy
        wrong = (truth + rng.integers(1, classes, n_items)) % classes
        given = np.where(right, truth, wrong)
        dropped = rng.random(n_items) < missing
        ratings.append([None if d else int(g) for g, d in zip(given, dropped, strict=True)])
    return ratings, truth


def as_frame(ratings: list[list[int | None]]) -> pd.DataFrame:
    rows = [
        (item, rater, label)
        for rater, row in enumerate(ratings)
        for item, label in enumerate(row)
        if label is not None
    ]
    frame = pd.DataFrame(rows, columns=["task", "worker", "label"])
    # crowd-kit's MACE indexes its arrays by order of first appearance and its counts by
    # sorted value: present workers and labels in sorted order so both agree.
    return frame.sort_values(["label", "worker", "task"]).reset_index(drop=True)


def test_dawid_skene_matches_crowd_kit_on_posteriors_confusion_and_priors() -> None:
    ratings, _ = simulate([0.95, 0.8, 0.65, 0.55], 300, seed=1)
    # The same number of EM steps from the same start (the soft majority vote): crowd-kit
    # stops on a change of its likelihood bound, ours on a change of the parameters.
    ours = dawid_skene(ratings, categories=[0, 1], tol=0, max_iter=40)
    frame = as_frame(ratings)
    theirs = DawidSkene(n_iter=40, tol=0).fit(frame)
    # crowd-kit's probas_ come from the E-step before its last M-step; ours from the
    # parameters returned: compare at the same parameters.
    final = theirs._e_step(frame, theirs.priors_, theirs.errors_)
    posteriors = final.reindex(range(300))[[0, 1]].to_numpy()
    assert np.abs(posteriors - ours.posteriors).max() < 1e-6
    for rater in range(4):
        # crowd-kit: rows are the given label, columns the true one; ours the transpose
        errors = theirs.errors_.loc[rater].reindex([0, 1])[[0, 1]].to_numpy()
        assert np.abs(errors.T - ours.confusion[rater]).max() < 1e-6
    assert np.abs(theirs.priors_.reindex([0, 1]).to_numpy() - ours.priors).max() < 1e-6


def test_dawid_skene_matches_crowd_kit_with_three_classes() -> None:
    ratings, _ = simulate([0.9, 0.75, 0.6], 300, seed=2, classes=3)
    ours = dawid_skene(ratings, categories=[0, 1, 2], tol=0, max_iter=40)
    frame = as_frame(ratings)
    theirs = DawidSkene(n_iter=40, tol=0).fit(frame)
    final = theirs._e_step(frame, theirs.priors_, theirs.errors_)
    posteriors = final.reindex(range(300))[[0, 1, 2]].to_numpy()
    assert np.abs(posteriors - ours.posteriors).max() < 1e-6


def test_mace_matches_crowd_kit_on_posteriors_and_competence() -> None:
    ratings, _ = simulate([0.9, 0.7, 0.5, 0.3], 300, seed=3, classes=3)
    ours = mace(ratings, categories=[0, 1, 2], seed=0, n_iter=100)
    theirs = MACE(n_restarts=1, n_iter=100, random_state=0).fit(as_frame(ratings))
    posteriors = theirs.probas_.reindex(range(300))[[0, 1, 2]].to_numpy()
    assert np.abs(posteriors - ours.posteriors).max() < 1e-3
    assert np.abs(theirs.spamming_[:, 1] - ours.knowing).max() < 1e-3


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_recovered_competence_ranks_the_simulated_annotators(seed: int) -> None:
    accuracies = [0.97, 0.88, 0.75, 0.6]
    order = np.random.default_rng(seed).permutation(4)
    ratings, _ = simulate([accuracies[i] for i in order], 1500, seed=seed)
    ds = dawid_skene(ratings, categories=[0, 1], n_resamples=200, seed=seed)
    truth_rank = np.argsort([-accuracies[i] for i in order])
    assert list(np.argsort(-ds.accuracy)) == list(truth_rank)
    # The simulated accuracy lies within (or within a hair of) each bootstrap interval.
    assert ds.accuracy_ci is not None
    for rater, true in enumerate([accuracies[i] for i in order]):
        low, high = ds.accuracy_ci[rater]
        assert low - 0.02 <= true <= high + 0.02
        assert low <= ds.accuracy[rater] <= high


def simulate_mace(knowing: list[float], n_items: int, *, seed: int) -> list[list[int]]:
    """MACE's own story: a uniform true class out of three; a rater knows it with their
    probability, else guesses uniformly."""
    rng = np.random.default_rng(seed)
    truth = rng.integers(0, 3, n_items)
    return [
        np.where(rng.random(n_items) < k, truth, rng.integers(0, 3, n_items)).tolist()
        for k in knowing
    ]


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_mace_recovers_how_often_each_simulated_annotator_knows(seed: int) -> None:
    knowing = [0.9, 0.7, 0.5, 0.3]
    order = np.random.default_rng(seed).permutation(4)
    ratings = simulate_mace([knowing[i] for i in order], 1000, seed=seed)
    result = mace(ratings, categories=[0, 1, 2], seed=seed)
    assert list(np.argsort(-result.competence)) == list(np.argsort([-knowing[i] for i in order]))
    for rater, true in enumerate([knowing[i] for i in order]):
        low, high = result.competence_ci[rater]
        assert low - 0.03 <= true <= high + 0.03


def test_mace_competence_is_the_chance_of_knowing_not_of_being_right() -> None:
    # A rater who knows half the time and guesses uniformly among 3 classes is right 2/3 of
    # the time; MACE's competence is the 50%, Dawid-Skene's accuracy the 2/3.
    ratings = simulate_mace([0.95, 0.9, 0.5], 3000, seed=7)
    result = mace(ratings, categories=[0, 1, 2], seed=1)
    assert result.competence[2] == pytest.approx(0.5, abs=0.05)
    assert dawid_skene(ratings, categories=[0, 1, 2]).accuracy[2] == pytest.approx(2 / 3, abs=0.05)
    low, high = result.competence_ci[2]
    assert low < result.competence[2] < high


def test_the_same_seed_gives_the_same_intervals_and_items_resample_by_cluster() -> None:
    ratings, _ = simulate([0.9, 0.8, 0.7], 600, seed=8)
    first = dawid_skene(ratings, categories=[0, 1], n_resamples=100, seed=3)
    again = dawid_skene(ratings, categories=[0, 1], n_resamples=100, seed=3)
    assert first.accuracy_ci is not None
    assert again.accuracy_ci is not None
    assert np.array_equal(first.accuracy_ci, again.accuracy_ci)
    # Twenty items per cluster, identical within a cluster: resampling clusters must see
    # the dependence and give wider intervals than resampling items.
    clustered = [[row[i // 20 * 20] for i in range(600)] for row in ratings]
    by_item = dawid_skene(clustered, categories=[0, 1], n_resamples=200, seed=3)
    by_cluster = dawid_skene(
        clustered,
        categories=[0, 1],
        n_resamples=200,
        seed=3,
        clusters=[i // 20 for i in range(600)],
    )
    assert by_item.accuracy_ci is not None
    assert by_cluster.accuracy_ci is not None
    width = lambda ci: (ci[:, 1] - ci[:, 0]).mean()  # noqa: E731
    assert width(by_cluster.accuracy_ci) > 2 * width(by_item.accuracy_ci)


def test_unlabelled_items_have_no_posterior_and_one_rater_is_refused() -> None:
    result = dawid_skene([["a", None, "b"], ["a", None, "a"]], categories=["a", "b"])
    assert np.isnan(result.posteriors[1]).all()
    assert result.n_items == 2
    with pytest.raises(AgreementError, match="two raters"):
        dawid_skene([["a", "b"]], categories=["a", "b"])
    with pytest.raises(AgreementError, match="two raters"):
        mace([["a", "b"]], categories=["a", "b"])


def test_digamma_matches_scipy() -> None:
    x = np.concatenate([np.linspace(0.01, 10, 500), np.linspace(10, 5000, 100)])
    assert np.abs(digamma(x) - scipy_digamma(x)).max() < 1e-10


def test_the_report_section_names_classes_in_words_and_skips_set_questions() -> None:
    ratings, _ = simulate([0.95, 0.85, 0.7], 200, seed=9)
    words = [[None if v is None else LABELS[v] for v in row] for row in ratings]
    questions = [
        QuestionInput(
            "sentence_consistency",
            "Sentence",
            "nominal",
            ["ann", "bob", "cy"],
            words,
            categories=list(LABELS),
        ),
        QuestionInput(
            "relevance_binned",
            "Relevance binned",
            "nominal",
            ["ann", "bob", "cy"],
            ratings,
            categories=[0, 1],
            category_names={0: "1\u20132", 1: "3\u20135"},
        ),
        QuestionInput("error_types", "Types", "set", ["ann", "bob", "cy"], [[None] * 200] * 3),
    ]
    section = competence_section(questions, n_resamples=50)
    assert [q["key"] for q in section["questions"]] == ["sentence_consistency", "relevance_binned"]
    sentence, binned = section["questions"]
    assert sentence["classes"] == list(LABELS)
    assert binned["classes"] == ["1\u20132", "3\u20135"]
    assert [a["annotator"] for a in sentence["annotators"]] == ["ann", "bob", "cy"]
    best = sentence["annotators"][0]
    assert best["accuracy"]["ci"][0] <= best["accuracy"]["value"] <= best["accuracy"]["ci"][1]
    assert [r["label"] for r in best["recall"]] == list(LABELS)
    assert sentence["annotators"][0]["mace"]["value"] > sentence["annotators"][2]["mace"]["value"]
    items = sentence["items"]
    assert (
        sum(p["n_items"] for p in items["patterns"])
        <= sentence["n_items"]
        == 200 - sum(all(row[i] is None for row in ratings) for i in range(200))
    )
    assert set(items["patterns"][0]["posterior"]) == set(LABELS)


def test_a_question_nobody_double_labelled_says_why_it_has_no_competence() -> None:
    entry = question_competence(
        QuestionInput(
            "topic_category",
            "Topic",
            "nominal",
            ["a", "b"],
            [["main", None], [None, "marginal"]],
            categories=["main", "marginal"],
        ),
        n_resamples=10,
    )
    assert entry["annotators"] == []
    assert "two annotators" in entry["note"]
