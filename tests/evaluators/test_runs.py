"""Uploading an evaluator's runs on a published release, by command: stored aligned to the
release's records, numbered, immutable; every refused file leaves nothing behind."""

from __future__ import annotations

import json
import zipfile
from io import StringIO
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from django.core.management import CommandError, call_command

from annotations.formats.release_records import read_release_records
from annotations.models import Evaluator, EvaluatorRun, Release, Round
from annotations.services.evaluator_runs import run_predictions
from tests.scoring.test_release_scores import build, labelled_round  # noqa: F401

pytestmark = pytest.mark.django_db


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
    scores = tmp_path / "summac.csv"
    scores.write_text(
        "record_id,score\n"
        + "".join(
            f"{i},{0.2 if label == 1 else 0.9}\n" for i, label in zip(ids, labels, strict=True)
        )
    )
    first = upload(release, scores, "--evaluator", "SummaC")
    second = upload(release, scores, "--evaluator", "SummaC")
    assert (first["run"], second["run"]) == (1, 2)
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
