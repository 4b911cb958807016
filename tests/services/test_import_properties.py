"""Whatever text a file carries, in whatever field, an import either stores it whole or refuses
the file with an ImportFailed naming the file and where in it, and changes nothing. Never a
database error, never a crash: the classes that used to reach PostgreSQL (NUL, lone
surrogates, values longer than their column) are drawn far more often than chance would."""

from __future__ import annotations

import csv
import io
import itertools
import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from hypothesis import given, settings
from hypothesis import strategies as st

from annotations.models import Project
from annotations.services.corpus_import import ImportFailed, corpus_import_native
from annotations.services.projects import project_get_or_create
from annotations.services.tofueval_import import tofueval_import

pytestmark = pytest.mark.django_db

# Short and long, with the characters PostgreSQL refuses among ordinary ones; long enough to
# pass the 100-, 200- and 300-character columns.
unstorable = st.sampled_from(["\x00", "\ud800", "\udbff", "\udc00", "\udfff"])
any_text = st.one_of(
    st.text(st.one_of(unstorable, st.characters()), max_size=12),
    st.builds(
        lambda head, mark, n: head + mark + "x" * n,
        st.text(max_size=4),
        st.one_of(st.just(""), unstorable),
        st.sampled_from([99, 100, 199, 200, 299, 300, 301]),
    ),
)
ids = itertools.count()


def row_counts() -> dict[str, int]:
    return {
        model._meta.label: model._default_manager.count()
        for app in ("annotations", "auth")
        for model in apps.get_app_config(app).get_models(include_auto_created=True)
    }


def project() -> Project:
    return project_get_or_create(slug="properties")[0]


def document(doc_id: str, **changes: Any) -> dict[str, Any]:
    line: dict[str, Any] = {
        "id": doc_id,
        "corpus": "talks",
        "turns": [{"speaker": "MAYA", "role": "host", "text": "Tonight the council votes."}],
        "topics": [
            {"name": "The vote", "summaries": [{"system": "Quillon", "text": "It passed."}]}
        ],
    }
    line.update(changes)
    return line


def summary(doc_id: str, **fields: Any) -> dict[str, Any]:
    return document(
        doc_id,
        topics=[
            {"name": "The vote", "summaries": [{"system": "Quillon", "text": "Ok.", **fields}]}
        ],
    )


NATIVE_FIELDS: dict[str, Callable[[str, str], dict[str, Any]]] = {
    "id": lambda d, t: document(d + t),
    "corpus": lambda d, t: document(d, corpus=t),
    "title": lambda d, t: document(d, title=t),
    "speaker": lambda d, t: document(d, turns=[{"speaker": t, "text": "Hi."}]),
    "role": lambda d, t: document(d, turns=[{"speaker": "A", "role": t, "text": "Hi."}]),
    "turn text": lambda d, t: document(d, turns=[{"speaker": "A", "text": t}]),
    "topic": lambda d, t: document(
        d, topics=[{"name": t, "summaries": [{"system": "S", "text": "Ok."}]}]
    ),
    "system": lambda d, t: summary(d, system=t),
    "summary id": lambda d, t: summary(d, id=t),
    "summary text": lambda d, t: summary(d, text=t),
    "sentence": lambda d, t: summary(d, sentences=["Ok.", t], text=None),
    "metadata key": lambda d, t: document(d, metadata={t: 1}),
    "metadata value": lambda d, t: document(d, metadata={"k": {"v": [t]}}),
    "summary metadata": lambda d, t: summary(d, metadata={t: t}),
}


@pytest.mark.long
@settings(max_examples=150, deadline=None, database=None)
@given(st.sampled_from(sorted(NATIVE_FIELDS)), any_text, st.booleans())
def test_any_text_in_any_native_field_is_imported_whole_or_refused_changing_nothing(
    field: str, text: str, escaped: bool
) -> None:
    line = NATIVE_FIELDS[field](f"doc-{next(ids)}", text)
    line = {key: value for key, value in line.items() if value is not None}
    for topic in line.get("topics", []):
        topic["summaries"] = [
            {k: v for k, v in s.items() if v is not None} for s in topic["summaries"]
        ]
    # Escaped, a lone surrogate is "\ud800" in the JSON; raw, it is bytes UTF-8 forbids.
    raw = json.dumps(line, ensure_ascii=escaped).encode("utf-8", "surrogatepass") + b"\n"
    target = project()
    before = row_counts()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "stored-as-a-uuid.jsonl"
        path.write_bytes(raw)
        refusal = ""
        try:
            report = corpus_import_native(project=target, path=path, name="My corpus.jsonl")
        except ImportFailed as error:
            refusal = str(error)
    if refusal:
        assert refusal.startswith("My corpus.jsonl, line 1"), refusal
        assert "stored-as-a-uuid" not in refusal
        assert row_counts() == before
    else:
        assert report.documents_created == 1


CSV_COLUMNS = [
    "doc_id",
    "annotation_id",
    "topic",
    "model_name",
    "sent_idx",
    "summ_sent",
    "sent_label",
    "exp",
    "type",
]
TOFUEVAL_FILES = (
    "document_ids_dev_test_split.json",
    "mediasum_factual_eval_dev.csv",
    "mediasum_topic_category.json",
    "mediasum_completeness_final.csv",
    "documents.jsonl",
)


def write_release(folder: Path, doc_id: str, cell: str, text: str) -> Path:
    row = {
        "doc_id": doc_id,
        "annotation_id": "7",
        "topic": "The vote",
        "model_name": "Quillon",
        "sent_idx": "1",
        "summ_sent": "It passed.",
        "sent_label": "no",
        "exp": "The dialogue says it failed.",
        "type": "Contradiction",
    }
    key_points = ["1. The council voted."]
    if cell == "key point":
        key_points.append(text)
    else:
        row[cell] = text
    (folder / "factual_consistency").mkdir()
    (folder / "topic_category").mkdir()
    (folder / "completeness").mkdir()
    (folder / "document_ids_dev_test_split.json").write_text(
        json.dumps({"dev": {"mediasum": [row["doc_id"]]}, "test": {}})
    )
    for name, rows in (
        ("factual_consistency/mediasum_factual_eval_dev.csv", [CSV_COLUMNS, list(row.values())]),
        (
            "completeness/mediasum_completeness_final.csv",
            [
                ["doc_id", "annotation_id", "topic", "key_points"],
                # repr: the release writes Python list literals, whose escapes decode on reading.
                [row["doc_id"], "7", row["topic"], repr(key_points)],
            ],
        ),
    ):
        out = io.StringIO(newline="")
        csv.writer(out, lineterminator="\n").writerows(rows)
        (folder / name).write_bytes(out.getvalue().encode("utf-8", "surrogatepass"))
    (folder / "topic_category" / "mediasum_topic_category.json").write_text(
        json.dumps({row["topic"]: "main"})
    )
    documents = folder / "documents.jsonl"
    documents.write_text(
        json.dumps(
            {"id": row["doc_id"], "corpus": "mediasum", "turns": [{"speaker": "A", "text": "Hi."}]}
        )
        + "\n"
    )
    return documents


@pytest.mark.long
@settings(max_examples=100, deadline=None, database=None)
@given(
    st.sampled_from(["doc_id", "topic", "model_name", "summ_sent", "exp", "type", "key point"]),
    any_text,
)
def test_any_text_in_any_tofueval_cell_is_imported_whole_or_refused_changing_nothing(
    cell: str, text: str
) -> None:
    target = project()
    before = row_counts()
    with tempfile.TemporaryDirectory() as folder:
        release = Path(folder)
        documents = write_release(release, f"D{next(ids)}", cell, text)
        refusal = ""
        try:
            report = tofueval_import(project=target, release_dir=release, documents=documents)
        except ImportFailed as error:
            refusal = str(error)
    if refusal:
        assert refusal.startswith((*TOFUEVAL_FILES, folder)), refusal
        assert row_counts() == before
    else:
        assert report.documents_created == 1
