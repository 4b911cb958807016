"""The Judges page: corpus runs scored live against the project's current gold, with the same
figures as ``evaluator_report`` on a release built from the same gold."""

from __future__ import annotations

import hashlib
import json
import random
import time
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
    CorpusRun,
    CorpusRunPart,
    Document,
    ErrorType,
    Evaluator,
    Job,
    JudgesReport,
    JudgesState,
    Project,
    ReleaseStatus,
    Round,
    RoundStatus,
    SentenceJudgement,
    Summary,
    SummarySentence,
)
from annotations.selectors.judges import judges_inputs
from annotations.services.adjudication_round import adjudication_open
from annotations.services.judges_live import judges_page_refresh
from annotations.services.releases import release_build, release_create
from tests.corpus_predictions import store_predictions
from tests.labelling import label_units
from tests.people import ADMIN, LINGUIST, RESEARCHER, REVIEWER, signed_in

pytestmark = pytest.mark.django_db(databases="__all__")


@pytest.fixture(autouse=True)
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    # The page's request runs a recompute as soon as it is due (the embedded configuration,
    # tasks in-process): no debounce, unless a test sets one.
    settings.JUDGES_DEBOUNCE_SECONDS = 0
    return settings.MEDIA_ROOT


def judges_report(project: Project) -> dict[str, Any]:
    """The figures the Judges page shows once its recompute task ran: the page's own path
    (services/judges_live.py), with tasks in-process as the tests and the embedded
    configuration run them, so the task runs in this call."""
    report = judges_page_refresh(project=project, current_key=judges_inputs(project).key)
    assert report is not None
    assert report.state == JudgesState.DONE, report.error
    assert report.figures is not None
    return dict(report.figures)


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
    store_predictions(
        run,
        [{**p, "summary_id": owner[pk], "sentence_id": pk} for pk, p in predictions.items()]
        + [{**p, "summary_id": pk} for pk, p in summaries.items()],
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


def test_the_page_answers_from_the_stored_report_in_a_constant_number_of_queries(
    studied: Round,
) -> None:
    """The GET reads the persisted figures: once computed, its queries do not grow with the
    runs (nor with the gold: nothing is scored in the request)."""
    project = studied.project
    scores = _scores(studied)
    corpus_run(project, "A", "v1", {pk: {"score": s} for pk, s in scores.items()})
    client = signed_in(ADMIN)

    def counted() -> int:
        judges_report(project)  # the recompute of the runs just added, outside the count
        with CaptureQueriesContext(connection) as queries:
            answer = _get(client, project).json()
        assert answer["stale"] is False
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


def test_a_recompute_reads_the_gold_in_queries_that_do_not_grow_with_runs(studied: Round) -> None:
    from annotations.selectors import judges

    project = studied.project
    scores = _scores(studied)
    corpus_run(project, "A", "v1", {pk: {"score": s} for pk, s in scores.items()})

    def counted() -> int:
        judges.GOLD_CACHE.clear()
        judges.RUN_CACHE.clear()
        with CaptureQueriesContext(connection) as queries:
            judges.judges_compute(project)
        return len(queries)

    one = counted()
    for version in ("v2", "v3"):
        corpus_run(project, "A", version, {pk: {"score": s / 2} for pk, s in scores.items()})
    assert counted() == one


def test_runs_read_from_their_parts_give_each_record_its_value(studied: Round) -> None:
    """A run's records come back from its stored parts (arrays, several parts a run) as the
    values the record-by-record rule gives: its score for a score run, 1/0 for a label,
    nan where it abstained; sorted by id per level, summary verdicts included."""
    from annotations.selectors import judges

    project = studied.project
    scores = _scores(studied)
    abstain = set(sorted(scores)[:3])
    summaries = dict(
        SummarySentence.objects.filter(pk__in=list(scores)).values_list("summary_id", "pk")
    )
    summary_scores = {pk: 0.1 * (n % 10) for n, pk in enumerate(summaries)}
    scored = corpus_run(
        project,
        "Scores",
        "v1",
        {pk: ({"abstain": True} if pk in abstain else {"score": s}) for pk, s in scores.items()},
        summaries={pk: {"score": value} for pk, value in summary_scores.items()},
    )
    labels = {pk: "inconsistent" if s < 0.3 else "consistent" for pk, s in scores.items()}
    labelled = corpus_run(
        project,
        "Labels",
        "v1",
        {
            pk: {"abstain": True} if pk in abstain else {"label": labels[pk], "score": None}
            for pk, s in scores.items()
        },
    )
    assert CorpusRunPart.objects.filter(run=scored).count() >= 1
    read = judges._read_runs([scored, labelled], {scored.pk: "score", labelled.pk: "label"})
    ids = sorted(scores)
    expected = {
        scored.pk: [np.nan if pk in abstain else scores[pk] for pk in ids],
        labelled.pk: [np.nan if pk in abstain else float(labels[pk] == "consistent") for pk in ids],
    }
    for run in (scored, labelled):
        assert read[run.pk].sentence_pk.tolist() == ids
        np.testing.assert_array_equal(read[run.pk].sentence_values, expected[run.pk])
    assert read[scored.pk].summary_pk.tolist() == sorted(summary_scores)
    np.testing.assert_array_equal(
        read[scored.pk].summary_values, [summary_scores[pk] for pk in sorted(summary_scores)]
    )
    assert len(read[labelled.pk].summary_pk) == 0


def test_new_labels_show_the_last_figures_while_the_next_wait_for_the_debounce(
    studied: Round, settings: Any
) -> None:
    """After a change the page answers at once with the last figures, says a recompute is
    pending and when the shown ones were computed; once the debounce passed, the page's next
    request (tasks in-process) gets the new figures."""
    project = studied.project
    gold = _gold(studied)
    oracle = {pk: "inconsistent" if bad else "consistent" for pk, bad in gold.items()}
    corpus_run(project, "Oracle", "v1", {pk: {"label": v} for pk, v in oracle.items()})
    first = judges_report(project)
    assert first["runs"][0]["levels"]["sentence"]["disagreements"] == 0
    settings.JUDGES_DEBOUNCE_SECONDS = 3600
    pk = sorted(gold)[0]
    sentence = SummarySentence.objects.get(pk=pk)
    admin = get_user_model().objects.get(username="admin")
    SentenceJudgement.objects.create(
        assignment=adjudication_open(project, sentence.summary.topic_id, admin),
        sentence=sentence,
        label="consistent" if gold[pk] else "inconsistent",
    )
    shown = _get(signed_in(ADMIN), project).json()
    assert shown["stale"] is True
    assert shown["state"] == "queued"
    assert shown["computed_at"] == first["computed_at"]
    assert shown["runs"][0]["levels"]["sentence"]["disagreements"] == 0
    # A second visit joins the waiting recompute rather than queueing another.
    _get(signed_in(ADMIN), project)
    assert Job.objects.filter(kind="judges", status="queued").count() == 1
    Job.objects.filter(kind="judges", status="queued").update(
        params={"project": project.pk, "auto": True, "not_before": "2000-01-01T00:00:00+00:00"}
    )
    fresh = _get(signed_in(ADMIN), project).json()
    assert fresh["stale"] is False
    assert fresh["state"] == "done"
    assert fresh["runs"][0]["levels"]["sentence"]["disagreements"] == 1


def test_a_submit_queues_a_debounced_recompute_and_a_burst_joins_it(
    studied: Round, settings: Any
) -> None:
    """Submits (how labels, reviews and adjudications end) queue the recompute without a
    button, once for a burst, and never compute in the submitting request."""
    from annotations.services.judgements import assignment_submit

    settings.JUDGES_DEBOUNCE_SECONDS = 60
    project = studied.project
    corpus_run(project, "A", "v1", {pk: {"score": s} for pk, s in _scores(studied).items()})
    judges_report(project)
    done_at = JudgesReport.objects.get(project=project).computed_at
    submitted = list(
        Assignment.objects.filter(round=studied).select_related("annotator").order_by("id")[:2]
    )
    Round.objects.filter(pk=studied.pk).update(status=RoundStatus.OPEN)
    Assignment.objects.filter(pk__in=[a.pk for a in submitted]).update(
        status=AssignmentStatus.IN_PROGRESS
    )
    for assignment in submitted:
        assignment_submit(assignment_id=assignment.pk, user=assignment.annotator)
    (job,) = Job.objects.filter(kind="judges", status="queued")
    assert job.params["auto"] is True
    report = JudgesReport.objects.get(project=project)
    assert (report.state, report.job_id, report.computed_at) == ("queued", job.pk, done_at)


def test_a_project_without_runs_queues_nothing_on_submit(studied: Round) -> None:
    from annotations.services.judgements import assignment_submit

    assignment = Assignment.objects.filter(round=studied).select_related("annotator").first()
    assert assignment is not None
    Round.objects.filter(pk=studied.pk).update(status=RoundStatus.OPEN)
    Assignment.objects.filter(pk=assignment.pk).update(status=AssignmentStatus.IN_PROGRESS)
    assignment_submit(assignment_id=assignment.pk, user=assignment.annotator)
    assert not Job.objects.filter(kind="judges").exists()
    assert not JudgesReport.objects.exists()


def test_a_worker_that_dies_leaves_the_recompute_queued_again_then_failed(
    studied: Round, settings: Any
) -> None:
    """The job's lease expires, the sweep fails it and queues the report's recompute again,
    a bounded number of times; then the report says failed, with the reason, and an admin's
    recompute starts over."""
    from datetime import timedelta

    from django.utils import timezone

    from annotations.services.judges_live import judges_recompute
    from annotations.tasks import sweep_expired_leases_task

    settings.JUDGES_DEBOUNCE_SECONDS = 3600
    settings.JUDGES_REQUEUE_LIMIT = 2
    project = studied.project
    corpus_run(project, "A", "v1", {pk: {"score": s} for pk, s in _scores(studied).items()})
    judges_page_refresh(project=project, current_key=judges_inputs(project).key)

    def claimed_then_died() -> None:
        report = JudgesReport.objects.get(project=project)
        Job.objects.filter(pk=report.job_id).update(
            status="running", lease_expires_at=timezone.now() - timedelta(seconds=1)
        )
        JudgesReport.objects.filter(pk=report.pk).update(state="running")

    jobs = []
    for _ in range(2):
        claimed_then_died()
        jobs.append(JudgesReport.objects.get(project=project).job_id)
        assert sweep_expired_leases_task()["judges"] == 1
        report = JudgesReport.objects.get(project=project)
        assert report.state == "queued"
        assert report.job_id not in jobs
        assert Job.objects.get(pk=jobs[-1]).status == "failed"
    claimed_then_died()
    assert sweep_expired_leases_task()["judges"] == 0
    report = JudgesReport.objects.get(project=project)
    assert report.state == "failed"
    assert "The worker stopped" in report.error
    # The page says so beside the last figures, and queues nothing more for the same inputs.
    answer = _get(signed_in(ADMIN), project).json()
    assert (answer["state"], answer["stale"], answer["ready"]) == ("failed", False, True)
    assert not Job.objects.filter(kind="judges", status="queued").exists()
    assert answer["error"] == report.error
    # An admin's recompute runs (in-process here) and succeeds.
    judges_recompute(project=project, user=get_user_model().objects.get(username="admin"))
    report = JudgesReport.objects.get(project=project)
    assert (report.state, report.error, report.requeued) == ("done", "", 0)
    assert report.figures is not None


def test_without_beat_the_page_queues_again_a_recompute_whose_worker_died(
    studied: Round,
) -> None:
    """The embedded configuration has no beat: the page that finds its recompute's worker
    dead (lease expired) fails that job and runs a new one."""
    from datetime import timedelta

    from django.utils import timezone

    from annotations.services.judges_live import judges_recompute_schedule

    project = studied.project
    corpus_run(project, "A", "v1", {pk: {"score": s} for pk, s in _scores(studied).items()})
    judges_report(project)
    dead = judges_recompute_schedule(project_id=project.pk, delay=0)
    Job.objects.filter(pk=dead.pk).update(
        status="running", lease_expires_at=timezone.now() - timedelta(seconds=1)
    )
    JudgesReport.objects.filter(project=project).update(state="running")
    answer = _get(signed_in(ADMIN), project).json()
    assert (answer["state"], answer["stale"]) == ("done", False)
    assert Job.objects.get(pk=dead.pk).status == "failed"
    assert JudgesReport.objects.get(project=project).job_id != dead.pk


@pytest.mark.parametrize(("username", "status"), [(ADMIN, 202), (RESEARCHER, 403), (LINGUIST, 404)])
def test_only_admins_recompute_by_hand(studied: Round, username: str, status: int) -> None:
    project = studied.project
    corpus_run(project, "A", "v1", {pk: {"score": s} for pk, s in _scores(studied).items()})
    response = signed_in(username).post(f"/api/projects/{project.slug}/judges/recompute/")
    assert response.status_code == status
    if status == 202:
        answer = response.json()
        assert (answer["state"], answer["ready"], answer["can_recompute"]) == ("done", True, True)
        assert answer["runs"][0]["evaluator"] == "A"
    else:
        assert not JudgesReport.objects.exists()
    if status == 403:
        assert _get(signed_in(username), project).json()["can_recompute"] is False


def test_a_recompute_that_fails_says_why_and_is_not_retried_on_every_visit(
    studied: Round, monkeypatch: pytest.MonkeyPatch
) -> None:
    from annotations.services import judges_live

    project = studied.project
    corpus_run(project, "A", "v1", {pk: {"score": s} for pk, s in _scores(studied).items()})

    def broken(*args: Any, **kwargs: Any) -> dict[str, Any]:
        raise MemoryError

    monkeypatch.setattr(judges_live, "judges_compute", broken)
    client = signed_in(ADMIN)
    answer = _get(client, project).json()
    assert (answer["state"], answer["ready"], answer["stale"]) == ("failed", False, False)
    assert "unexpected error (MemoryError)" in answer["error"]
    _get(client, project)
    assert Job.objects.filter(kind="judges").count() == 1


@pytest.mark.worker
@pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__")
def test_a_real_worker_computes_the_figures_the_eager_path_does() -> None:
    """With a broker, the page's first visit queues the recompute on the short queue and
    answers at once (not ready); a real worker computes and stores the figures, equal to the
    in-process ones; the page then shows them."""
    from annotation_site.celery import app
    from tests.test_tasks import worker_on

    call_command("load_demo", stdout=StringIO())
    pilot = label_pilot()
    project = pilot.project
    corpus_run(project, "A", "v1", {pk: {"score": s} for pk, s in _scores(pilot).items()})
    expected = judges_report(project)
    JudgesReport.objects.all().delete()
    with worker_on("short") as broker:
        url = app.conf.broker_url
        app.conf.broker_url = broker  # the site sends to the worker's broker
        try:
            first = _get(signed_in(ADMIN), project).json()
            assert (first["ready"], first["state"], first["stale"]) == (False, "queued", True)
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                report = JudgesReport.objects.get(project=project)
                if report.state in ("done", "failed"):
                    break
                time.sleep(0.5)
        finally:
            app.conf.broker_url = url
    assert report.state == "done", report.error
    shown = _get(signed_in(ADMIN), project).json()
    assert shown["stale"] is False
    assert shown["runs"] == expected["runs"]


@pytest.fixture
def loss_workers(tmp_path: Path, settings: Any) -> Any:
    """Real workers that can be killed (tests/test_worker_loss.py), the site sending to their
    broker."""
    import os

    from annotation_site.celery import app
    from tests.test_worker_loss import Workers

    broker = os.environ.get("CELERY_TEST_BROKER_URL")
    if not broker or connection.vendor != "postgresql":
        pytest.skip("needs CELERY_TEST_BROKER_URL and PostgreSQL (both set by .ci/run)")
    media = tmp_path / "worker-media"
    (media / "imports").mkdir(parents=True)
    with app.connection_for_write(broker) as channel:
        channel.default_channel.client.flushdb()  # no message of an earlier run
    eager, url = app.conf.task_always_eager, app.conf.broker_url
    app.conf.task_always_eager, app.conf.broker_url = False, broker
    pool = Workers(broker, media)
    try:
        yield pool
    finally:
        app.conf.task_always_eager, app.conf.broker_url = eager, url
        pool.stop_all()


@pytest.mark.worker
@pytest.mark.long
@pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__")
def test_a_recompute_whose_worker_is_killed_is_queued_again_and_lands(loss_workers: Any) -> None:
    """Kill the worker's process group mid-recompute: beat's sweep fails its job once the
    lease expires, queues the report's recompute again, and a live worker stores the figures."""
    from annotations.services.judges_live import judges_recompute_schedule
    from tests.test_worker_loss import wait_for

    call_command("load_demo", stdout=StringIO())
    pilot = label_pilot()
    project = pilot.project
    corpus_run(project, "A", "v1", {pk: {"score": s} for pk, s in _scores(pilot).items()})
    doomed = loss_workers.start(pause=60)
    first = judges_recompute_schedule(project_id=project.pk, delay=0)
    wait_for(
        lambda: JudgesReport.objects.get(project=project).progress > 0,
        60,
        "the recompute reports progress",
    )
    loss_workers.kill(doomed)
    report = JudgesReport.objects.get(project=project)
    assert (report.state, report.figures) == ("running", None)
    loss_workers.start(beat=True)
    wait_for(
        lambda: JudgesReport.objects.get(project=project).state in ("done", "failed"),
        120,
        "the recompute is queued again and ends",
    )
    report = JudgesReport.objects.get(project=project)
    assert report.state == "done", report.error
    assert report.figures is not None
    assert report.figures["runs"][0]["evaluator"] == "A"
    assert report.job_id != first.pk
    first.refresh_from_db()
    assert first.status == "failed"
    assert "The worker stopped" in first.error
