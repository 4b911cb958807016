"""Spans that linguists saved through the workspace API, in a built release: the native JSONL
carries them with their evidence filled in, and the spans JSONL locates them in the summary
and marks the gold ones by the release's gold rule (a review decision included)."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from annotations.models import (
    Assignment,
    AssignmentStatus,
    ErrorSpan,
    ErrorType,
    EvidenceSpan,
    Project,
    ReleaseStatus,
    ReviewOutcome,
    Round,
    SentenceJudgement,
    SummarySentence,
    Turn,
)
from annotations.selectors.release_rows import summary_rows
from annotations.selectors.release_scope import ReleaseScope
from annotations.services.releases import release_build, release_create
from tests.api.item_urls import sentence_url
from tests.people import LINGUIST, SECOND_LINGUIST, signed_in
from tests.review.builders import confirmed_review

pytestmark = pytest.mark.django_db


def save(client: Client, assignment: Assignment, sentence: SummarySentence, **body: Any) -> None:
    response = client.patch(
        sentence_url(assignment.pk, sentence.pk),
        json.dumps({**body, "version": 0}),
        content_type="application/json",
    )
    assert response.status_code == 200, response.content


def submitted_round(project: Project) -> int:
    """Every other sentence of the round judged consistent, every assignment submitted."""
    round_id = Assignment.objects.filter(round__project=project).order_by("id")[0].round_id
    judged = set(
        SentenceJudgement.objects.filter(assignment__round_id=round_id).values_list(
            "assignment_id", "sentence_id"
        )
    )
    SentenceJudgement.objects.bulk_create(
        SentenceJudgement(assignment=assignment, sentence=sentence, label="consistent")
        for assignment in Assignment.objects.filter(round_id=round_id)
        for sentence in SummarySentence.objects.filter(summary__topic_id=assignment.topic_id)
        if (assignment.pk, sentence.pk) not in judged
    )
    Assignment.objects.filter(round_id=round_id).update(status=AssignmentStatus.SUBMITTED)
    return round_id


@pytest.fixture
def saved(demo: Project) -> dict[str, Any]:
    """In the first unit: sentence 0 flagged by both linguists (a span each, with evidence),
    sentence 1 by the first only (a tie, which keeps the error), sentence 2 by the first only,
    with a span that has no evidence on purpose, and a confirmed review found it a false
    positive."""
    Project.objects.filter(pk=demo.pk).update(ask_error_spans=True, ask_evidence=True)
    first = Assignment.objects.filter(annotator__username=LINGUIST).order_by("id")[0]
    second = Assignment.objects.get(
        round_id=first.round_id, topic_id=first.topic_id, annotator__username=SECOND_LINGUIST
    )
    sentences = list(
        SummarySentence.objects.filter(summary__topic_id=first.topic_id).order_by(
            "summary__position", "position"
        )[:3]
    )
    turns = list(Turn.objects.filter(document__topics__id=first.topic_id).order_by("position"))
    kind = ErrorType.objects.filter(taxonomy_id=demo.taxonomy_id).order_by("id")[0]
    one, two = signed_in(LINGUIST), signed_in(SECOND_LINGUIST)
    save(
        one,
        first,
        sentences[0],
        label="inconsistent",
        explanation="Wrong source.",
        spans=[
            {
                "start": 0,
                "end": 4,
                "error_type": kind.pk,
                "evidence": [{"turn": turns[1].pk, "start": 0, "end": 5}],
            }
        ],
    )
    save(
        two,
        second,
        sentences[0],
        label="inconsistent",
        spans=[
            {
                "start": 5,
                "end": 9,
                "error_type": kind.pk,
                "note": "also this",
                "evidence": [
                    {"turn": turns[2].pk, "start": 3, "end": 8},
                    {"turn": turns[0].pk, "start": 0, "end": 2},
                ],
            }
        ],
    )
    save(
        one,
        first,
        sentences[1],
        label="inconsistent",
        spans=[{"start": 0, "end": 3, "evidence": [{"turn": turns[0].pk, "start": 1, "end": 4}]}],
    )
    save(
        one,
        first,
        sentences[2],
        label="inconsistent",
        spans=[{"start": 0, "end": 2, "no_evidence": True}],
    )
    round_id = submitted_round(demo)
    confirmed_review(Round.objects.get(pk=round_id), sentences[2], ReviewOutcome.FALSE_POSITIVE)
    return {"project": demo, "round": round_id, "sentences": sentences, "turns": turns}


def built(saved: dict[str, Any], tmp_path: Path, settings: Any) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    release = release_create(
        project=saved["project"],
        user=None,
        config={
            "version": "1.0.0",
            "rounds": [saved["round"]],
            "formats": ["native", "spans"],
            "split": {"method": "corpus"},
        },
    )
    release = release_build(release_id=release.pk)
    assert release.status == ReleaseStatus.PUBLISHED, release.error
    folder = tmp_path / "release"
    with zipfile.ZipFile(release.archive.path) as packed:
        packed.extractall(folder)
    return folder


def records(folder: Path, name: str) -> dict[tuple[str, str, str], dict[str, Any]]:
    """(document id, topic, summary id) -> its record, across the split files of a format."""
    found = {}
    for path in sorted((folder / name).glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            found[(record["doc_id"], record["topic"], record["summary_id"])] = record
    return found


def key(sentence: SummarySentence) -> tuple[str, str, str]:
    summary = sentence.summary
    return (summary.topic.document.external_id, summary.topic.name, summary.external_id)


def test_the_native_release_carries_saved_spans_with_their_evidence(
    saved: dict[str, Any], tmp_path: Path, settings: Any
) -> None:
    folder = built(saved, tmp_path, settings)
    first, second, _ = saved["sentences"]
    turns = saved["turns"]
    native = records(folder, "native")[key(first)]

    sentence = native["sentences"][first.position]
    assert sentence["label"] == "inconsistent"
    assert [(s["start"], s["end"], s["text"]) for s in sentence["spans"]] == [
        (0, 4, first.text[0:4]),
        (5, 9, first.text[5:9]),
    ]
    assert [[e["text"] for e in s["evidence"]] for s in sentence["spans"]] == [
        [turns[1].text[0:5]],
        [turns[0].text[0:2], turns[2].text[3:8]],  # by turn
    ]
    assert [e["turn"] for e in sentence["spans"][1]["evidence"]] == [0, 2]
    # Each annotator's own spans, too.
    theirs = [a["sentences"][first.position]["spans"] for a in native["annotators"]]
    assert sorted(len(spans) for spans in theirs) == [1, 1]
    assert all(span["evidence"] for spans in theirs for span in spans)
    tie = records(folder, "native")[key(second)]["sentences"][second.position]
    assert tie["label"] == "inconsistent"
    assert tie["spans"][0]["evidence"][0]["text"] == turns[0].text[1:4]


def test_the_spans_release_locates_every_span_and_keeps_the_gold_ones(
    saved: dict[str, Any], tmp_path: Path, settings: Any
) -> None:
    folder = built(saved, tmp_path, settings)
    by_summary = records(folder, "spans")
    turns = saved["turns"]
    for record in by_summary.values():
        for span in (*record["spans"], *record["gold_spans"]):
            assert record["summary"][span["start"] : span["end"]] == span["text"]
            for evidence in span["evidence"]:  # only the first unit has spans
                text = turns[evidence["turn"]].text
                assert text[evidence["start"] : evidence["end"]] == evidence["text"]

    def spans_of(sentence: SummarySentence, listing: str) -> list[dict[str, Any]]:
        record = by_summary[key(sentence)]
        return [s for s in record[listing] if s["sentence"] == sentence.position]

    both, tie, overturned = saved["sentences"]
    (first_linguist,) = {s["annotator"] for s in spans_of(overturned, "spans")}
    (second_linguist,) = {s["annotator"] for s in spans_of(both, "spans")} - {first_linguist}
    assert {first_linguist, second_linguist} == {"A1", "A2"}
    # Both flagged it: the gold spans are both linguists'.
    assert [s["annotator"] for s in spans_of(both, "gold_spans")] == [
        first_linguist,
        second_linguist,
    ]
    start = by_summary[key(both)]["sentences"][both.position]["start"]
    assert [s["start"] - start for s in spans_of(both, "gold_spans")] == [0, 5]
    # One of two flagged it: a tie keeps the error, with the flagger's span.
    assert [(s["annotator"], s["text"]) for s in spans_of(tie, "gold_spans")] == [
        (first_linguist, tie.text[0:3])
    ]
    # A confirmed review found a false positive: the span is listed, but is not gold.
    (listed,) = spans_of(overturned, "spans")
    assert (listed["no_evidence"], listed["evidence"]) == (True, [])
    assert spans_of(overturned, "gold_spans") == []
    overturned_record = by_summary[key(overturned)]
    assert overturned_record["sentences"][overturned.position]["label"] == "consistent"
    # Pseudonymous: no account name anywhere in the files.
    text = "".join(p.read_text() for p in (folder / "spans").glob("*.jsonl"))
    assert LINGUIST not in text
    assert SECOND_LINGUIST not in text


def test_the_spans_config_of_the_dataset_card_loads_with_hugging_face_datasets(
    saved: dict[str, Any], tmp_path: Path, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    datasets = pytest.importorskip("datasets")
    for name, value in {
        "HF_DATASETS_OFFLINE": "1",
        "HF_HUB_OFFLINE": "1",
        "HF_DATASETS_CACHE": str(tmp_path / "hf-cache"),
        "HF_HOME": str(tmp_path / "hf-home"),
    }.items():
        monkeypatch.setenv(name, value)
    folder = built(saved, tmp_path, settings)
    manifest = json.loads((folder / "manifest.json").read_text())

    loaded = datasets.load_dataset(str(folder), "spans", cache_dir=str(tmp_path / "cache"))

    assert set(loaded) == {"dev", "test"}
    for split in loaded:
        assert loaded[split].num_rows == manifest["files"][f"spans/{split}.jsonl"]["records"]
    # One split has no span at all: the card's declared types let it load beside the other.
    assert [split for split in loaded if not any(row["spans"] for row in loaded[split])]
    flagged = [row for split in loaded.values() for row in split if row["gold_spans"]]
    assert flagged
    assert all(
        row["summary"][s["start"] : s["end"]] == s["text"] for row in flagged for s in row["spans"]
    )


def test_reading_spans_costs_the_same_queries_for_one_span_as_for_spans_everywhere(
    saved: dict[str, Any],
) -> None:
    project = saved["project"]
    scope = ReleaseScope(
        project=project,
        round_ids=[saved["round"]],
        split_of=lambda corpus, doc, stored: stored,
        with_turns=True,
    )
    with CaptureQueriesContext(connection) as few:
        list(summary_rows(scope))
    turns = {
        document: turn
        for document, turn in Turn.objects.filter(position=0).values_list("document_id", "id")
    }
    judgements = list(
        SentenceJudgement.objects.filter(assignment__round_id=saved["round"]).values_list(
            "id", "sentence__summary__topic__document_id"
        )
    )
    spans = ErrorSpan.objects.bulk_create(
        ErrorSpan(judgement_id=judgement, start=0, end=1) for judgement, _ in judgements
    )
    EvidenceSpan.objects.bulk_create(
        EvidenceSpan(error_span=span, turn_id=turns[document], start=0, end=1)
        for span, (_, document) in zip(spans, judgements, strict=True)
    )
    with CaptureQueriesContext(connection) as many:
        rows = list(summary_rows(scope))
    assert len(spans) > 100
    assert sum(len(s.spans) for r in rows for a in r.annotators for s in a.sentences) > 100
    assert len(many) == len(few)
