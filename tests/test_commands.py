"""The command-line entry points: import_corpus, tofueval_placeholder_documents, load_demo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import CommandError, call_command
from django.test import override_settings

from annotations.models import (
    Assignment,
    CorpusRecordsCache,
    Document,
    Membership,
    Project,
    Round,
    RoundStatus,
    SentenceJudgement,
    Topic,
)
from annotations.selectors import corpus_records as corpus_records_module
from annotations.selectors.corpus_records import corpus_fingerprint

pytestmark = pytest.mark.django_db


def call(*args: str) -> str:
    from io import StringIO

    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_import_corpus_native_creates_the_project_and_reports_counts(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    path.write_text(
        json.dumps(
            {
                "id": "d1",
                "corpus": "calls",
                "turns": [{"speaker": "AGENT", "text": "Hello."}],
                "topics": [{"name": "T", "summaries": [{"system": "S", "text": "Hi. Bye."}]}],
            }
        )
        + "\n"
    )
    output = call("import_corpus", "--format", "native", str(path), "--project", "calls-study")
    assert "created project calls-study" in output
    assert "1 summaries, 2 sentences" in output
    project = Project.objects.get(slug="calls-study")
    assert project.taxonomy.copied_from.slug == "tofueval"
    assert not project.taxonomy.builtin
    # The corpus's record ids are kept now, so an evaluator's first corpus run reads them.
    assert "kept the corpus's record ids for evaluator runs" in output
    assert set(
        CorpusRecordsCache.objects.filter(project=project).values_list("fingerprint", flat=True)
    ) == {corpus_fingerprint(project)}


def test_an_import_whose_record_ids_cannot_be_kept_still_imports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Keeping the corpus's record ids is a head start for evaluator runs: when it fails,
    the import stands, says nothing of them, and the first upload computes them."""

    def broken(project: Project) -> None:
        raise RuntimeError("the database went away")

    monkeypatch.setattr(corpus_records_module, "corpus_records", broken)
    path = _one_document(tmp_path)
    output = call("import_corpus", "--format", "native", str(path), "--project", "kept-not")
    assert "1 summaries" in output
    assert "record ids" not in output
    project = Project.objects.get(slug="kept-not")
    assert Document.objects.filter(corpus__project=project).count() == 1
    assert not CorpusRecordsCache.objects.filter(project=project).exists()


def _one_document(tmp_path: Path) -> Path:
    path = tmp_path / "c.jsonl"
    record = {
        "id": "d1",
        "corpus": "calls",
        "turns": [{"speaker": "AGENT", "text": "Hello."}],
        "topics": [{"name": "T", "summaries": [{"system": "S", "text": "Hi. Bye."}]}],
    }
    path.write_text(json.dumps(record) + "\n")
    return path


def test_an_imported_project_has_the_members_it_is_given(tmp_path: Path) -> None:
    """`make run` imports the public TofuEval release with the demo admin and researcher as
    members: without them it was invisible in the app."""
    call_command("load_demo", stdout=None)
    path = _one_document(tmp_path)
    output = call(
        "import_corpus", str(path), "--project", "calls", "--member", "admin:admin",
        "--member", "researcher:researcher",
    )  # fmt: skip
    assert "admin is a project admin of calls" in output
    roles = set(
        Membership.objects.filter(project__slug="calls").values_list("user__username", "role")
    )
    assert roles == {("admin", "admin"), ("researcher", "researcher")}
    for bad, message in (("admin:owner", "the role must be one of"), ("nobody:admin", "no user")):
        with pytest.raises(CommandError, match=message):
            call("import_corpus", str(path), "--project", "other", "--member", bad)
    assert not Project.objects.filter(slug="other").exists()
    recipe = (Path(__file__).resolve().parents[1] / "Makefile").read_text()
    tofueval = recipe.split("\ntofueval:")[1].split("\n\n")[0]
    assert "--member admin:admin" in tofueval


def test_import_corpus_refuses_a_bad_file_with_its_line_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(
        '{"id": "d1", "corpus": "calls", "turns": [{"speaker": "A", "text": "x"}]}\n{"id": '
    )
    with pytest.raises(
        CommandError, match=r"nothing was imported: bad.jsonl, line 2: not valid JSON"
    ):
        call("import_corpus", str(path), "--project", "p")
    assert not Document.objects.exists()


def test_import_corpus_tofueval_from_the_command_line(tofueval_dir: Path, tmp_path: Path) -> None:
    documents = tmp_path / "docs.jsonl"
    call("tofueval_placeholder_documents", str(tofueval_dir), "--out", str(documents))
    assert len(documents.read_text().splitlines()) == 100
    output = call(
        "import_corpus",
        "--format",
        "tofueval",
        "--documents",
        str(documents),
        "--project",
        "tofu",
        str(tofueval_dir),
    )
    assert "1777 summaries, 4946 sentences" in output
    assert (
        "normalised: meetingbank_factual_eval_dev.csv: dropped 1 exact duplicate row(s)" in output
    )
    assert SentenceJudgement.objects.filter(assignment__round__project__slug="tofu").count() == 4946


def test_import_corpus_tofueval_needs_a_documents_file(tofueval_dir: Path) -> None:
    with pytest.raises(CommandError, match="needs --documents"):
        call("import_corpus", "--format", "tofueval", "--project", "t", str(tofueval_dir))


def test_load_demo_creates_the_study_users_and_an_open_pilot_for_both_linguists() -> None:
    output = call("load_demo")
    assert "linguist1" in output
    assert "password 'demo'" in output
    project = Project.objects.get(slug="demo")
    assert project.scheme["consistency"]
    assert project.scheme["relevance"]
    roles = set(Membership.objects.filter(project=project).values_list("user__username", "role"))
    assert roles == {
        ("admin", "admin"),
        ("linguist1", "annotator"),
        ("linguist2", "annotator"),
        ("linguist3", "annotator"),
        ("reviewer", "reviewer"),
        ("reviewer2", "reviewer"),
        ("researcher", "researcher"),
    }
    for username in (
        "admin", "linguist1", "linguist2", "linguist3", "reviewer", "reviewer2", "researcher"
    ):  # fmt: skip
        assert authenticate(username=username, password="demo") is not None
    pilot = Round.objects.get(project=project)
    assert pilot.status == RoundStatus.OPEN
    assert pilot.guideline_version.version == 1
    assert "Extrinsic Information" in pilot.guideline_version.markdown
    units = Topic.objects.filter(document__corpus__project=project).count()
    assert units == 9
    for username in ("linguist1", "linguist2"):
        assert Assignment.objects.filter(round=pilot, annotator__username=username).count() == units


def test_load_demo_runs_once() -> None:
    call("load_demo")
    counts = (Document.objects.count(), Assignment.objects.count())
    assert "demo already loaded" in call("load_demo")
    assert (Document.objects.count(), Assignment.objects.count()) == counts


def test_the_demo_has_a_dialogue_study_with_spans_and_required_evidence() -> None:
    output = call("load_demo")
    assert "demo-dialogue" in output
    project = Project.objects.get(slug="demo-dialogue")
    assert project.taxonomy.copied_from.slug == "dialogue-llm"
    assert {
        key: project.scheme[key]
        for key in ("error_spans", "require_error_spans", "evidence", "require_evidence")
    } == {
        "error_spans": True,
        "require_error_spans": False,
        "evidence": True,
        "require_evidence": True,
    }
    assert not project.scheme["relevance"]
    assert not project.scheme["topic_category"]
    pilot = Round.objects.get(project=project)
    assert pilot.status == RoundStatus.OPEN
    assert "Circumstantial Inference" in pilot.guideline_version.markdown
    units = Topic.objects.filter(document__corpus__project=project)
    assert units.count() == 3
    for username in ("linguist1", "linguist2"):
        assert Assignment.objects.filter(round=pilot, annotator__username=username).count() == 3


def test_a_linguist_finds_the_dialogue_study_in_their_queue_after_the_first() -> None:
    from tests.people import LINGUIST, signed_in

    call("load_demo")
    client = signed_in(LINGUIST)
    queue = client.get("/api/assignments/").json()["assignments"]
    projects = [entry["project"]["slug"] for entry in queue]
    # The key-facts study has its open pilot and a closed round, already submitted.
    assert projects == ["demo"] * 9 + ["demo-dialogue"] * 3 + ["demo-facts"] * 6
    payload = client.get(f"/api/assignments/{queue[11]['id']}/").json()
    assert payload["scheme"]["require_evidence"]
    assert "Circumstantial Inference" in {t["name"] for t in payload["taxonomy"]["types"]}


def test_load_demo_adds_a_study_that_an_earlier_demo_did_not_have(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from annotations.management.commands import load_demo

    first_only = load_demo.STUDIES[:1]
    monkeypatch.setattr(load_demo, "STUDIES", first_only)
    call("load_demo")
    assert not Project.objects.filter(slug="demo-dialogue").exists()
    demo_assignments = Assignment.objects.count()
    monkeypatch.undo()

    assert "demo loaded" in call("load_demo")
    assert Project.objects.filter(slug="demo-dialogue").exists()
    # The dialogue study's pilot, the key-facts study's open pilot and its closed one.
    assert Assignment.objects.count() == demo_assignments + 6 + 6 + 6
    assert "demo already loaded" in call("load_demo")


def test_the_demo_has_a_key_fact_and_atomic_fact_study() -> None:
    call("load_demo")
    project = Project.objects.get(slug="demo-facts")
    assert project.scheme["completeness"]
    assert project.scheme["atomic_facts"]
    assert not project.scheme["consistency"]
    pilot = Round.objects.get(project=project, name="Pilot 1")
    assert pilot.status == RoundStatus.OPEN
    assert pilot.key_fact_source == ""  # each linguist writes the key facts
    assert "Key facts" in pilot.guideline_version.markdown
    assert Topic.objects.filter(document__corpus__project=project).count() == 3


@override_settings(EMBEDDED=False)
def test_load_demo_never_creates_demo_users_outside_the_embedded_configuration() -> None:
    with pytest.raises(CommandError, match="only runs in the embedded configuration"):
        call("load_demo")
    assert not Project.objects.filter(slug="demo").exists()


@override_settings(DEMO=False)
def test_load_demo_needs_the_explicit_demo_switch() -> None:
    with pytest.raises(CommandError, match="DEMO=1"):
        call("load_demo")
    assert not Project.objects.filter(slug="demo").exists()
    assert not get_user_model().objects.filter(username="linguist1").exists()
