"""The FineSurE export: FineSurE's record layout and encoding, with every annotator's raw
factuality, key-fact and sentence labels in one record per summary."""

from __future__ import annotations

import io
import json

import pytest

from annotations.formats.writers.finesure import (
    FRANK_CODES,
    UNIFIED_CODES,
    completeness_ready,
    finesure_record,
    write_finesure,
)
from annotations.formats.writers.rows import (
    AnnotatorLabels,
    AnnotatorSentence,
    ExportError,
    TurnRow,
)
from tests.conftest import SHARED_DATA
from tests.formats.writers.builders import (
    TOPIC,
    consistent_summary,
    covering,
    inconsistent_summary,
)

FINESURE_DIR = SHARED_DATA / "finesure"


def written(*rows) -> bytes:
    stream = io.BytesIO()
    write_finesure(stream, rows)
    return stream.getvalue()


def test_a_summary_becomes_one_record_in_finesures_encoding() -> None:
    expected = {
        "doc_id": f"council-1::{TOPIC}",
        "document": "council-1",
        "source": "demo",
        "split": "dev",
        "model": "Parrot-XL",
        "topic": TOPIC,
        "transcript": "MAYA ORTIZ (host): Tonight the council votes on the river bus.\n"
        "DEV PATEL: It costs $4M, paid by the port.",
        "reference": "",
        "sentences": ["It is paid by the city, and by a new tax.", "The vote is tonight."],
        "key_facts": ["The council votes tonight.", "It costs $4M."],
        "raw_annotations": {
            "A1": {
                "factuality_labels": [1, 0],
                "factuality_types": ["EntE", "NoE"],  # Mis-Referencing is intrinsic-np
                "key_fact_labels": [1, 0],
                "sentence_labels": [0, 1],
                "own_key_facts": [
                    {"key_fact": "The council votes tonight.", "label": 1, "line_numbers": []},
                    {"key_fact": "It costs $4M.", "label": 0, "line_numbers": []},
                ],
            },
            "A2": {
                "factuality_labels": ["None", "None"],
                "factuality_types": ["None", "None"],
                "key_fact_labels": ["None", "None"],
                "sentence_labels": ["None", "None"],
                "own_key_facts": [],
            },
        },
        # The release's gold beside the raw labels (FineSurE's scripts read only the latter).
        "gold": {
            "factuality_labels": [1, 0],
            "factuality_types": ["EntE, OutE", "NoE"],
            "key_fact_labels": [1, 0],
            "sentence_labels": [0, "None"],
            "provenance": [None, None],
            "key_facts_source": "",
            "key_facts_author": "",
        },
    }

    assert written(inconsistent_summary()) == (json.dumps(expected) + "\n").encode()


def test_types_are_written_in_finesures_codes_and_a_missing_type_reads_none() -> None:
    sentences = (
        AnnotatorSentence(
            "inconsistent",
            error_types=("Mis-Referencing", "Contradiction"),
            unified_types=("intrinsic-np", "intrinsic-predicate"),
        ),
        AnnotatorSentence("inconsistent"),
    )
    frank = (
        AnnotatorSentence("inconsistent", error_types=("Predicate Error (PredE)",)),
        AnnotatorSentence("inconsistent", error_types=("Other Error (OthE)",)),
    )
    row = consistent_summary(
        annotators=(
            AnnotatorLabels("A1", sentences=sentences),
            AnnotatorLabels("A2", sentences=frank),
        )
    )

    raw = json.loads(written(row))["raw_annotations"]

    assert raw["A1"]["factuality_types"] == ["EntE, RelE", "None"]
    assert raw["A1"]["factuality_labels"] == [1, 1]
    # A project on the FRANK taxonomy: its own codes, spelled as FineSurE's data spells them.
    assert raw["A2"]["factuality_types"] == ["RelE", "OtherE"]


def test_every_type_code_is_one_finesures_data_uses() -> None:
    used = {"NoE", "OutE", "EntE", "RelE", "CircE", "CorefE", "LinkE", "GramE", "OtherE"}
    assert set(FRANK_CODES.values()) <= used
    assert set(UNIFIED_CODES.values()) <= used
    from annotations.taxonomy_catalogue import TAXONOMIES

    frank = next(t for t in TAXONOMIES if t["slug"] == "frank")
    assert {t["name"] for t in frank["types"]} == set(FRANK_CODES)


def test_doc_ids_are_unique_per_document_and_topic() -> None:
    ids = [
        json.loads(line)["doc_id"]
        for line in written(
            inconsistent_summary(), inconsistent_summary(topic="Another topic")
        ).splitlines()
    ]
    assert len(set(ids)) == 2


def test_non_ascii_text_is_escaped_like_finesures_files() -> None:
    data = written(consistent_summary(topic="Café"))

    assert b'"topic": "Caf\\u00e9"' in data
    assert data.isascii()


@pytest.mark.parametrize("name", ["frank-data-sample-10.json", "realsumm-data-sample-10.json"])
def test_the_record_has_the_fields_finesures_published_samples_have(name: str) -> None:
    sample = json.loads((FINESURE_DIR / name).read_text("utf-8").splitlines()[0])
    ours = json.loads(written(inconsistent_summary()))

    assert set(sample) <= set(ours)
    for field in sample:
        assert type(ours[field]) is type(sample[field]), field
    (their_labels,) = {frozenset(raw) for raw in sample["raw_annotations"].values()}
    for raw in ours["raw_annotations"].values():
        assert their_labels <= set(raw)
        for key in their_labels:
            expected = str if key == "factuality_types" else int
            assert all(isinstance(value, expected) or value == "None" for value in raw[key])


def test_the_key_facts_read_like_finesures_key_fact_list() -> None:
    line = (FINESURE_DIR / "human-keyfact-list.json").read_text("utf-8").splitlines()[0]
    sample = json.loads(line)
    ours = json.loads(written(inconsistent_summary()))

    assert all(isinstance(fact, str) for fact in sample["key_facts"] + ours["key_facts"])
    assert {"doc_id", "transcript", "key_facts"} <= set(ours) & set(sample)


def test_a_summary_without_dialogue_is_refused() -> None:
    with pytest.raises(ExportError, match="no dialogue turns for `transcript`"):
        written(consistent_summary(turns=()))


def two_annotators(
    covered: tuple[bool | None, ...] = (True, False), first: str = "consistent"
) -> object:
    labels = (
        AnnotatorSentence(first, covers_key_fact=True),
        AnnotatorSentence("consistent", covers_key_fact=False),
    )
    return consistent_summary(
        annotators=tuple(
            AnnotatorLabels(name, sentences=labels, key_facts=covering(covered))
            for name in ("A1", "A2")
        )
    )


def test_only_records_finesures_completeness_script_can_score_are_ready() -> None:
    """Its script takes the majority of at least two labels per key fact and sentence and
    divides by their number: a record without key facts, with one annotator, or with an item
    fewer than two annotators labelled would stop it."""
    assert completeness_ready(finesure_record(two_annotators()))
    assert not completeness_ready(finesure_record(two_annotators((None, None))))
    assert not completeness_ready(finesure_record(inconsistent_summary()))  # A2 gave nothing
    assert not completeness_ready(
        finesure_record(consistent_summary(key_facts=(), key_fact_coverage=()))
    )


def test_finesures_own_reproduce_script_runs_on_the_export(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """With a checkout of DISL-Lab/FineSurE-ACL24 in FINESURE_REPO (and numpy and scipy in
    the interpreter FINESURE_PYTHON names, default this one), its reproduce script reads our
    export, with a prediction added per item as a researcher would, and exits 0."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    repo = os.environ.get("FINESURE_REPO")
    if not repo:
        pytest.skip("set FINESURE_REPO to a checkout of DISL-Lab/FineSurE-ACL24")
    python = os.environ.get("FINESURE_PYTHON", sys.executable)
    # Both classes, as any real study has: balanced accuracy needs errors and non-errors.
    rows = [two_annotators(), two_annotators((False, True), first="inconsistent")] * 5
    models = [f"Model-{n % 5}" for n in range(len(rows))]
    faithfulness, completeness = tmp_path / "faithfulness.jsonl", tmp_path / "completeness.jsonl"
    with faithfulness.open("w") as f_out, completeness.open("w") as c_out:
        for number, (row, model) in enumerate(zip(rows, models, strict=True)):
            record = finesure_record(row)
            record["model"], record["doc_id"] = model, f"{record['doc_id']}-{number}"
            first = next(iter(record["raw_annotations"].values()))
            record["pred_faithfulness_labels"] = [number % 2 for _ in record["sentences"]]
            f_out.write(json.dumps(record) + "\n")
            if completeness_ready(record):
                record["pred_alignment_labels"] = first["key_fact_labels"]
                record["pred_sentence_line_numbers"] = [1]
                c_out.write(json.dumps(record) + "\n")
    result = subprocess.run(
        [python, "reproduce-main-results.py", str(faithfulness), str(completeness)],
        cwd=Path(repo) / "reproduce",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "[Completeness Evaluation]" in result.stdout


def test_a_reference_summary_and_a_speakerless_article_are_written_as_finesure_has_them() -> None:
    article = (TurnRow("", "A bank manager was jailed.\nHe will pay it back."),)
    record = json.loads(
        written(consistent_summary(turns=article, reference="He was jailed.", topic=""))
    )

    assert record["transcript"] == "A bank manager was jailed.\nHe will pay it back."
    assert record["reference"] == "He was jailed."
    assert record["doc_id"] == "council-1"  # a generic summary: the document id alone


def test_the_key_fact_list_has_finesures_layout_one_line_per_unit() -> None:
    from annotations.formats.writers.finesure import write_finesure_keyfacts

    stream = io.BytesIO()
    rows = [
        consistent_summary(),
        inconsistent_summary(),  # the same unit: no second line
        consistent_summary(topic="Another topic", key_facts=(), key_fact_coverage=()),
        consistent_summary(doc_id="council-2", reference="The vote."),
    ]

    assert write_finesure_keyfacts(stream, rows) == 2
    first, second = (json.loads(line) for line in stream.getvalue().splitlines())
    sample = json.loads(
        (FINESURE_DIR / "human-keyfact-list.json").read_text("utf-8").splitlines()[0]
    )
    assert list(first) == list(sample)  # doc_id, transcript, reference, key_facts
    assert first["doc_id"] == f"council-1::{TOPIC}"
    assert first["key_facts"] == ["The council votes tonight.", "It costs $4M."]
    assert (second["doc_id"], second["reference"]) == (f"council-2::{TOPIC}", "The vote.")
