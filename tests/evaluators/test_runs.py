"""Uploading an evaluator's runs on a published release, by command: stored aligned to the
release's records, numbered, immutable; every refused file leaves nothing behind."""

from __future__ import annotations

import csv
import json
import zipfile
from io import StringIO
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from annotations.formats.release_records import read_release_records
from annotations.models import (
    Assignment,
    Evaluator,
    EvaluatorRun,
    Release,
    Round,
    Topic,
    WebhookDelivery,
)
from annotations.services.evaluator_runs import RECORDS_CACHE, release_checksum, run_predictions
from annotations.services.webhooks import webhook_create
from tests.people import signed_in
from tests.scoring.test_release_scores import build, labelled_round  # noqa: F401

pytestmark = pytest.mark.django_db(databases="__all__")


@pytest.fixture(autouse=True)
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def release(labelled_round: Round) -> Release:  # noqa: F811
    return build(labelled_round, ["native"])


def record_ids(release: Release) -> tuple[list[str], list[int]]:
    with zipfile.ZipFile(release.archive.path) as packed:
        records = read_release_records(packed.read("records.csv"))
    return records.sentences.record_id.tolist(), records.sentences.label.tolist()


def scores_file(path: Path, ids: list[str], labels: list[int], *, bad: float, good: float) -> Path:
    """A run scoring each gold-inconsistent record ``bad`` and every other ``good``."""
    path.write_text(
        "record_id,score\n"
        + "".join(
            f"{i},{bad if label == 1 else good}\n" for i, label in zip(ids, labels, strict=True)
        )
    )
    return path


def upload(release: Release, path: Path, *extra: str) -> dict[str, Any]:
    out = StringIO()
    call_command(
        "evaluator_upload",
        str(path),
        "--release",
        f"{release.project.slug}@{release.version}",
        *extra,
        stdout=out,
    )
    return json.loads(out.getvalue())


def test_runs_are_stored_aligned_to_the_records_and_numbered(
    release: Release, tmp_path: Path
) -> None:
    ids, labels = record_ids(release)
    # The lab's pipeline hears of each stored run (docs/webhooks.md).
    endpoint = webhook_create(
        project=release.project,
        user=None,
        url="https://hooks.example.org/in",
        events=["evaluator_run.scored"],
        secret="whsec_test",
    )
    scores = scores_file(tmp_path / "summac.csv", ids, labels, bad=0.2, good=0.9)
    first = upload(release, scores, "--evaluator", "SummaC")
    second = upload(release, scores, "--evaluator", "SummaC")
    assert (first["run"], second["run"]) == (1, 2)
    announced = WebhookDelivery.objects.filter(endpoint=endpoint).order_by("pk")
    assert [d.payload["data"]["run"] for d in announced] == [1, 2]
    assert announced[0].payload["data"] == {
        "evaluator": "SummaC",
        "run": 1,
        "release": {"id": release.pk, "version": release.version},
        "sentences": len(ids),
        "summaries": first["summaries"],
    }
    assert first["sentences"] == len(ids)
    assert first["predictions"] == "score"
    run = EvaluatorRun.objects.get(evaluator__name="SummaC", number=1)
    stored = run_predictions(run)
    assert stored.sentence_values.tolist() == [0.2 if label == 1 else 0.9 for label in labels]
    llm = tmp_path / "gpt.jsonl"
    llm.write_text(
        "".join(
            json.dumps(
                {
                    "record_id": i,
                    "label": 0 if label == 1 else 1,
                    "explanation": "Not in the dialogue." if label == 1 else "",
                }
            )
            + "\n"
            for i, label in zip(ids, labels, strict=True)
        )
    )
    shown = upload(release, llm, "--evaluator", "GPT-4", "--kind", "llm", "--run", "3")
    assert (shown["run"], shown["kind"], shown["predictions"]) == (3, "llm", "label")
    labelled = run_predictions(EvaluatorRun.objects.get(evaluator__name="GPT-4"))
    assert np.array_equal(labelled.sentence_values == 0, np.array(labels) == 1)
    # An empty explanation is none.
    assert set(labelled.sentence_explanations.values()) == {"Not in the dialogue."}
    assert len(labelled.sentence_explanations) == labels.count(1)
    with pytest.raises(CommandError, match=r"run 3 of GPT-4 on 1\.0\.0 exists"):
        upload(release, llm, "--evaluator", "GPT-4", "--run", "3")


def test_a_release_built_before_the_record_arrays_is_scored_from_its_csv(
    release: Release, tmp_path: Path
) -> None:
    """records.npz is what uploads load; a release without it (built before it existed)
    joins the same run to the same records by parsing records.csv."""
    ids, labels = record_ids(release)
    scores = scores_file(tmp_path / "run.csv", ids, labels, bad=0.1, good=0.8)
    with_arrays = upload(release, scores, "--evaluator", "Metric")
    archive = Path(release.archive.path)
    with zipfile.ZipFile(archive) as packed:
        assert "records.npz" in packed.namelist()
        kept = {name: packed.read(name) for name in packed.namelist() if name != "records.npz"}
    with zipfile.ZipFile(archive, "w") as rewritten:
        for name, content in kept.items():
            rewritten.writestr(name, content)
    RECORDS_CACHE.clear()
    from_csv = upload(release, scores, "--evaluator", "Metric")
    assert (with_arrays["sentences"], from_csv["sentences"]) == (len(ids), len(ids))
    first, second = EvaluatorRun.objects.filter(evaluator__name="Metric").order_by("number")
    assert np.array_equal(
        run_predictions(first).sentence_values, run_predictions(second).sentence_values
    )


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("record_id,score\nnope,0.5\n", "line 2, field record_id: 'nope' is not a record"),
        ("record_id,score\n{first},0.5\n", "field record_id: misses"),
        ("record_id,score\n{first},inf\n", "line 2, field score: inf is not a finite number"),
        ("record_id,label\n{first},maybe\n", "line 2, field label"),
    ],
)
def test_a_refused_file_stores_nothing(
    release: Release, tmp_path: Path, content: str, words: str
) -> None:
    ids, _ = record_ids(release)
    path = tmp_path / "bad.csv"
    path.write_text(content.format(first=ids[0]))
    with pytest.raises(CommandError) as refused:
        upload(release, path, "--evaluator", "Broken")
    assert words in str(refused.value)
    assert str(refused.value).startswith("bad.csv")
    assert not Evaluator.objects.exists()
    assert not EvaluatorRun.objects.exists()
    stored = Path(release.archive.path).parent.parent.parent / "evaluators"
    assert not stored.exists() or not any(stored.iterdir())


def test_an_unknown_release_names_the_published_ones(release: Release, tmp_path: Path) -> None:
    path = tmp_path / "x.csv"
    path.write_text("record_id,score\n")
    with pytest.raises(CommandError, match=r"has no published release 9.9.9; published: 1.0.0"):
        call_command("evaluator_upload", str(path), "--release", "demo@9.9.9", "--evaluator", "E")
    with pytest.raises(CommandError, match="write SLUG@VERSION"):
        call_command("evaluator_upload", str(path), "--release", "demo", "--evaluator", "E")


def test_a_researcher_uploads_from_the_browser_and_follows_the_job(
    release: Release, tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    ids, labels = record_ids(release)
    body = "record_id,label\n" + "".join(
        f"{i},{0 if label == 1 else 1}\n" for i, label in zip(ids, labels, strict=True)
    )
    researcher = signed_in("researcher")
    url = f"/api/releases/{release.pk}/evaluator-runs/"
    with django_capture_on_commit_callbacks(execute=True):
        started = researcher.post(
            url,
            {
                "file": SimpleUploadedFile("folder/gpt.csv", body.encode()),
                "evaluator": "GPT-4",
                "kind": "llm",
            },
        )
    assert started.status_code == 202, started.content
    job = researcher.get(f"/api/admin/jobs/{started.json()['job']}/").json()
    assert (job["status"], job["message"]) == ("succeeded", "stored run 1")
    assert job["result"]["source_name"] == "gpt.csv"
    (run,) = researcher.get(url).json()["runs"]
    assert (run["evaluator"], run["kind"], run["predictions"]) == ("GPT-4", "llm", "label")
    assert not list((Path(release.archive.path).parents[2] / "imports").iterdir())
    # A bad file: the job fails naming the file, line and field, and nothing is kept.
    with django_capture_on_commit_callbacks(execute=True):
        started = researcher.post(
            url,
            {
                "file": SimpleUploadedFile("bad.csv", b"record_id,label\nnope,1\n"),
                "evaluator": "Other",
            },
        )
    job = researcher.get(f"/api/admin/jobs/{started.json()['job']}/").json()
    assert job["status"] == "failed"
    assert job["error"].startswith("bad.csv, line 2, field record_id: 'nope' is not a record")
    assert EvaluatorRun.objects.count() == 1


def test_only_researchers_and_admins_of_the_project_reach_the_runs(release: Release) -> None:
    url = f"/api/releases/{release.pk}/evaluator-runs/"
    assert signed_in("admin").get(url).status_code == 200
    for username in ("linguist1", "reviewer"):
        assert signed_in(username).get(url).status_code == 404
        assert signed_in(username).post(url, {"evaluator": "E"}).status_code == 404
    refused = signed_in("researcher").post(url, {"evaluator": "E"})
    assert refused.status_code == 400
    assert "file" in refused.json()["errors"]


def test_the_report_scores_every_evaluator_with_intervals(release: Release, tmp_path: Path) -> None:
    ids, labels = record_ids(release)
    perfect = tmp_path / "perfect.csv"
    perfect.write_text(
        "record_id,score\n"
        + "".join(
            f"{i},{0.1 if label == 1 else 0.9}\n" for i, label in zip(ids, labels, strict=True)
        )
    )
    upload(release, perfect, "--evaluator", "Perfect")
    upload(release, perfect, "--evaluator", "Perfect")
    contrary = tmp_path / "contrary.jsonl"
    contrary.write_text(
        "".join(
            json.dumps({"record_id": i, "label": 1 if label == 1 else 0}) + "\n"
            for i, label in zip(ids, labels, strict=True)
        )
    )
    upload(release, contrary, "--evaluator", "Contrary", "--kind", "llm")
    out = StringIO()
    call_command(
        "evaluator_report",
        "--release",
        f"{release.project.slug}@{release.version}",
        "--json",
        "--resamples",
        "200",
        stdout=out,
    )
    report = json.loads(out.getvalue())
    sentence = report["levels"]["sentence"]
    assert sentence["protocol"] == "dev_test"  # tuned on dev, measured on test
    best = sentence["evaluators"]["Perfect"]
    assert best["balanced_accuracy"] == {"value": 1.0, "low": 1.0, "high": 1.0}
    assert best["auc"]["value"] == 1.0
    assert best["confusion"]["fp"] == 0
    worst = sentence["evaluators"]["Contrary"]
    assert worst["balanced_accuracy"]["value"] == 0.0
    assert (worst["fpr"]["value"], worst["fnr"]["value"]) == (1.0, 1.0)
    assert set(worst["by"]["system"]) == {str(s) for s in report_systems(release)}
    (comparison,) = sentence["comparisons"]
    assert (comparison["a"], comparison["b"], comparison["value"]) == ("Contrary", "Perfect", -1.0)
    # The demo's test split is one dialogue: too few documents for a paired test.
    assert sentence["documents"] == 1
    assert (comparison["p_value"], comparison["testable"]) == (None, False)
    assert comparison["note"].startswith("not enough documents to test")
    # Summaries are derived from the sentences: the least consistent one decides.
    assert report["levels"]["summary"]["evaluators"]["Perfect"]["balanced_accuracy"]["value"] == 1.0
    agreement = report["self_agreement"]["Perfect"]["sentence"]
    assert (agreement["coefficient"], agreement["runs"], agreement["value"]) == (
        "cohen_kappa",
        2,
        1.0,
    )
    text = StringIO()
    call_command(
        "evaluator_report",
        "--release",
        f"{release.project.slug}@{release.version}",
        "--resamples",
        "50",
        stdout=text,
    )
    assert "Perfect: balanced accuracy 1.000 [1.000, 1.000]" in text.getvalue()
    assert "faithfulness: correlation with the human scores" in text.getvalue()


def report_systems(release: Release) -> set[str]:
    with zipfile.ZipFile(release.archive.path) as packed:
        return set(
            read_release_records(packed.read("records.csv")).summaries.field("system").tolist()
        )


def test_the_leaderboard_over_http_with_csv_and_latex_tables(
    release: Release, tmp_path: Path
) -> None:
    ids, labels = record_ids(release)
    for name, good in (("Metric_1 & co", True), ("Coin", False)):
        path = tmp_path / f"{good}.csv"
        path.write_text(
            "record_id,score\n"
            + "".join(
                f"{i},{(0.1 if label == 1 else 0.9) if good else (n % 7) / 7}\n"
                for n, (i, label) in enumerate(zip(ids, labels, strict=True))
            )
        )
        upload(release, path, "--evaluator", name)
    researcher = signed_in("researcher")
    base = f"/api/releases/{release.pk}/leaderboard"
    board = researcher.get(f"{base}/").json()
    sentence = board["levels"]["sentence"]
    assert set(sentence["evaluators"]) == {"Metric_1 & co", "Coin"}
    assert sentence["evaluators"]["Metric_1 & co"]["balanced_accuracy"]["value"] == 1.0
    table = researcher.get(f"{base}.csv?level=sentence")
    assert table["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(StringIO(table.content.decode())))
    assert [row["evaluator"] for row in rows] == ["Metric_1 & co", "Coin"]  # best first
    assert float(rows[0]["balanced_accuracy"]) == 1.0
    assert rows[0]["balanced_accuracy_low"] == "1.0"
    assert (comparison := sentence["comparisons"][0])["p_value"] is None
    assert comparison["testable"] is False
    assert rows[1]["test_vs_best"] == "not enough documents to test"
    latex = researcher.get(f"{base}.tex?level=summary").content.decode()
    assert r"\begin{tabular}{lccccccc}" in latex
    assert "Differences between evaluators: not enough documents to test: 1 document" in latex
    assert r"Metric\_1 \& co & 1.000 {\scriptsize [1.000, 1.000]}" in latex
    assert r"95\% bootstrap intervals by document" in latex
    assert researcher.get(f"{base}.csv?level=words").status_code == 400
    assert researcher.get(f"{base}.pdf").status_code == 404
    for username in ("linguist1", "reviewer"):
        assert signed_in(username).get(f"{base}/").status_code == 404
        assert signed_in(username).get(f"{base}.tex").status_code == 404


def test_the_leaderboard_shows_the_runs_stored_now_when_the_ids_are_the_same(
    release: Release, tmp_path: Path
) -> None:
    """A restored backup, or the test database between tests, gives other runs the ids the
    served leaderboard was computed from: the figures follow the stored content, not the ids."""
    ids, labels = record_ids(release)
    upload(
        release,
        scores_file(tmp_path / "right.csv", ids, labels, bad=0.1, good=0.9),
        "--evaluator",
        "Judge",
    )
    researcher = signed_in("researcher")
    url = f"/api/releases/{release.pk}/leaderboard/"
    before = researcher.get(url).json()["levels"]["sentence"]["evaluators"]
    assert before["Judge"]["balanced_accuracy"]["value"] == 1.0
    # Another evaluator's run, contrary to the gold, moved under the first run's ids.
    upload(
        release,
        scores_file(tmp_path / "wrong.csv", ids, labels, bad=0.9, good=0.1),
        "--evaluator",
        "Contrary",
    )
    judge = EvaluatorRun.objects.get(evaluator__name="Judge")
    contrary = EvaluatorRun.objects.get(evaluator__name="Contrary")
    EvaluatorRun.objects.filter(pk=judge.pk).update(
        predictions=contrary.predictions.name, sha256=contrary.sha256
    )
    EvaluatorRun.objects.filter(pk=contrary.pk).delete()
    Evaluator.objects.filter(pk=contrary.evaluator_id).delete()
    Evaluator.objects.filter(pk=judge.evaluator_id).update(name="Contrary")
    after = researcher.get(url).json()["levels"]["sentence"]["evaluators"]
    assert set(after) == {"Contrary"}
    # No threshold separates a score contrary to the gold: the best tuned one is chance.
    assert after["Contrary"]["balanced_accuracy"]["value"] == 0.5
    rows = list(
        csv.DictReader(
            StringIO(
                researcher.get(
                    f"/api/releases/{release.pk}/leaderboard.csv?level=sentence"
                ).content.decode()
            )
        )
    )
    assert [(row["evaluator"], float(row["balanced_accuracy"])) for row in rows] == [
        ("Contrary", 0.5)
    ]


def test_a_release_is_named_by_its_checksum_or_else_its_manifest(release: Release) -> None:
    """A release built before the manifest recorded the archive's checksum is named by its
    manifest, which lists every file's: two such releases of other content differ."""
    assert release_checksum(release) == release.manifest["archive_sha256"]
    older = Release(manifest={k: v for k, v in release.manifest.items() if k != "archive_sha256"})
    assert release_checksum(older) != release_checksum(release)
    other_files = json.loads(json.dumps(older.manifest))
    next(iter(other_files["files"].values()))["sha256"] = "0" * 64
    assert release_checksum(Release(manifest=other_files)) != release_checksum(older)
    assert release_checksum(Release(manifest=json.loads(json.dumps(older.manifest)))) == (
        release_checksum(older)
    )


def test_a_round_from_the_units_hardest_for_the_evaluators(
    release: Release, tmp_path: Path
) -> None:
    """Two evaluators wrong on every sentence of one unit and right elsewhere: that unit is
    the hardest against the gold, and a new round can be made of it alone."""
    with zipfile.ZipFile(release.archive.path) as packed:
        records = read_release_records(packed.read("records.csv"))
    ids, labels = records.sentences.record_id.tolist(), records.sentences.label.tolist()
    owner = records.sentences.summary
    hard_topic = records.summaries.value("topic", owner[0])
    hard_doc = records.summaries.value("doc_id", owner[0])

    def wrong(n: int) -> bool:
        summary = owner[n]
        return (
            records.summaries.value("topic", summary) == hard_topic
            and records.summaries.value("doc_id", summary) == hard_doc
        )

    for name in ("A", "B"):
        path = tmp_path / f"{name}.csv"
        path.write_text(
            "record_id,label\n"
            + "".join(
                f"{i},{(1 if y == 1 else 0) if wrong(n) else (0 if y == 1 else 1)}\n"
                for n, (i, y) in enumerate(zip(ids, labels, strict=True))
            )
        )
        upload(release, path, "--evaluator", name)
    admin = signed_in("admin")
    shown = admin.get(f"/api/releases/{release.pk}/hard-units/?by=against_gold&count=2").json()
    first, second = shown["units"]
    assert first["against_gold"] == 1.0
    assert second["against_gold"] == 0.0
    hard = Topic.objects.get(document__external_id=hard_doc, name=hard_topic)
    assert first["topic_id"] == hard.pk
    created = admin.post(
        f"/api/admin/projects/{release.project.slug}/rounds/",
        json.dumps(
            {
                "name": "Hard pilot",
                "kind": "pilot",
                "overlap": 2,
                "guideline_version": 1,
                "annotators": ["linguist1", "linguist2"],
                "units": {"hardest": {"release": release.pk, "by": "against_gold", "count": 1}},
            }
        ),
        content_type="application/json",
    )
    assert created.status_code == 201, created.content
    assert set(
        Assignment.objects.filter(round_id=created.json()["id"]).values_list("topic_id", flat=True)
    ) == {hard.pk}
    refused = admin.post(
        f"/api/admin/projects/{release.project.slug}/rounds/",
        json.dumps(
            {
                "name": "Hard pilot 2",
                "kind": "pilot",
                "overlap": 2,
                "guideline_version": 1,
                "annotators": ["linguist1", "linguist2"],
                "units": {"hardest": {"release": 999999, "by": "against_gold", "count": 1}},
            }
        ),
        content_type="application/json",
    )
    # A release the project does not have is the stored data's refusal, not the body's shape.
    assert (refused.status_code, refused.json()["code"]) == (409, "round_refused")
    assert "units.hardest.release" in refused.json()["errors"]
    assert signed_in("linguist1").get(f"/api/releases/{release.pk}/hard-units/").status_code == 404


def test_the_report_has_correlations_strata_and_the_figures_beyond_balanced_accuracy(
    labelled_round: Round,  # noqa: F811
    tmp_path: Path,
) -> None:
    from scipy import stats

    from annotations.models import Summary

    # Each summarizer's category, given at import (AggreFact's SOTA / OLD).
    for summary in Summary.objects.all():
        summary.metadata = {
            **summary.metadata,
            "system_category": "SOTA" if summary.system < "M" else "OLD",
        }
        summary.save(update_fields=["metadata"])
    release = build(labelled_round, ["native"])
    with zipfile.ZipFile(release.archive.path) as packed:
        records = read_release_records(packed.read("records.csv"))
    categories = set(records.summaries.field("system_category").tolist())
    assert categories
    assert categories <= {"SOTA", "OLD"}
    ids, labels = record_ids(release)
    rng = np.random.default_rng(0)
    noisy = [
        0.1 + 0.5 * rng.random() if label == 1 else 0.4 + 0.6 * rng.random() for label in labels
    ]
    path = tmp_path / "noisy.jsonl"
    path.write_text(
        "".join(
            json.dumps(
                {"record_id": i, "score": "abstain" if n == 0 else s}
                | ({"error_types": ["Extrinsic Information"]} if label == 1 else {})
            )
            + "\n"
            for n, (i, s, label) in enumerate(zip(ids, noisy, labels, strict=True))
        )
    )
    upload(release, path, "--evaluator", "Noisy")
    out = StringIO()
    call_command(
        "evaluator_report",
        "--release",
        f"{release.project.slug}@{release.version}",
        "--json",
        "--resamples",
        "100",
        stdout=out,
    )
    report = json.loads(out.getvalue())
    # Faithfulness: the share of consistent sentences against the mean sentence score.
    stored = run_predictions(EvaluatorRun.objects.get(evaluator__name="Noisy"))
    owner = records.sentences.summary
    human = np.bincount(owner, weights=records.sentences.label == 0) / np.bincount(owner)
    model = np.bincount(owner, weights=stored.sentence_values) / np.bincount(owner)
    systems = records.summaries.field("system")
    names = sorted(set(systems.tolist()))
    human_means = [human[systems == s].mean() for s in names]
    model_means = [model[systems == s].mean() for s in names]
    table = report["correlations"]["faithfulness"]["evaluators"]["Noisy"]
    assert table["system_level"]["kendall"]["value"] == pytest.approx(
        stats.kendalltau(human_means, model_means)[0], abs=1e-6
    )
    documents = records.summaries.document
    per_document = [
        stats.pearsonr(human[documents == d], model[documents == d])[0]
        for d in np.unique(documents)
        if (documents == d).sum() > 1 and np.ptp(human[documents == d]) > 0
    ]
    assert table["summary_level"]["pearson"]["value"] == pytest.approx(
        np.mean(per_document), abs=1e-6
    )
    # The first record abstained: counted, not refused.
    assert report["success"]["Noisy"]["sentence"] == {
        "records": len(ids),
        "abstained": 1,
        "ratio": round((len(ids) - 1) / len(ids), 6),
    }
    # Types named on every gold-inconsistent sentence: scored where the gold has types.
    typed = [
        records.sentences.error_types[i]
        for i in range(len(ids))
        if labels[i] == 1 and records.sentences.error_types[i]
    ]
    accuracy = report["error_type_accuracy"]["Noisy"]
    assert accuracy["sentences"] == len(typed)
    if typed:
        assert accuracy["match"]["value"] == pytest.approx(
            np.mean(["Extrinsic Information" in t for t in typed]), abs=1e-6
        )
    # Thresholds per summarizer category, each tuned on its own dev split.
    strata = report["strata"]["sentence"]
    assert set(strata["system_category"]) == categories
    assert set(strata["corpus"]) == set(records.summaries.field("corpus").tolist())
    sentence = report["levels"]["sentence"]["evaluators"]["Noisy"]
    assert set(sentence["by"]["system_category"]) <= categories
    # The tables of each analysis, as CSV and as LaTeX.
    researcher = signed_in("researcher")
    base = f"/api/releases/{release.pk}/leaderboard"
    table = researcher.get(f"{base}.csv?analysis=correlations")
    assert table["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(StringIO(table.content.decode())))
    system_row = next(r for r in rows if r["level"] == "system" and r["aspect"] == "Faithfulness")
    assert float(system_row["kendall"]) == table_value(
        report["correlations"]["faithfulness"]["evaluators"]["Noisy"]["system_level"]["kendall"]
    )
    latex = researcher.get(f"{base}.tex?analysis=strata").content.decode()
    assert "Summarizer category" in latex
    assert "\\toprule" in latex
    refused = researcher.get(f"{base}.csv?analysis=everything")
    assert refused.status_code == 400
    assert "correlations" in refused.json()["errors"]["analysis"][0]


def table_value(figure: dict[str, Any]) -> float:
    return float(figure["value"])
