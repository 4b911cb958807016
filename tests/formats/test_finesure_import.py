"""FineSurE's data files imported with their published labels (docs/formats/finesure.md):
the counts and values of the real sample files, the key-fact lists and their alignments, a
refused file that changes nothing, a re-import that adds nothing, and the FineSurE export
of the import giving back the published labels."""

from __future__ import annotations

import io
import json
import re
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.db.models import Count

from annotations.formats.writers.finesure import write_finesure, write_finesure_keyfacts
from annotations.models import (
    AlignedSentence,
    Assignment,
    AssignmentStatus,
    Corpus,
    Document,
    JudgementChange,
    KeyFact,
    KeyFactAlignment,
    KeyFactList,
    KeyFactSheet,
    Project,
    Round,
    RoundKind,
    RoundStatus,
    SentenceJudgement,
    Summary,
    SummarySentence,
    Topic,
    Turn,
)
from annotations.selectors.release_rows import summary_rows
from annotations.selectors.release_scope import ReleaseScope
from annotations.services.corpus_import import ImportFailed
from annotations.services.finesure_import import (
    KEY_FACT_SOURCE,
    REFERENCE_ROUND,
    finesure_import,
)
from annotations.services.projects import project_get_or_create
from tests.conftest import SHARED_DATA

pytestmark = pytest.mark.django_db

FINESURE = SHARED_DATA / "finesure"
FRANK = FINESURE / "frank-data-sample-10.json"
REALSUMM = FINESURE / "realsumm-data-sample-10.json"
KEYFACTS = FINESURE / "human-keyfact-list.json"
SOURCES = {"FineSurE annotator 0", "FineSurE annotator 1", "FineSurE annotator 2"}
MODELS = (
    AlignedSentence,
    Assignment,
    Corpus,
    Document,
    JudgementChange,
    KeyFact,
    KeyFactAlignment,
    KeyFactList,
    KeyFactSheet,
    Round,
    SentenceJudgement,
    Summary,
    SummarySentence,
    Topic,
    Turn,
)


def published(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def keyfacts() -> dict[str, list[str]]:
    return {line["doc_id"]: line["key_facts"] for line in published(KEYFACTS)}


def counts() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in MODELS}


@pytest.fixture
def project() -> Project:
    project, _ = project_get_or_create(slug="finesure", taxonomy="frank")
    return project


def import_command(*paths: str) -> str:
    out = StringIO()
    call_command("import_corpus", "--format", "finesure", *paths, stdout=out)
    return out.getvalue()


def test_the_frank_sample_becomes_documents_summaries_and_a_closed_reference_round() -> None:
    output = import_command(str(FRANK), "--project", "frank")

    project = Project.objects.get(slug="frank")
    assert project.taxonomy.slug.endswith("frank")  # FineSurE's own taxonomy by default
    assert "documents: 4 created" in output
    assert "created: 4 turns, 4 topics, 10 summaries, 30 sentences" in output
    assert "published judgements: 90" in output
    assert dict(Corpus.objects.filter(project=project).values_list("slug", "source_format")) == {
        "cnndm": "finesure"
    }
    # A news article is one turn without a speaker, verbatim; its reference summary is kept.
    lines = published(FRANK)
    document = Document.objects.get(external_id=lines[0]["doc_id"])
    (turn,) = document.turns.all()
    assert (turn.speaker, turn.text) == ("", lines[0]["transcript"])
    assert document.metadata == {"reference": lines[0]["reference"]}
    assert document.split == "test"
    assert Document.objects.get(external_id=lines[1]["doc_id"]).split == "dev"  # "valid"
    # One generic topic per document; a summary per model with FineSurE's own sentences.
    mila = Topic.objects.get(document__external_id=lines[1]["doc_id"])
    assert mila.name == ""
    assert list(mila.summaries.order_by("position").values_list("system", flat=True)) == [
        "bus",
        "pgn",
        "s2s",
    ]
    bus = mila.summaries.get(system="bus")
    assert [s.text for s in bus.sentences.order_by("position")] == lines[1]["sentences"]
    assert bus.text == " ".join(lines[1]["sentences"])

    round_ = Round.objects.get(project=project)
    assert (round_.name, round_.kind, round_.status) == (
        REFERENCE_ROUND,
        RoundKind.REFERENCE,
        RoundStatus.CLOSED,
    )
    assignments = Assignment.objects.filter(round=round_)
    assert assignments.count() == 12  # 4 units x 3 annotators
    assert {a.source for a in assignments} == SOURCES
    assert {(a.annotator_id, a.status) for a in assignments} == {(None, AssignmentStatus.SUBMITTED)}
    # Line 2: annotators 0 and 2 call sentence 2 an entity error, annotator 1 grammatical.
    second = {
        j.assignment.source: (j.label, [t.name for t in j.error_types.all()])
        for j in SentenceJudgement.objects.filter(sentence__summary=bus, sentence__position=1)
    }
    assert second == {
        "FineSurE annotator 0": ("inconsistent", ["Entity Error (EntE)"]),
        "FineSurE annotator 1": ("inconsistent", ["Grammatical Error (GramE)"]),
        "FineSurE annotator 2": ("inconsistent", ["Entity Error (EntE)"]),
    }
    first = SentenceJudgement.objects.filter(sentence__summary=bus, sentence__position=0)
    assert {(j.label, j.error_types.count()) for j in first} == {("consistent", 0)}
    # No key facts in FRANK: no lists, no sheets.
    assert not KeyFactList.objects.exists()
    assert not KeyFactSheet.objects.exists()
    # Two annotations list their types not one per sentence (line 4, annotator_2: 7 codes
    # for 3 sentences; line 10, annotator_0: 5 for 4): stored untyped, kept in the audit.
    assert "2 annotation(s) list factuality_types that are not one per sentence" in output
    line_4 = JudgementChange.objects.get(
        assignment__topic__document__external_id=lines[3]["doc_id"],
        assignment__source="FineSurE annotator 2",
    )
    assert line_4.after["file"] == FRANK.name
    assert line_4.after["factuality_types_not_per_sentence"] == {
        "line 4": lines[3]["raw_annotations"]["annotator_2"]["factuality_types"]
    }
    s2s = mila.summaries.get(system="s2s")
    untyped = SentenceJudgement.objects.filter(sentence__summary=s2s, assignment=line_4.assignment)
    assert {(j.label, j.error_types.count()) for j in untyped} == {("inconsistent", 0)}


def test_the_realsumm_sample_brings_its_key_facts_and_their_alignments() -> None:
    output = import_command(str(REALSUMM), "--keyfacts", str(KEYFACTS), "--project", "realsumm")

    project = Project.objects.get(slug="realsumm")
    assert project.ask_completeness
    # Key-fact labels only: the new project asks for no sentence labels (nor relevance).
    assert not project.ask_consistency
    assert not project.ask_relevance
    assert "documents: 9 created" in output  # cnndm5244 has two summaries
    assert "created: 9 turns, 9 topics, 10 summaries, 37 sentences" in output
    facts = keyfacts()
    lines = published(REALSUMM)
    assert "key facts: 94 in 9 new given list(s)" in output
    assert "91 key-fact list(s) of documents not in" in output
    # The given lists, one per document, in the file's order.
    for doc_id in {line["doc_id"] for line in lines}:
        given = KeyFactList.objects.get(topic__document__external_id=doc_id)
        assert given.source == KEY_FACT_SOURCE
        stored = list(given.facts.order_by("position").values_list("text", "numbered"))
        assert stored == [(text, False) for text in facts[doc_id]]
    assert (
        KeyFact.objects.filter(given_list__topic__document__external_id="cnndm9781").count() == 11
    )
    round_ = Round.objects.get(project=project)
    assert round_.key_fact_source == KEY_FACT_SOURCE
    assert Assignment.objects.filter(round=round_).count() == 27  # 9 units x 3 annotators
    # Each annotator's sheet copies the given list; an alignment per (fact, summary).
    assert KeyFactSheet.objects.count() == 27
    assert KeyFactAlignment.objects.count() == sum(3 * len(facts[x["doc_id"]]) for x in lines)
    assert not SentenceJudgement.objects.exists()  # REALSumm has no consistency labels

    # Line 2, annotator "2": facts 1, 2, 3, 5 and 8 covered; sentences 1 to 3 state some fact.
    summary = Summary.objects.get(topic__document__external_id="cnndm9781")
    sheet = KeyFactSheet.objects.get(
        assignment__topic=summary.topic, assignment__source="FineSurE annotator 2"
    )
    covered = {
        a.key_fact.position: a.covered
        for a in KeyFactAlignment.objects.filter(key_fact__sheet=sheet, summary=summary)
    }
    labels = lines[1]["raw_annotations"]["2"]["key_fact_labels"]
    assert covered == {i + 1: bool(label) for i, label in enumerate(labels)}
    assert [p for p, c in sorted(covered.items()) if c] == [1, 2, 3, 5, 8]
    for alignment in KeyFactAlignment.objects.filter(key_fact__sheet=sheet, summary=summary):
        positions = sorted(alignment.sentences.values_list("sentence__position", flat=True))
        # FineSurE says a sentence states *some* key fact: aligned to every covered one.
        assert positions == ([0, 1, 2] if alignment.covered else [])
    assert all(f.given_id is not None for f in sheet.facts.all())


def test_the_finesure_export_of_the_import_gives_back_the_published_labels(
    project: Project,
) -> None:
    finesure_import(project=project, path=FRANK)
    finesure_import(project=project, path=REALSUMM, keyfacts=KEYFACTS)
    round_ = Round.objects.get(project=project)
    rows = list(
        summary_rows(
            ReleaseScope(
                project=project,
                round_ids=[round_.pk],
                split_of=lambda corpus, doc, stored: stored,
                with_turns=True,
            )
        )
    )
    stream = io.BytesIO()
    assert write_finesure(stream, rows) == 20
    exported = {
        (record["doc_id"], record["model"]): record
        for record in map(json.loads, stream.getvalue().splitlines())
    }
    facts = keyfacts()
    unaligned = []
    for source in published(FRANK) + published(REALSUMM):
        ours = exported[(source["doc_id"], source["model"])]
        for key in ("source", "transcript", "reference", "sentences"):
            assert ours[key] == source[key], key
        assert ours["split"] == {"valid": "dev"}.get(source["split"], source["split"])
        theirs = list(source["raw_annotations"].values())
        assert len(ours["raw_annotations"]) == len(theirs)
        for mine, published_labels in zip(ours["raw_annotations"].values(), theirs, strict=True):
            if "key_fact_labels" in published_labels:
                assert ours["key_facts"] == facts[source["doc_id"]]
                assert mine["key_fact_labels"] == published_labels["key_fact_labels"]
                assert mine["sentence_labels"] == published_labels["sentence_labels"]
                assert set(mine["factuality_labels"]) == {"None"}
            else:
                assert ours["key_facts"] == []
                assert mine["factuality_labels"] == published_labels["factuality_labels"]
                types = published_labels["factuality_types"]
                if len(types) != len(source["sentences"]):
                    # The documented difference: types not listed one per sentence are not
                    # stored, so the inconsistent sentences are untyped ("None").
                    unaligned.append((source["doc_id"], source["model"]))
                    types = ["NoE" if label == 0 else "None" for label in mine["factuality_labels"]]
                assert mine["factuality_types"] == types
    assert len(unaligned) == 2

    # The key-fact list in FineSurE's own layout, one line per document with key facts.
    stream = io.BytesIO()
    assert write_finesure_keyfacts(stream, rows) == 9
    listed = [json.loads(line) for line in stream.getvalue().splitlines()]
    by_doc = {line["doc_id"]: line for line in published(KEYFACTS)}
    for line in listed:
        assert line == {key: by_doc[line["doc_id"]][key] for key in line}


def test_a_second_import_of_the_same_files_adds_nothing(project: Project) -> None:
    finesure_import(project=project, path=FRANK)
    finesure_import(project=project, path=REALSUMM, keyfacts=KEYFACTS)
    before = counts()

    again = finesure_import(project=project, path=REALSUMM, keyfacts=KEYFACTS)
    frank = finesure_import(project=project, path=FRANK)

    assert counts() == before
    assert (again.documents_created, again.documents_unchanged) == (0, 9)
    assert (frank.documents_created, frank.documents_unchanged) == (0, 4)
    assert (again.judgements, again.alignments, again.key_facts) == (0, 0, 0)
    assert any("27 (unit, annotator) pair(s) already have labels" in n for n in again.notes)


def test_a_unit_labelled_by_one_more_annotator_later_gets_only_their_labels(
    project: Project, tmp_path: Path
) -> None:
    """Labels are kept per (unit, annotator): a file that adds an annotator adds theirs."""
    lines = published(FRANK)[:1]
    two = dict(lines[0], raw_annotations=dict(list(lines[0]["raw_annotations"].items())[:2]))
    first = write_lines(tmp_path / "two.json", [two])
    finesure_import(project=project, path=first)
    assert Assignment.objects.count() == 2

    report = finesure_import(project=project, path=write_lines(tmp_path / "three.json", lines))

    assert report.judgements == 3
    assert sorted(Assignment.objects.values_list("source", flat=True)) == sorted(SOURCES)
    assert any("2 (unit, annotator) pair(s) already have labels" in n for n in report.notes)
    per_assignment = SentenceJudgement.objects.values("assignment").annotate(n=Count("id"))
    assert sorted(row["n"] for row in per_assignment) == [3, 3, 3]


def write_lines(path: Path, lines: list[Any]) -> Path:
    path.write_text(
        "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines),
        "utf-8",
    )
    return path


def changed(line: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A deep copy of ``line`` with the value at the dotted ``path`` replaced (or removed,
    for ``...``)."""
    copy = json.loads(json.dumps(line))
    *parents, last = path.split(".")
    target = copy
    for part in parents:
        target = target[int(part)] if isinstance(target, list) else target[part]
    if value is ...:
        del target[last]
    elif isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return copy


FRANK_LINE = published(FRANK)[1]
REALSUMM_LINE = published(REALSUMM)[1]


@pytest.mark.parametrize(
    ("line", "field", "message"),
    [
        ('{"doc_id": "x",', None, "not valid JSON"),
        ("[1, 2]", None, "expected a JSON object, got a list of 2"),
        (changed(FRANK_LINE, "model", ...), "model", "expected a non-empty string, got null"),
        (changed(FRANK_LINE, "doc_id", ""), "doc_id", "expected a non-empty string"),
        (changed(FRANK_LINE, "sentences", []), "sentences", "expected a non-empty list"),
        (changed(FRANK_LINE, "sentences.1", 7), "sentences[1]", "the number 7"),
        (changed(FRANK_LINE, "source", "???"), "source", "no letter or digit"),
        (
            changed(FRANK_LINE, "raw_annotations.annotator_1.factuality_labels", [0, 1]),
            "raw_annotations.annotator_1.factuality_labels",
            "expected a list of 3 labels (one per sentence), got a list of 2",
        ),
        (
            changed(FRANK_LINE, "raw_annotations.annotator_1.factuality_labels.2", 2),
            "raw_annotations.annotator_1.factuality_labels[2]",
            'expected 0, 1 or "None", got the number 2',
        ),
        (
            changed(FRANK_LINE, "raw_annotations.annotator_2.factuality_types.1", "BadE"),
            "raw_annotations.annotator_2.factuality_types[1]",
            "unknown type code 'BadE'",
        ),
        (
            changed(FRANK_LINE, "raw_annotations.annotator_0", {"votes": [1]}),
            "raw_annotations.annotator_0",
            "expected some of factuality_labels",
        ),
        (
            changed(FRANK_LINE, "raw_annotations", [1]),
            "raw_annotations",
            "expected an object keyed by annotator",
        ),
        (
            REALSUMM_LINE,
            "raw_annotations.0.key_fact_labels",
            "key-fact labels need the document's key facts",
        ),
    ],
)
def test_a_bad_line_is_refused_naming_file_line_and_field_and_nothing_changes(
    tmp_path: Path, line: Any, field: str | None, message: str
) -> None:
    path = write_lines(tmp_path / "bad.json", [published(FRANK)[0], line])

    with pytest.raises(CommandError) as refused:
        import_command(str(path), "--project", "refused")

    text = str(refused.value)
    assert text.startswith("nothing was imported: bad.json, line 2")
    if field:
        assert f"field {field}:" in text
    assert message in text
    assert not Project.objects.filter(slug="refused").exists()
    assert all(n == 0 for name, n in counts().items()), counts()


def test_key_fact_problems_name_the_line_of_either_file(project: Project, tmp_path: Path) -> None:
    before = counts()
    short = changed(REALSUMM_LINE, "raw_annotations.1.key_fact_labels", [1, 0])
    with pytest.raises(ImportFailed, match=r"line 1, field raw_annotations\.1\.key_fact_labels"):
        finesure_import(
            project=project, path=write_lines(tmp_path / "a.json", [short]), keyfacts=KEYFACTS
        )
    other = changed(REALSUMM_LINE, "transcript", "Another article.")
    with pytest.raises(ImportFailed, match=r"human-keyfact-list\.json, line \d+ gives key facts"):
        finesure_import(
            project=project, path=write_lines(tmp_path / "b.json", [other]), keyfacts=KEYFACTS
        )
    twice = write_lines(tmp_path / "facts.json", [{"doc_id": "x", "key_facts": ["A."]}] * 2)
    with pytest.raises(ImportFailed, match=r"facts\.json, line 2, field doc_id: .* already"):
        finesure_import(project=project, path=FRANK, keyfacts=twice)
    blank = write_lines(tmp_path / "blank.json", [{"doc_id": "x", "key_facts": ["A.", " "]}])
    with pytest.raises(ImportFailed, match=r"blank\.json, line 1, field key_facts\[1\]"):
        finesure_import(project=project, path=FRANK, keyfacts=blank)
    assert counts() == before


def test_two_lines_of_a_document_must_agree_on_its_source(project: Project, tmp_path: Path) -> None:
    lines = published(FRANK)[1:3]
    lines[1]["transcript"] = lines[1]["transcript"] + " More."
    with pytest.raises(ImportFailed, match=r"line 2, field transcript: .* different transcript"):
        finesure_import(project=project, path=write_lines(tmp_path / "x.json", lines))
    lines = [published(FRANK)[1]] * 2
    with pytest.raises(ImportFailed, match=r"line 2, field model: .* by 'bus' already"):
        finesure_import(project=project, path=write_lines(tmp_path / "y.json", lines))
    assert not Document.objects.exists()


def test_a_different_key_fact_list_for_an_imported_document_is_refused(
    project: Project, tmp_path: Path
) -> None:
    finesure_import(project=project, path=REALSUMM, keyfacts=KEYFACTS)
    before = counts()
    facts = [
        dict(line, key_facts=[*line["key_facts"][:-1], "A changed fact."])
        for line in published(KEYFACTS)
    ]
    with pytest.raises(ImportFailed, match="already has a different FineSurE key-fact list"):
        finesure_import(
            project=project, path=REALSUMM, keyfacts=write_lines(tmp_path / "kf.json", facts)
        )
    assert counts() == before


def test_the_command_refuses_key_facts_for_another_format_or_a_missing_file(
    tmp_path: Path,
) -> None:
    with pytest.raises(CommandError, match="--keyfacts is for --format finesure only"):
        call_command(
            "import_corpus", str(FRANK), "--keyfacts", str(KEYFACTS), "--project", "x",
            stdout=StringIO(),
        )  # fmt: skip
    with pytest.raises(CommandError, match="no such file"):
        import_command(str(FRANK), "--keyfacts", str(tmp_path / "none.json"), "--project", "x")
    assert not Project.objects.filter(slug="x").exists()


def test_finesures_own_scripts_score_the_export_of_the_import(
    project: Project, tmp_path: Path
) -> None:
    """With a checkout of DISL-Lab/FineSurE-ACL24 in FINESURE_REPO (numpy and scipy in the
    interpreter FINESURE_PYTHON names, default this one), its reproduce script reads the export
    of the imported samples, each with a prediction added as a researcher would, and a perfect
    prediction (the majority of the exported labels) correlates perfectly."""
    import os
    import subprocess
    import sys

    repo = os.environ.get("FINESURE_REPO")
    if not repo:
        pytest.skip("set FINESURE_REPO to a checkout of DISL-Lab/FineSurE-ACL24")
    finesure_import(project=project, path=FRANK)
    finesure_import(project=project, path=REALSUMM, keyfacts=KEYFACTS)
    scope = ReleaseScope(
        project=project,
        round_ids=list(Round.objects.filter(project=project).values_list("pk", flat=True)),
        split_of=lambda corpus, doc, stored: stored,
        with_turns=True,
    )
    stream = io.BytesIO()
    write_finesure(stream, summary_rows(scope))

    def majority(record: dict[str, Any], key: str) -> list[int]:
        columns = zip(*(a[key] for a in record["raw_annotations"].values()), strict=True)
        return [int(sum(c) * 2 > len(c)) for c in columns]

    faithfulness, completeness = tmp_path / "frank.jsonl", tmp_path / "realsumm.jsonl"
    with faithfulness.open("w") as f_out, completeness.open("w") as c_out:
        for record in map(json.loads, stream.getvalue().splitlines()):
            if record["key_facts"]:
                record["pred_alignment_labels"] = majority(record, "key_fact_labels")
                record["pred_sentence_line_numbers"] = [
                    i + 1 for i, v in enumerate(majority(record, "sentence_labels")) if v
                ]
                c_out.write(json.dumps(record) + "\n")
            else:
                record["pred_faithfulness_labels"] = majority(record, "factuality_labels")
                f_out.write(json.dumps(record) + "\n")
    result = subprocess.run(
        [
            os.environ.get("FINESURE_PYTHON", sys.executable),
            "reproduce-main-results.py",
            str(faithfulness),
            str(completeness),
        ],
        cwd=Path(repo) / "reproduce",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "Balanced Accuracy: 100.0%" in result.stdout
    # Summary-level Pearson of completeness, then of conciseness (numpy may print np.float64).
    pearsons = re.findall(
        r"Pearson: PearsonRResult\(statistic=(?:np\.float64\()?([-0-9.e]+)", result.stdout
    )
    assert [round(float(value), 6) for value in pearsons[1:]] == [1.0, 1.0]
    assert "Success ratio 100.0%" in result.stdout


def test_a_release_of_the_frank_import_writes_the_finesure_files(
    tmp_path: Path, settings: Any
) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    import_command(str(FRANK), "--project", "frank")
    out = tmp_path / "release"
    call_command(
        "export_release", "frank", "--version", "1.0.0", "--formats", "finesure,rose",
        "--out", str(out), stdout=StringIO(),
    )  # fmt: skip

    records = [
        json.loads(line) for line in (out / "finesure/finesure.jsonl").read_text().splitlines()
    ]
    assert len(records) == 10
    by_unit = {(r["doc_id"], r["model"]): r for r in records}
    for source in published(FRANK):
        ours = by_unit[(source["doc_id"], source["model"])]
        assert [a["factuality_labels"] for a in ours["raw_annotations"].values()] == [
            a["factuality_labels"] for a in source["raw_annotations"].values()
        ]
        assert ours["transcript"] == source["transcript"]
    # No key facts and no ACUs in FRANK: the key-fact list and the RoSE format are left out
    # with a note, never written as empty files.
    assert not (out / "finesure/keyfacts.jsonl").exists()
    assert not (out / "rose").exists()
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["left_out"]["formats"] == ["rose"]
    assert "finesure/keyfacts.jsonl" in manifest["left_out"]["files"]


def test_a_line_without_published_labels_is_corpus_data_only(
    project: Project, tmp_path: Path
) -> None:
    bare = changed(published(FRANK)[0], "raw_annotations", ...)
    report = finesure_import(project=project, path=write_lines(tmp_path / "bare.json", [bare]))

    assert (report.documents_created, report.summaries, report.judgements) == (1, 1, 0)
    assert not Assignment.objects.exists()


def test_the_gold_coverage_of_a_given_list_is_the_annotators_majority(project: Project) -> None:
    # FineSurE scores completeness and conciseness on the majority of its three annotators'
    # labels; a release's gold key-fact coverage and sentence labels are that majority too.
    finesure_import(project=project, path=REALSUMM, keyfacts=KEYFACTS)
    round_ = Round.objects.get(project=project)
    scope = ReleaseScope(
        project=project, round_ids=[round_.pk], split_of=lambda corpus, doc, stored: stored
    )
    rows = {(row.doc_id, row.system): row for row in summary_rows(scope)}
    disagreeing = 0
    for line in published(REALSUMM):
        row = rows[(line["doc_id"], line["model"])]
        votes = list(line["raw_annotations"].values())
        facts = [[a["key_fact_labels"][i] for a in votes] for i in range(len(row.key_facts))]
        expected = tuple(2 * sum(fact) > len(votes) for fact in facts)
        assert row.key_facts_covered == expected, line["doc_id"]
        sentences = [[a["sentence_labels"][i] for a in votes] for i in range(len(row.sentences))]
        assert [s.covers_key_fact for s in row.sentences] == [
            2 * sum(labels) > len(votes) for labels in sentences
        ]
        first = tuple(bool(label) for label in votes[0]["key_fact_labels"])
        disagreeing += first != expected
    # The sample has summaries where the first annotator is outvoted: the rule matters.
    assert disagreeing > 0
