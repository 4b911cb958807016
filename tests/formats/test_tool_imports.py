"""Imports of other tools' exports and public benchmarks' files (docs/formats/imports.md):
for each layout, a file written for this project in that tool's documented layout
(tests/formats/fixtures/tools) imported by ``import_corpus``, with its labels as a closed
reference round per source, predictions kept apart from labels, a re-import that adds
nothing, and malformed files refused with the file, line and field while nothing is
written."""

from __future__ import annotations

import json
import shutil
import zipfile
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from annotations.models import (
    Assignment,
    AssignmentStatus,
    Document,
    JudgementChange,
    Project,
    Round,
    RoundKind,
    RoundStatus,
    SentenceJudgement,
    Summary,
    SummarySentence,
    Turn,
)

pytestmark = pytest.mark.django_db

TOOLS = Path(__file__).parent / "fixtures" / "tools"


def zipped(folder: Path, target: Path) -> Path:
    """The folder as a zip, as a person would upload it."""
    with zipfile.ZipFile(target, "w") as packed:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                packed.write(path, path.relative_to(folder).as_posix())
    return target


def run(fmt: str, path: Path, project: str = "tools") -> str:
    out = StringIO()
    call_command("import_corpus", str(path), format=fmt, project=project, stdout=out)
    return out.getvalue()


def labels(project: str = "tools") -> dict[tuple[str, str, int], tuple[str, str, list[str]]]:
    """(source, summary id, sentence position) -> (label, explanation, error type names)."""
    found = {}
    for judgement in SentenceJudgement.objects.filter(
        assignment__round__project__slug=project
    ).select_related("assignment", "sentence__summary"):
        found[
            (
                judgement.assignment.source,
                judgement.sentence.summary.external_id,
                judgement.sentence.position,
            )
        ] = (
            judgement.label,
            judgement.explanation,
            sorted(judgement.error_types.values_list("name", flat=True)),
        )
    return found


def reference_round(name: str) -> Round:
    round_ = Round.objects.get(project__slug="tools", name=name)
    assert (round_.kind, round_.status) == (RoundKind.REFERENCE, RoundStatus.CLOSED)
    assert set(round_.assignments.values_list("status", flat=True)) == {AssignmentStatus.SUBMITTED}
    assert not round_.assignments.filter(annotator__isnull=False).exists()
    return round_


def test_a_label_studio_export_brings_each_annotators_labels_and_keeps_predictions_apart() -> None:
    output = run("label-studio", TOOLS / "label-studio.json")

    document = Document.objects.get(external_id="d1")
    assert [t.speaker for t in Turn.objects.filter(document=document)] == ["Ana", "Ben"]
    assert document.split == "dev"
    summary = Summary.objects.get(external_id="s1")
    assert summary.text == "Ana moved the meeting to Friday. Ben booked a restaurant."
    assert summary.topic.name == "the meeting"
    assert summary.system == "model-a"
    # The model's answer is a prediction in the summary's metadata, never a label.
    assert summary.metadata["predictions"] == {
        "judge-v1": {"sentences": ["consistent", "inconsistent"], "score": 0.4}
    }
    round_ = reference_round("Label Studio annotations")
    assert round_.overlap == 2
    assert labels() == {
        ("Label Studio user 1", "s1", 0): ("consistent", "", []),
        ("Label Studio user 1", "s1", 1): (
            "inconsistent",
            "Ben books a room, not a restaurant.",
            [],
        ),
        ("Label Studio user lin@example.org", "s1", 0): ("consistent", "", []),
        ("Label Studio user lin@example.org", "s1", 1): ("consistent", "", []),
        ("Label Studio user 1", "s2", 0): ("consistent", "", []),
    }
    assert "1 cancelled annotation(s) (was_cancelled) were left out" in output
    assert "predictions: 'judge-v1' on 1 summaries, kept in the summaries' metadata" in output
    # Where each unit's labels came from.
    audit = JudgementChange.objects.filter(assignment__round=round_).first()
    assert audit is not None
    assert "label-studio.json, task 1" in json.dumps(audit.after)


def test_a_reimport_adds_nothing_and_keeps_the_labels() -> None:
    run("label-studio", TOOLS / "label-studio.json")
    before = SentenceJudgement.objects.count()

    output = run("label-studio", TOOLS / "label-studio.json")

    assert SentenceJudgement.objects.count() == before
    assert Assignment.objects.count() == 2
    assert "2 (unit, source) pair(s) already have labels" in output


def test_a_doccano_export_of_one_file_per_person_gives_each_persons_labels(
    tmp_path: Path,
) -> None:
    output = run("doccano", zipped(TOOLS / "doccano", tmp_path / "doccano.zip"))

    assert SummarySentence.objects.filter(summary__external_id="s1").count() == 2
    reference_round("doccano annotations")
    # Error types by the project's type names (a new project has TofuEval's taxonomy).
    assert labels() == {
        ("doccano user alice", "s1", 0): ("consistent", "", []),
        ("doccano user alice", "s1", 1): (
            "inconsistent",
            "A room, not a restaurant.",
            ["Extrinsic Information"],
        ),
        ("doccano user bob", "s1", 0): ("consistent", "", []),
    }
    assert "1 example(s) without a label were left unlabelled" in output


def test_another_persons_file_later_adds_their_labels_and_raises_the_overlap(
    tmp_path: Path,
) -> None:
    run("doccano", TOOLS / "doccano" / "alice.jsonl")
    assert reference_round("doccano annotations").overlap == 1

    run("doccano", TOOLS / "doccano" / "bob.jsonl")

    assert reference_round("doccano annotations").overlap == 2
    assert {source for source, *_ in labels()} == {"doccano user alice", "doccano user bob"}


def test_a_potato_project_reads_both_output_layouts(tmp_path: Path) -> None:
    folder = tmp_path / "project"
    shutil.copytree(TOOLS / "potato", folder)

    output = run("potato", folder)

    reference_round("Potato annotations")
    assert labels() == {
        ("Potato user carla", "s1", 0): ("consistent", "", []),
        ("Potato user carla", "s1", 1): (
            "inconsistent",
            "No restaurant is mentioned.",
            ["Extrinsic Information"],
        ),
        ("Potato user dev", "s1", 0): ("consistent", "", []),
        ("Potato user dev", "s1", 1): ("consistent", "", []),
    }
    assert "schemas not read: confidence" in output


def test_a_potato_project_also_comes_as_a_zip(tmp_path: Path) -> None:
    run("potato", zipped(TOOLS / "potato", tmp_path / "potato.zip"))

    assert SentenceJudgement.objects.count() == 4


def test_aggrefact_rows_are_whole_summaries_with_their_published_label() -> None:
    output = run("aggrefact", TOOLS / "aggrefact.csv")

    project = Project.objects.get(slug="tools")
    assert project.taxonomy.slug.endswith("aggrefact-unified")
    assert not project.ask_relevance
    xsum = Document.objects.get(corpus__slug="xsumfaith", external_id="35232142")
    assert xsum.split == "dev"
    assert Document.objects.get(corpus__slug="frank").split == "test"
    rejected = Summary.objects.get(external_id="TConvS2S")
    # One unit per summary: the label is the summary's, nothing is said of sentences.
    assert list(rejected.sentences.values_list("text", flat=True)) == [
        "The mayor rejected the budget."
    ]
    assert rejected.metadata == {"origin": "xsum", "predictions": {"DAE": {"score": 0.12}}}
    reference_round("AggreFact published labels")
    assert labels() == {
        ("AggreFact", "BERTS2S", 0): ("consistent", "", []),
        # AggreFact-Unified's codes as the project's unified types; "noise" is no type.
        ("AggreFact", "TConvS2S", 0): (
            "inconsistent",
            "",
            ["Extrinsic Entire Sentence Error", "Intrinsic Noun Phrase Error"],
        ),
        ("AggreFact", "BART", 0): ("consistent", "", []),
    }
    assert "predictions: 'QuestEval' on 2 summaries, kept in the summaries' metadata" in output
    assert "their sentences stored untyped: 'noise' (1)" in output


def test_llm_aggrefact_claims_share_their_document_and_take_the_split_from_the_name() -> None:
    run("llm-aggrefact", TOOLS / "llm-aggrefact-test.jsonl")

    assert Document.objects.filter(corpus__slug="aggrefact-cnn").count() == 2
    assert set(Document.objects.values_list("split", flat=True)) == {"test"}
    storm = Document.objects.get(turns__text__startswith="A storm")
    claims = Summary.objects.filter(topic__document=storm).order_by("position")
    assert [c.text for c in claims] == ["Two people were hurt by a storm.", "Three people died."]
    assert claims[0].metadata == {"contamination_identifier": "a1b2"}
    assert sorted(lb for lb, *_ in labels().values()) == [
        "consistent",
        "consistent",
        "inconsistent",
    ]


def test_faithbench_spans_make_their_sentences_inconsistent_for_their_annotator() -> None:
    output = run("faithbench", TOOLS / "faithbench.json")

    summary = Summary.objects.get(external_id="15")
    assert summary.system == "mistralai/Mistral-7B-Instruct-v0.3"
    assert summary.sentences.count() == 2
    assert summary.metadata["predictions"]["hhem-2.1"] == {"score": 0.52694}
    reference_round("FaithBench published labels")
    assert labels() == {
        ("FaithBench annotator a3ac2166", "15", 0): ("consistent", "", []),
        ("FaithBench annotator a3ac2166", "15", 1): (
            "inconsistent",
            "budget vs production budget",
            ["Intrinsic Error"],
        ),
        ("FaithBench annotator 69a785fa", "15", 0): ("consistent", "", []),
        ("FaithBench annotator 69a785fa", "15", 1): ("consistent", "", []),
        ("FaithBench (no span marked)", "16", 0): ("consistent", "", []),
    }
    assert "1 Benign or Questionable span(s)" in output
    # Both summaries of one source are one document.
    assert Document.objects.count() == 1


def _edited(tmp_path: Path, name: str, edit: Any) -> Path:
    """A copy of a fixture changed by ``edit`` (JSON value -> JSON value)."""
    value = json.loads((TOOLS / name).read_text())
    target = tmp_path / name
    target.write_text(json.dumps(edit(value)))
    return target


def _lines(tmp_path: Path, name: str, lines: list[Any]) -> Path:
    target = tmp_path / name
    target.write_text("\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n")
    return target


DOCCANO_LINE = {
    "id": 1,
    "text": "A sentence.",
    "label": ["consistent"],
    "document_id": "d1",
    "document": "The source.",
    "summary_id": "s1",
    "system": "m",
    "sentence_index": 0,
}


def _task_label(value: list[Any], choice: str) -> list[Any]:
    value[0]["annotations"][0]["result"][1]["value"]["choices"] = [choice]
    return value


@pytest.mark.parametrize(
    ("fmt", "make", "expected"),
    [
        (
            "label-studio",
            lambda tmp: _edited(tmp, "label-studio.json", lambda v: _task_label(v, "maybe")),
            "label-studio.json, task 1, field annotations[0].result[1].value.choices: expected"
            " one of consistent, inconsistent",
        ),
        (
            "label-studio",
            lambda tmp: _edited(
                tmp,
                "label-studio.json",
                lambda v: [{**v[0], "data": {**v[0]["data"], "system": ""}}],
            ),
            "label-studio.json, task 1, field system: expected a non-empty string",
        ),
        (
            "label-studio",
            lambda tmp: _edited(tmp, "label-studio.json", lambda v: {"tasks": v}),
            "label-studio.json: expected a JSON list of tasks",
        ),
        (
            "doccano",
            lambda tmp: _lines(
                tmp, "ann.jsonl", [DOCCANO_LINE, {**DOCCANO_LINE, "id": 2, "sentence_index": "x"}]
            ),
            "ann.jsonl, line 2, field sentence_index: expected a whole number",
        ),
        (
            "doccano",
            lambda tmp: _lines(tmp, "ann.jsonl", [{**DOCCANO_LINE, "label": ["positive"]}]),
            "ann.jsonl, line 1, field label: expected one of consistent, inconsistent",
        ),
        (
            "doccano",
            lambda tmp: _lines(
                tmp,
                "ann.jsonl",
                [DOCCANO_LINE, {**DOCCANO_LINE, "id": 2, "document": "Another text."}],
            ),
            "ann.jsonl, line 2, field document: document 'd1' has a different text here than at"
            " ann.jsonl, line 1",
        ),
        (
            "doccano",
            lambda tmp: _lines(tmp, "ann.jsonl", ['{"text": "x",']),
            "ann.jsonl, line 1: not valid JSON",
        ),
        (
            "aggrefact",
            lambda tmp: _text(
                tmp, "a.csv", "dataset,origin,id,doc,summary,model_name,label\nX,x,1,D,S,M,1\n"
            ),
            "a.csv, line 2, field cut: missing column(s); AggreFact's CSV has dataset,",
        ),
        (
            "aggrefact",
            lambda tmp: _text(
                tmp,
                "a.csv",
                "dataset,origin,id,doc,summary,model_name,label,cut\nX,xsum,1,D,S,M,2,val\n",
            ),
            "a.csv, line 2, field label: expected 1 (consistent) or 0",
        ),
        (
            "aggrefact",
            lambda tmp: _text(
                tmp,
                "a.csv",
                "dataset,origin,id,doc,summary,model_name,label,cut\nX,xsum,1,D,S,M,1,train\n",
            ),
            "a.csv, line 2, field cut: expected val or test",
        ),
        (
            "doccano",
            lambda tmp: _lines(tmp, "ann.jsonl", [{**DOCCANO_LINE, "corpus": "My Corpus"}]),
            "ann.jsonl, line 1, field corpus: expected a slug of lowercase letters",
        ),
        (
            "aggrefact",
            lambda tmp: _text(
                tmp,
                "a.csv",
                "dataset,origin,id,doc,summary,model_name,label,cut\nX,xsum,1,D,S,M\n",
            ),
            "a.csv, line 2, field label: expected 1 (consistent) or 0, got null",
        ),
        (
            "aggrefact",
            lambda tmp: _text(
                tmp,
                "a.csv",
                "dataset,origin,id,doc,summary,model_name,label,cut\nX,xsum,1,D\x00,S,M,1,val\n",
            ),
            "a.csv, line 2, field doc: contains a NUL character",
        ),
        (
            "llm-aggrefact",
            lambda tmp: _lines(
                tmp, "dev.jsonl", [{"dataset": "X", "doc": "D", "claim": "", "label": 1}]
            ),
            "dev.jsonl, line 1, field claim: expected a non-empty string",
        ),
        (
            "faithbench",
            lambda tmp: _edited(
                tmp,
                "faithbench.json",
                lambda v: [
                    {**v[0], "annotations": [{**v[0]["annotations"][0], "summary_end": 999}]}
                ],
            ),
            "faithbench.json, sample [0], field annotations[0].summary_start: expected 0 ≤"
            " summary_start < summary_end",
        ),
    ],
)
def test_a_malformed_file_is_refused_naming_the_place_and_nothing_is_written(
    tmp_path: Path, fmt: str, make: Any, expected: str
) -> None:
    path = make(tmp_path)

    with pytest.raises(CommandError) as refused:
        run(fmt, path)

    assert expected in str(refused.value)
    assert str(refused.value).startswith("nothing was imported: ")
    assert not Project.objects.filter(slug="tools").exists()
    assert not Document.objects.exists()


def _text(tmp_path: Path, name: str, text: str) -> Path:
    target = tmp_path / name
    target.write_text(text)
    return target


def test_a_potato_zip_that_climbs_out_of_its_folder_is_refused(tmp_path: Path) -> None:
    evil = tmp_path / "evil.zip"
    with zipfile.ZipFile(evil, "w") as packed:
        packed.writestr("../outside.jsonl", "{}")

    with pytest.raises(CommandError, match="points outside the folder"):
        run("potato", evil)

    assert not (tmp_path.parent / "outside.jsonl").exists()
    assert not Project.objects.exists()


def test_a_potato_answer_for_an_instance_not_in_the_data_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "project"
    shutil.copytree(TOOLS / "potato", folder)
    state = folder / "factcheck" / "annotation_output" / "carla" / "user_state.json"
    value = json.loads(state.read_text())
    value["instance_id_to_label_to_value"]["ghost"] = []
    state.write_text(json.dumps(value))

    with pytest.raises(CommandError) as refused:
        run("potato", folder)

    assert "annotation_output/carla/user_state.json, field id: instance 'ghost' is not in" in str(
        refused.value
    )
    assert not Project.objects.exists()


@pytest.mark.django_db(databases="__all__")
def test_imported_predictions_become_an_evaluator_run_on_a_published_release(
    settings: Any, tmp_path: Path
) -> None:
    from annotations.models import EvaluatorRun
    from tests.scoring.test_release_scores import build

    settings.MEDIA_ROOT = tmp_path
    run("aggrefact", TOOLS / "aggrefact.csv")
    release = build(Round.objects.get(name="AggreFact published labels"), ["aggrefact"])

    out = StringIO()
    call_command(
        "evaluator_upload",
        "--release",
        f"tools@{release.version}",
        "--evaluator",
        "DAE",
        "--imported",
        "DAE",
        stdout=out,
    )

    stored = EvaluatorRun.objects.get(evaluator__name="DAE")
    assert (stored.summaries, stored.sentences) == (3, 0)
    assert stored.source_name == "imported predictions of DAE"
    # QuestEval scored two of the three summaries: refused like any incomplete run.
    with pytest.raises(CommandError, match="QuestEval"):
        call_command(
            "evaluator_upload",
            "--release",
            f"tools@{release.version}",
            "--evaluator",
            "QuestEval",
            "--imported",
            "QuestEval",
            stdout=StringIO(),
        )
    assert not EvaluatorRun.objects.filter(evaluator__name="QuestEval").exists()


def test_llm_aggrefact_reads_its_parquet_files_when_pyarrow_is_installed(tmp_path: Path) -> None:
    pyarrow = pytest.importorskip("pyarrow")
    parquet = pytest.importorskip("pyarrow.parquet")
    rows = [
        json.loads(line) for line in (TOOLS / "llm-aggrefact-test.jsonl").read_text().splitlines()
    ]
    rows = [{key: row.get(key) for key in ("dataset", "doc", "claim", "label")} for row in rows]
    path = tmp_path / "dev-00000-of-00001.parquet"
    parquet.write_table(pyarrow.Table.from_pylist(rows), path)

    run("llm-aggrefact", path)

    assert set(Document.objects.values_list("split", flat=True)) == {"dev"}
    assert SentenceJudgement.objects.filter(label="inconsistent").count() == 1
