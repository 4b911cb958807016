"""Every corpus layout the site imports, in one registry: the single source of truth for
``import_corpus --format``, the browser's import form (``GET /api/admin/import-formats/``)
and the upload endpoint. A new layout is one entry here, one reader and one doc page.

``run`` imports a file (or a folder, for layouts that are folders) into a project, or
raises ImportFailed naming the file, line and field; nothing is written then.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from annotations.formats.benchmarks import read_aggrefact, read_faithbench, read_llm_aggrefact
from annotations.formats.doccano import read_doccano
from annotations.formats.errors import FormatError
from annotations.formats.folders import project_folder
from annotations.formats.label_studio import read_label_studio
from annotations.formats.potato import read_potato
from annotations.models import Project
from annotations.services.corpus_import import ImportReport
from annotations.services.tool_import import Reader, tool_import

# A benchmark's questions: consistency only (no relevance, flag or topic questions).
CONSISTENCY_ONLY = {"relevance": False, "not_a_summary": False, "topic_category": False}


@dataclass(frozen=True, slots=True)
class ImportRequest:
    project: Project
    path: Path
    name: str
    progress: Callable[[int], None] | None = None
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ImportFormat:
    name: str
    label: str  # what the form's format choice says
    what: str  # one sentence: what the file holds
    doc: str  # the page under docs/formats/ (and the app's format page)
    suffixes: tuple[str, ...]  # what an upload may be; the first is the usual one
    folder: bool = False  # the command reads a folder (an upload is a .zip of it)
    taxonomy: str | None = None  # a new project's built-in taxonomy (None: the default)
    scheme: Mapping[str, bool] | None = None
    run: Callable[[ImportRequest], ImportReport] | None = None


def _tool(
    reader: Reader, source_format: str, round_name: str, *, by_line: bool = False
) -> Callable[[ImportRequest], ImportReport]:
    """``by_line``: the file is read line by line (CSV, JSONL), so the job's progress can
    follow its lines; a JSON document or a zip has no lines to count."""

    def run(request: ImportRequest) -> ImportReport:
        return tool_import(
            project=request.project,
            path=request.path,
            reader=reader,
            source_format=source_format,
            round_name=round_name,
            name=request.name,
            progress=request.progress if by_line else None,
        )

    return run


TOOL_FORMATS: tuple[ImportFormat, ...] = (
    ImportFormat(
        "label-studio",
        "Label Studio JSON",
        "A Label Studio JSON export of tasks labelled with the documented configuration: each"
        " annotator's labels and the models' predictions.",
        "label-studio",
        (".json",),
        run=_tool(read_label_studio, "label-studio", "Label Studio annotations"),
    ),
    ImportFormat(
        "doccano",
        "doccano JSONL",
        "A doccano Text Classification export, one example per summary sentence (a .jsonl,"
        " or the zip of one file per person).",
        "doccano",
        (".jsonl", ".zip"),
        run=_tool(read_doccano, "doccano", "doccano annotations"),
    ),
    ImportFormat(
        "potato",
        "Potato project",
        "A Potato project folder as a .zip: data/*.jsonl and each person's"
        " annotation_output/USER/ (user_state.json or annotated_instances.jsonl).",
        "potato",
        (".zip",),
        folder=True,
        run=_tool(read_potato, "potato", "Potato annotations"),
    ),
    ImportFormat(
        "aggrefact",
        "AggreFact CSV",
        "AggreFact's unified CSV: one summary per row with its published label and the"
        " detectors' scores.",
        "aggrefact",
        (".csv",),
        taxonomy="aggrefact-unified",
        scheme=CONSISTENCY_ONLY,
        run=_tool(read_aggrefact, "aggrefact", "AggreFact published labels", by_line=True),
    ),
    ImportFormat(
        "llm-aggrefact",
        "LLM-AggreFact",
        "LLM-AggreFact's rows of one dataset (dataset, doc, claim, label) as JSONL, CSV or"
        " parquet.",
        "llm-aggrefact",
        (".jsonl", ".csv", ".parquet"),
        taxonomy="aggrefact-unified",
        scheme=CONSISTENCY_ONLY,
        run=_tool(
            read_llm_aggrefact, "llm-aggrefact", "LLM-AggreFact published labels", by_line=True
        ),
    ),
    ImportFormat(
        "faithbench",
        "FaithBench JSON",
        "A FaithBench annotation file (batch_N_annotation.json): summaries, each annotator's"
        " hallucination spans, and the detectors' scores.",
        "faithbench",
        (".json",),
        taxonomy="aggrefact-unified",
        scheme=CONSISTENCY_ONLY,
        run=_tool(read_faithbench, "faithbench", "FaithBench published labels"),
    ),
)


def _registry() -> dict[str, ImportFormat]:
    # The four older layouts keep their own services; imported here, not at the top, so
    # this module stays importable from them.
    from annotations.services.circumstantial_import import circumstantial_import
    from annotations.services.corpus_import import ImportFailed, corpus_import_native
    from annotations.services.finesure_import import finesure_import
    from annotations.services.tofueval_import import tofueval_import

    def native(request: ImportRequest) -> ImportReport:
        return corpus_import_native(
            project=request.project, path=request.path, progress=request.progress, name=request.name
        )

    def tofueval(request: ImportRequest) -> ImportReport:
        # A zip of the release folder with the dialogues beside it as documents.jsonl.
        try:
            with project_folder(request.path, request.name) as folder:
                splits = sorted(folder.rglob("document_ids_dev_test_split.json"))
                documents = sorted(folder.rglob("documents.jsonl"))
                if not splits or not documents:
                    raise FormatError(
                        "expected the release folder (with document_ids_dev_test_split.json)"
                        " and the dialogues as documents.jsonl in the zip",
                        file=request.name,
                    )
                return tofueval_import(
                    project=request.project,
                    release_dir=splits[0].parent,
                    documents=documents[0],
                )
        except FormatError as error:
            raise ImportFailed(str(error)) from None

    def finesure(request: ImportRequest) -> ImportReport:
        if not request.name.lower().endswith(".zip"):
            return finesure_import(project=request.project, path=request.path, name=request.name)
        # A zip holding the data file and, beside it, the key-fact list (the command's
        # --keyfacts): the browser's one file input carries both.
        try:
            with project_folder(request.path, request.name) as folder:
                found = sorted(
                    p for p in folder.rglob("*") if p.suffix in (".json", ".jsonl") and p.is_file()
                )
                keyfacts = [p for p in found if "keyfact" in p.name.lower()]
                data = [p for p in found if p not in keyfacts]
                if len(data) != 1 or len(keyfacts) > 1:
                    raise FormatError(
                        "expected one FineSurE data file (.json or .jsonl) and at most one"
                        " key-fact list (a file named like human-keyfact-list.json) in the zip;"
                        f" found data files {[p.name for p in data]} and key-fact lists"
                        f" {[p.name for p in keyfacts]}",
                        file=request.name,
                    )
                return finesure_import(
                    project=request.project,
                    path=data[0],
                    keyfacts=keyfacts[0] if keyfacts else None,
                    name=f"{request.name}: {data[0].name}",
                    keyfacts_name=f"{request.name}: {keyfacts[0].name}" if keyfacts else None,
                )
        except FormatError as error:
            raise ImportFailed(str(error)) from None

    def circumstantial(request: ImportRequest) -> ImportReport:
        return circumstantial_import(
            project=request.project,
            path=request.path,
            name=request.name,
            lenient=bool(request.options.get("lenient")),
        )

    formats = (
        ImportFormat(
            "native",
            "Native JSONL",
            "Documents, topics and summaries in the project's native JSONL format.",
            "native-jsonl",
            (".jsonl", ".json"),
            run=native,
        ),
        ImportFormat(
            "circumstantial",
            "Circumstantial CSV",
            "Dialogues, summaries and their published labels in the circumstantial-inference"
            " study's CSV layout.",
            "circumstantial",
            (".csv",),
            taxonomy="dialogue-llm",
            scheme={"error_spans": True, "evidence": True},
            run=circumstantial,
        ),
        ImportFormat(
            "tofueval",
            "TofuEval release",
            "The public TofuEval release folder as a .zip, with its dialogues as native JSONL"
            " beside it (documents.jsonl).",
            "tofueval",
            (".zip",),
            folder=True,
            run=tofueval,
        ),
        ImportFormat(
            "finesure",
            "FineSurE JSONL",
            "FineSurE's data file (frank-data*.json, realsumm-data*.json), or a .zip of it"
            " with its key-fact list beside it (human-keyfact-list.json).",
            "finesure",
            (".json", ".jsonl", ".zip"),
            taxonomy="frank",
            scheme={
                "completeness": False,
                "relevance": False,
                "not_a_summary": False,
                "topic_category": False,
            },
            run=finesure,
        ),
        *TOOL_FORMATS,
    )
    return {f.name: f for f in formats}


IMPORT_FORMATS: dict[str, ImportFormat] = _registry()
# Every layout the command reads is also an upload (a folder as its .zip).
UPLOAD_FORMATS = IMPORT_FORMATS
