"""The Judges page: corpus runs scored live against the project's current gold, with the same
figures as ``evaluator_report`` on a release built from the same gold."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from io import StringIO
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from sklearn.metrics import balanced_accuracy_score, cohen_kappa_score, confusion_matrix

from annotations.formats.writers.rows import record_id
from annotations.models import (
    Assignment,
    AssignmentStatus,
    CorpusPrediction,
    CorpusRun,
    Document,
    ErrorType,
    Evaluator,
    Project,
    ReleaseStatus,
    Round,
    RoundStatus,
    SentenceJudgement,
    Summary,
    SummarySentence,
)
from annotations.selectors.judges import judges_report
from annotations.services.adjudication_round import adjudication_open
from annotations.services.releases import release_build, release_create
from tests.labelling import label_units
from tests.people import ADMIN, LINGUIST, RESEARCHER, REVIEWER, signed_in

pytestmark = pytest.mark.django_db(databases="__all__")


@pytest.fixture(autouse=True)
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    # Each request waits for its figures: a background thread would not see the test's
    # transaction (test_new_labels_show_the_last_figures_while_the_next_are_computed does).
    settings.JUDGES_BACKGROUND = False
    return settings.MEDIA_ROOT


def _noise(*parts: Any) -> float:
    """A deterministic number in [0, 1) from what names a record (not its database id)."""
    digest = hashlib.sha256(json.dumps([str(p) for p in parts]).encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


def _by_chance(summary: Summary, sentence: SummarySentence, annotator: str) -> bool:
    """Whether ``annotator`` calls the sentence inconsistent: a chance of their own per
    sentence, drawn from what names the sentence and the rater, never from database ids
    (which depend on the tests run before in the same database)."""
    named = (summary.topic.document.external_id, summary.topic.name, summary.system)
    return _noise(*named, sentence.position, annotator) < (0.3 if sentence.position == 0 else 0.1)


def label_pilot(
    wrong: Callable[[Summary, SummarySentence, str], bool] = _by_chance,
) -> Round:
    """The demo's double-annotated pilot round, submitted: each rater calls a sentence
    inconsistent with a chance of its own, so the gold has unanimous, majority and tied
    sentences, and inconsistent ones carry error types two raters may share."""
    round_ = Round.objects.get(project__slug="demo", kind="pilot")
    assignments = list(
        Assignment.objects.filter(round=round_).select_related("annotator").order_by("id")
    )
    types = list(ErrorType.objects.filter(taxonomy=round_.project.taxonomy).order_by("id")[:2])
    for assignment in assignments:
        label_units(
            [assignment],
            wrong=lambda summary, sentence, a=assignment.annotator.username: wrong(
                summary, sentence, a
            ),
        )
    for judgement in SentenceJudgement.objects.filter(
        assignment__round=round_, label="inconsistent"
    ):
        judgement.error_types.set([types[judgement.sentence.position % 2]])
    Assignment.objects.filter(round=round_).update(status=AssignmentStatus.SUBMITTED)
    Round.objects.filter(pk=round_.pk).update(status=RoundStatus.CLOSED)
    return round_


@pytest.fixture
def studied() -> Round:
    call_command("load_demo", stdout=StringIO())
    return label_pilot()


def corpus_run(
    project: Project,
    evaluator: str,
    version: str,
    predictions: dict[int, dict[str, Any]],
    *,
    summaries: dict[int, dict[str, Any]] | None = None,
) -> CorpusRun:
    """A corpus run stored straight through the ORM: ``predictions`` by sentence id,
    ``summaries`` by summary id, each {label?, score?, abstain?}."""
    summaries = summaries or {}
    rows = [*predictions.values(), *summaries.values()]
    run = CorpusRun.objects.create(
        project=project,
        evaluator=Evaluator.objects.get_or_create(
            project=project, name=evaluator, defaults={"kind": "metric"}
        )[0],
        version=version,
        source_name=f"{evaluator}-{version}.jsonl",
        sha256=hashlib.sha256(f"{evaluator}{version}{rows}".encode()).hexdigest(),
        sentences=len(predictions),
        summaries=len(summaries),
        abstained=sum(bool(p.get("abstain")) for p in rows),
        has_scores=any(p.get("score") is not None for p in rows),
        has_labels=any(p.get("label") for p in rows),
    )
    owner = dict(
        SummarySentence.objects.filter(pk__in=list(predictions)).values_list("pk", "summary_id")
    )
    CorpusPrediction.objects.bulk_create(
        [
            CorpusPrediction(
                run=run,
                summary_id=owner[pk],
                sentence_id=pk,
                label=p.get("label", ""),
                score=p.get("score"),
                abstain=bool(p.get("abstain")),
            )
            for pk, p in predictions.items()
        ]
        + [
            CorpusPrediction(
                run=run,
                summary_id=pk,
                label=p.get("label", ""),
                score=p.get("score"),
                abstain=bool(p.get("abstain")),
            )
            for pk, p in summaries.items()
        ]
    )
    return run


def _names(round_: Round) -> dict[int, tuple[str, ...]]:
    """sentence id -> what names it as a release record (corpus, doc, topic, summary, n)."""
    return {
        pk: (corpus, doc, topic, external or system, source if source is not None else pos + 1)
        for pk, corpus, doc, topic, external, system, pos, source in SummarySentence.objects.filter(
            summary__topic__assignments__round=round_
        )
        .distinct()
        .values_list(
            "pk",
            "summary__topic__document__corpus__slug",
            "summary__topic__document__external_id",
            "summary__topic__name",
            "summary__external_id",
            "summary__system",
            "position",
            "source_index",
        )
    }


def _gold(round_: Round) -> dict[int, bool]:
    """sentence id -> inconsistent, by the majority of the two raters (a tie inconsistent)
    unless adjudicated: computed here independently of the code under test."""
    votes: dict[int, list[str]] = {}
    for pk, label in SentenceJudgement.objects.filter(assignment__round=round_).values_list(
        "sentence_id", "label"
    ):
        votes.setdefault(pk, []).append(label)
    gold = {pk: labels.count("inconsistent") * 2 >= len(labels) for pk, labels in votes.items()}
    for pk, label in SentenceJudgement.objects.filter(
        assignment__round__kind="adjudication"
    ).values_list("sentence_id", "label"):
        gold[pk] = label == "inconsistent"
    return gold


def _scores(round_: Round) -> dict[int, float]:
    """A judge that tends to score inconsistent sentences low, in [0, 1], named by record."""
    gold = _gold(round_)
    names = _names(round_)
    return {
        pk: round(0.6 * _noise("score", *names[pk]) + (0.05 if bad else 0.35), 4)
        for pk, bad in gold.items()
    }


def _two_judges(round_: Round) -> tuple[dict[int, float], dict[int, str]]:
    """SummaC's scores and GPT-4's labels (its scores cut at 0.3) of the round's sentences,
    stored as corpus runs."""
    scores = _scores(round_)
    labels = {pk: "inconsistent" if s < 0.3 else "consistent" for pk, s in scores.items()}
    project = round_.project
    corpus_run(project, "SummaC", "v1", {pk: {"score": s} for pk, s in scores.items()})
    corpus_run(project, "GPT-4", "prompt-2", {pk: {"label": v} for pk, v in labels.items()})
    return scores, labels


def _release_report(
    round_: Round,
    split: dict[str, Any],
    scores: dict[int, float],
    labels: dict[int, str],
    tmp_path: Path,
) -> dict[str, Any]:
    """``evaluator_report`` on a release of ``round_`` built with ``split``, the two judges'
    predictions uploaded to it as CSV files by record id."""
    project = round_.project
    names = _names(round_)
    release = release_build(
        release_id=release_create(
            project=project,
            user=None,
            config={
                "version": "1.0.0",
                "rounds": [round_.pk],
                "formats": ["native"],
                "split": split,
            },
        ).pk
    )
    assert release.status == ReleaseStatus.PUBLISHED, release.error
    for evaluator, values, column in (
        ("SummaC", scores, "score"),
        ("GPT-4", {pk: 0 if v == "inconsistent" else 1 for pk, v in labels.items()}, "label"),
    ):
        path = tmp_path / f"{evaluator}.csv"
        path.write_text(
            f"record_id,{column}\n"
            + "".join(f"{record_id(*names[pk])},{v}\n" for pk, v in values.items())
        )
        call_command(
            "evaluator_upload",
            str(path),
            "--release",
            f"{project.slug}@1.0.0",
            "--evaluator",
            evaluator,
            stdout=StringIO(),
        )
    out = StringIO()
    call_command("evaluator_report", "--release", f"{project.slug}@1.0.0", "--json", stdout=out)
    return dict(json.loads(out.getvalue()))


@pytest.mark.parametrize("corpus_split", [True, False])
def test_judges_figures_equal_evaluator_report_on_a_release_of_the_same_gold(
    studied: Round, tmp_path: Path, corpus_split: bool
) -> None:
    """With the corpus's own dev/test split, and without one (a seeded share of documents
    tunes the threshold, and the release is built with the same stated split)."""
    project = studied.project
    if not corpus_split:
        Document.objects.filter(topics__assignments__round=studied).update(split="none")
    scores, labels = _two_judges(studied)
    judges = judges_report(project)
    expected = (
        {"method": "corpus"} if corpus_split else {"method": "document", "dev": 0.3, "seed": 0}
    )
    assert judges["split"] == expected
    report = _release_report(studied, judges["split"], scores, labels, tmp_path)

    compared = 0
    for run in judges["runs"]:
        name = run["evaluator"]
        for level in ("sentence", "summary"):
            board = report["levels"][level]
            mine = run["levels"][level]
            assert "error" not in mine, (name, level, mine)
            for key in ("protocol", "tuned_on", "measured_on", "documents"):
                assert mine[key] == board[key], (name, level, key)
            theirs = board["evaluators"][name]
            for key in (
                "balanced_accuracy",
                "fpr",
                "fnr",
                "precision",
                "recall",
                "f1",
                "threshold",
                "tuned_balanced_accuracy",
                "auc",
                "confusion",
                "type_recall",
                "by",
            ):
                assert mine[key] == theirs[key], (name, level, key)
                compared += 1
    assert compared == 2 * 2 * 12
    # The comparison is not vacuous: the gold has both labels, the types have recall.
    sentence = judges["runs"][0]["levels"]["sentence"]
    assert sentence["confusion"]["tp"] > 0
    assert sentence["confusion"]["tn"] > 0
    assert judges["runs"][0]["levels"]["sentence"]["type_recall"]


def test_a_score_whose_threshold_cannot_be_tuned_leaves_the_others_scored_as_a_release_does(
    tmp_path: Path,
) -> None:
    """Every summary of a dev document is inconsistent (both raters fault its first
    sentence): no score can be tuned on the dev summaries. SummaC's summary level says so,
    on the Judges page and on the release's leaderboard alike, and GPT-4's labels, which need
    no threshold, are still scored there (they were lost with SummaC's before)."""
    call_command("load_demo", stdout=StringIO())
    pilot = label_pilot(
        lambda summary, sentence, annotator: (
            sentence.position == 0
            if summary.topic.document.split == "dev"
            else _by_chance(summary, sentence, annotator)
        )
    )
    scores, labels = _two_judges(pilot)
    judges = judges_report(pilot.project)
    assert judges["split"] == {"method": "corpus"}
    report = _release_report(pilot, judges["split"], scores, labels, tmp_path)

    why = "no consistent record to tune a threshold on: the dev records need both labels"
    mine = {run["evaluator"]: run["levels"]["summary"] for run in judges["runs"]}
    board = report["levels"]["summary"]
    assert mine["SummaC"]["error"] == why
    assert board["unscored"] == {"SummaC": why}
    assert set(board["evaluators"]) == {"GPT-4"}
    for key in ("protocol", "tuned_on", "measured_on", "documents"):
        assert mine["GPT-4"][key] == board[key], key
    for key in ("balanced_accuracy", "confusion", "threshold", "by"):
        assert mine["GPT-4"][key] == board["evaluators"]["GPT-4"][key], key
    assert board["comparisons"] == []
    # The sentence level has consistent dev sentences: both are scored there.
    assert set(report["levels"]["sentence"]["evaluators"]) == {"SummaC", "GPT-4"}
    assert report["levels"]["sentence"]["unscored"] == {}
    # The text report names it too.
    out = StringIO()
    call_command("evaluator_report", "--release", "demo@1.0.0", stdout=out)
    assert f"SummaC: not scored ({why})" in out.getvalue()


def test_kappa_confusion_and_balanced_accuracy_against_scikit_learn(studied: Round) -> None:
    project = studied.project
    gold = _gold(studied)
    labels = {
        pk: ("inconsistent" if (bad if _noise("flip", pk) < 0.8 else not bad) else "consistent")
        for pk, bad in gold.items()
    }
    corpus_run(project, "Judge", "v1", {pk: {"label": v} for pk, v in labels.items()})
    figures = judges_report(project)["runs"][0]["levels"]["sentence"]
    # A label run needs no threshold: it is measured on every gold sentence.
    assert figures["protocol"] in ("dev_test", "all")
    order = sorted(gold)
    if figures["protocol"] == "dev_test":
        from annotations.selectors.judges import project_gold

        state, _ = project_gold(project)
        split = dict(
            zip(
                state.sentence_pk.tolist(),
                state.records.summaries.field("split", state.records.sentences.summary).tolist(),
                strict=True,
            )
        )
        order = [pk for pk in order if split[pk] == "test"]
    y = np.array([gold[pk] for pk in order])
    calls = np.array([labels[pk] == "inconsistent" for pk in order])
    tn, fp, fn, tp = confusion_matrix(y, calls, labels=[False, True]).ravel()
    assert figures["confusion"] == {"tp": tp, "fp": fp, "fn": fn, "tn": tn}
    assert figures["kappa"] == pytest.approx(cohen_kappa_score(y, calls), abs=1e-6)
    assert figures["balanced_accuracy"]["value"] == pytest.approx(
        balanced_accuracy_score(y, calls), abs=1e-6
    )
    assert figures["disagreements"] == int((y != calls).sum()) + (
        0
        if figures["protocol"] == "all"
        else sum((labels[pk] == "inconsistent") != gold[pk] for pk in set(gold) - set(order))
    )


def test_score_runs_get_a_reliability_diagram_and_versions_make_a_trend(
    studied: Round,
) -> None:
    project = studied.project
    scores = _scores(studied)
    corpus_run(project, "SummaC", "v1", {pk: {"score": s} for pk, s in scores.items()})
    sharper = {pk: min(1.0, max(0.0, (s - 0.3) * 3 + 0.5)) for pk, s in scores.items()}
    corpus_run(project, "SummaC", "v2", {pk: {"score": s} for pk, s in sharper.items()})
    report = judges_report(project)
    first = report["runs"][0]["levels"]["sentence"]
    assert first["kind"] == "score"
    assert first["ece"] is not None
    assert sum(b["records"] for b in first["reliability"]) == first["measured_on"]
    assert len(first["reliability"]) == 10
    (trend,) = report["trends"]
    assert trend["evaluator"] == "SummaC"
    assert [p["version"] for p in trend["points"]] == ["v1", "v2"]
    assert trend["points"][0]["sentence"]["ece"] != trend["points"][1]["sentence"]["ece"]


def test_abstentions_are_counted_and_left_out(studied: Round) -> None:
    project = studied.project
    scores = _scores(studied)
    abstain = set(sorted(scores)[:7])
    corpus_run(
        project,
        "Judge",
        "v1",
        {pk: ({"abstain": True} if pk in abstain else {"score": s}) for pk, s in scores.items()},
    )
    run = judges_report(project)["runs"][0]
    assert run["abstained"] == 7
    assert run["levels"]["sentence"]["predicted"] == len(scores) - 7
    assert run["levels"]["sentence"]["gold_records"] == len(scores)


def test_the_figures_follow_an_adjudication_without_a_button(
    studied: Round, django_user_model: Any
) -> None:
    """A new adjudicated label changes the gold the next request scores against."""
    project = studied.project
    gold = _gold(studied)
    labels = {pk: "inconsistent" if bad else "consistent" for pk, bad in gold.items()}
    corpus_run(project, "Oracle", "v1", {pk: {"label": v} for pk, v in labels.items()})
    before = judges_report(project)["runs"][0]["levels"]["sentence"]
    assert before["disagreements"] == 0
    # An admin overturns one sentence's gold: the oracle now disagrees there.
    pk = sorted(gold)[0]
    admin = django_user_model.objects.create_user("adjudicator")
    sentence = SummarySentence.objects.get(pk=pk)
    assignment = adjudication_open(project, sentence.summary.topic_id, admin)
    SentenceJudgement.objects.create(
        assignment=assignment,
        sentence=sentence,
        label="consistent" if gold[pk] else "inconsistent",
    )
    after = judges_report(project)["runs"][0]["levels"]["sentence"]
    assert after["disagreements"] == 1
    (listed,) = after["disagreement_list"]
    assert listed["topic"] == sentence.summary.topic_id
    assert listed["round"] == studied.pk
    assert listed["text"] == sentence.text
    assert listed["gold"] == ("consistent" if gold[pk] else "inconsistent")


def _get(client: Any, project: Project) -> Any:
    return client.get(f"/api/projects/{project.slug}/judges/")


@pytest.mark.parametrize(
    ("username", "status"),
    [(ADMIN, 200), (RESEARCHER, 200), (LINGUIST, 404), (REVIEWER, 404)],
)
def test_who_sees_the_judges_page(studied: Round, username: str, status: int) -> None:
    project = studied.project
    corpus_run(project, "SummaC", "v1", {pk: {"score": s} for pk, s in _scores(studied).items()})
    response = _get(signed_in(username), project)
    assert response.status_code == status
    if status == 404:
        assert "SummaC" not in response.content.decode()
    else:
        assert response.json()["runs"][0]["evaluator"] == "SummaC"


def test_query_count_does_not_grow_with_runs(studied: Round) -> None:
    project = studied.project
    scores = _scores(studied)
    corpus_run(project, "A", "v1", {pk: {"score": s} for pk, s in scores.items()})

    def counted() -> int:
        from annotations.selectors import judges

        judges.GOLD_CACHE.clear()
        judges.RUN_CACHE.clear()
        judges.REPORT_CACHE.clear()
        with CaptureQueriesContext(connection) as queries:
            judges_report(project)
        return len(queries)

    one = counted()
    rng = random.Random(3)
    for version in ("v2", "v3", "v4"):
        corpus_run(
            project,
            "A" if version != "v4" else "B",
            version,
            {pk: {"score": min(1.0, s + rng.random() / 10)} for pk, s in scores.items()},
        )
    assert counted() == one


def test_runs_read_in_sql_equal_runs_read_through_the_orm(studied: Round) -> None:
    """PostgreSQL reads a run's predictions as joined text (fast); any other database row by
    row: the same arrays, abstentions and summary verdicts included."""
    from annotations.selectors import judges

    project = studied.project
    scores = _scores(studied)
    abstain = set(sorted(scores)[:3])
    summaries = dict(
        SummarySentence.objects.filter(pk__in=list(scores)).values_list("summary_id", "pk")
    )
    scored = corpus_run(
        project,
        "Scores",
        "v1",
        {pk: ({"abstain": True} if pk in abstain else {"score": s}) for pk, s in scores.items()},
        summaries={pk: {"score": 0.1 * (n % 10)} for n, pk in enumerate(summaries)},
    )
    labelled = corpus_run(
        project,
        "Labels",
        "v1",
        {
            pk: {"abstain": True}
            if pk in abstain
            else {"label": "inconsistent" if s < 0.3 else "consistent", "score": None}
            for pk, s in scores.items()
        },
    )
    kind = {scored.pk: "score", labelled.pk: "label"}
    by_sql = judges._sql_run_arrays([scored, labelled], kind)
    by_orm = judges._orm_run_arrays([scored, labelled], kind)
    for run in (scored, labelled):
        for field in ("sentence_pk", "sentence_values", "summary_pk", "summary_values"):
            np.testing.assert_array_equal(
                getattr(by_sql[run.pk], field), getattr(by_orm[run.pk], field), err_msg=field
            )
    assert np.isnan(by_sql[scored.pk].sentence_values).sum() == 3
    assert set(
        np.unique(
            by_sql[labelled.pk].sentence_values[~np.isnan(by_sql[labelled.pk].sentence_values)]
        )
    ) <= {0.0, 1.0}
    assert len(by_sql[scored.pk].summary_pk) == len(summaries)


@pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__")
def test_new_labels_show_the_last_figures_while_the_next_are_computed(settings: Any) -> None:
    """With background scoring (the default), the request after a change answers at once
    with the last figures marked stale; once computed, the next is fresh."""
    from annotations.selectors import judges

    settings.JUDGES_BACKGROUND = True
    call_command("load_demo", stdout=StringIO())
    pilot = label_pilot()
    project = pilot.project
    gold = _gold(pilot)
    oracle = {pk: "inconsistent" if bad else "consistent" for pk, bad in gold.items()}
    corpus_run(project, "Oracle", "v1", {pk: {"label": v} for pk, v in oracle.items()})
    first = judges_report(project)
    assert first["stale"] is False
    assert first["runs"][0]["levels"]["sentence"]["disagreements"] == 0
    pk = sorted(gold)[0]
    sentence = SummarySentence.objects.get(pk=pk)
    admin = get_user_model().objects.get(username="admin")
    SentenceJudgement.objects.create(
        assignment=adjudication_open(project, sentence.summary.topic_id, admin),
        sentence=sentence,
        label="consistent" if gold[pk] else "inconsistent",
    )
    shown = judges_report(project)
    assert shown["stale"] is True
    assert shown["runs"][0]["levels"]["sentence"]["disagreements"] == 0
    judges.wait_for_background()
    fresh = judges_report(project)
    assert fresh["stale"] is False
    assert fresh["runs"][0]["levels"]["sentence"]["disagreements"] == 1
