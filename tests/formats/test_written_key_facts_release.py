"""Written key-fact lists through a whole release, in every format (issue 27, docs/completeness.md
"Releases"): linguists who each write their own list, of different lengths or the same
length, release; every coverage value in the files is traced back, by its text, to the fact
it judged; nobody's coverage appears under another person's fact; an admin's adjudicated list
is the gold one, and the FineSurE records carry the gold the release used."""

from __future__ import annotations

import ast
import csv
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from annotations.handles import encode
from annotations.models import (
    AlignedSentence,
    Assignment,
    AssignmentStatus,
    KeyFact,
    KeyFactAlignment,
    KeyFactSheet,
    Project,
    Round,
    SentenceJudgement,
    SummaryJudgement,
    TopicJudgement,
)
from annotations.services.adjudication_round import adjudication_open
from tests.formats.test_completeness_release import built
from tests.people import signed_in
from tests.services.test_release_rows import first_unit, labelled_demo

pytestmark = pytest.mark.django_db

EVERY_FORMAT = [
    "native",
    "tofueval",
    "aggrefact",
    "llm_aggrefact",
    "finesure",
    "spans",
    "circumstantial",
    "rose",
]
LABEL = {True: 1, False: 0, None: "None"}


@dataclass
class Written:
    """What the linguists saved: (system, fact text) -> (covered, aligned sentence positions),
    and each person's list in order."""

    decided: dict[tuple[str, str], tuple[bool, tuple[int, ...]]] = field(default_factory=dict)
    lists: dict[str, list[str]] = field(default_factory=dict)

    def covered(self, system: str, text: str) -> bool:
        return self.decided[(system, text)][0]


def write_list(assignment: Assignment, who: str, count: int, shift: int, saved: Written) -> None:
    """``count`` facts of ``who``'s own, each decided for every summary of the unit by a
    pattern that differs per person (``shift``), a covered fact aligned with one sentence."""
    sheet = KeyFactSheet.objects.create(assignment=assignment)
    saved.lists[who] = []
    for position in range(1, count + 1):
        text = f"{who} wrote fact {position}."
        saved.lists[who].append(text)
        fact = KeyFact.objects.create(sheet=sheet, position=position, text=text)
        for index, summary in enumerate(assignment.topic.summaries.order_by("position")):
            covered = (position + index + shift) % 3 != 0
            alignment = KeyFactAlignment.objects.create(
                key_fact=fact, summary=summary, covered=covered
            )
            sentences: tuple[int, ...] = ()
            if covered:
                own = list(summary.sentences.order_by("position"))
                sentence = own[position % len(own)]
                AlignedSentence.objects.create(alignment=alignment, sentence=sentence)
                sentences = (sentence.position,)
            saved.decided[(summary.system, text)] = (covered, sentences)


def third_linguist(round_: Round, like: Assignment) -> Assignment:
    """A third annotator of ``like``'s unit, labelling it as the demo's two did."""
    # The demo's third linguist, an annotator of every demo study.
    user = get_user_model().objects.get(username="linguist3")
    assignment = Assignment.objects.create(
        round=round_, topic=like.topic, annotator=user, status=AssignmentStatus.SUBMITTED
    )
    for summary in like.topic.summaries.all():
        SentenceJudgement.objects.bulk_create(
            SentenceJudgement(assignment=assignment, sentence=sentence, label="consistent")
            for sentence in summary.sentences.all()
        )
        SummaryJudgement.objects.create(assignment=assignment, summary=summary, relevance=4)
    TopicJudgement.objects.create(assignment=assignment, category="main")
    return assignment


@pytest.fixture
def release_dir(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    return tmp_path


def records(folder: Path, path: str, topic: str) -> list[dict[str, Any]]:
    lines = (folder / path).read_text().splitlines()
    return [r for r in map(json.loads, lines) if r["topic"] == topic]


def check_native(folder: Path, topic: str, saved: Written, gold_list: list[str]) -> None:
    """Each gold value and each annotator's value is the one saved for that very fact."""
    native = [
        record
        for path in sorted((folder / "native").glob("*.jsonl"))
        for record in records(folder, f"native/{path.name}", topic)
    ]
    assert native
    for record in native:
        system = record["system"]
        assert [fact["text"] for fact in record["key_facts"]] == gold_list
        for fact in record["key_facts"]:
            assert (fact["covered"], tuple(fact["sentences"])) == saved.decided[
                (system, fact["text"])
            ]
        share = sum(saved.covered(system, text) for text in gold_list) / len(gold_list)
        assert record["completeness"] == pytest.approx(share)
        own_lists = []
        for annotator in record["annotators"]:
            texts = [fact["text"] for fact in annotator["key_facts"]]
            own_lists.append(texts)
            for fact in annotator["key_facts"]:
                assert (fact["covered"], tuple(fact["sentences"])) == saved.decided[
                    (system, fact["text"])
                ]
        # Everyone's own list, whole and in order, under their own id.
        assert sorted(own_lists) == sorted(saved.lists.values())
        author = next(
            a
            for a in record["annotators"]
            if a["key_facts"] and ([f["text"] for f in a["key_facts"]] == gold_list)
        )
        assert record["provenance"]["key_facts"] == "written"
        assert record["provenance"]["key_facts_author"] == author["annotator"]


def check_finesure(folder: Path, topic: str, saved: Written, gold_list: list[str]) -> None:
    finesure = records(folder, "finesure/finesure.jsonl", topic)
    assert finesure
    for record in finesure:
        system = record["model"]
        assert record["key_facts"] == gold_list
        assert record["gold"]["key_fact_labels"] == [
            LABEL[saved.covered(system, text)] for text in gold_list
        ]
        for labels in record["raw_annotations"].values():
            own = [fact["key_fact"] for fact in labels["own_key_facts"]]
            assert own in saved.lists.values()
            for fact in labels["own_key_facts"]:
                covered, sentences = saved.decided[(system, fact["key_fact"])]
                assert fact["label"] == LABEL[covered]
                assert fact["line_numbers"] == [position + 1 for position in sentences]
            if own == gold_list:  # the author judged the gold facts: their labels, by fact
                assert labels["key_fact_labels"] == [
                    LABEL[saved.covered(system, text)] for text in gold_list
                ]
            else:  # nobody else judged them: unknown, never their own facts' labels
                assert labels["key_fact_labels"] == ["None"] * len(gold_list)
                assert set(labels["sentence_labels"]) == {"None"}


def check_tofueval(folder: Path, corpus: str, topic: str, saved: Written) -> None:
    with (folder / f"tofueval/completeness/{corpus}_completeness_final.csv").open() as stream:
        (points,) = (row["key_points"] for row in csv.DictReader(stream) if row["topic"] == topic)
    texts = [point.split(". ", 1)[1] for point in ast.literal_eval(points)]
    with (folder / f"tofueval/completeness/{corpus}_completeness_coverage.csv").open() as stream:
        rows = [row for row in csv.DictReader(stream) if row["topic"] == topic]
    assert rows
    for row in rows:
        text = texts[int(row["key_point_idx"]) - 1]
        assert row["covered"] == ("yes" if saved.covered(row["model_name"], text) else "no")


def check_every_format_was_written(manifest: dict[str, Any]) -> None:
    prefixes = {path.split("/")[0] for path in manifest["files"]}
    assert {"native", "tofueval", "aggrefact", "llm_aggrefact", "finesure", "spans"} <= prefixes


def test_three_linguists_who_write_three_four_and_six_facts_release_in_every_format(
    release_dir: Path,
) -> None:
    round_ = labelled_demo()
    first, second = first_unit(round_)
    third = third_linguist(round_, first)
    saved = Written()
    write_list(first, "Lena", 3, 0, saved)
    write_list(second, "Luis", 4, 1, saved)
    write_list(third, "Lior", 6, 2, saved)

    folder, manifest = built(round_, EVERY_FORMAT, release_dir)

    check_every_format_was_written(manifest)
    topic = first.topic.name
    # The stated default: the first rater's (by assignment) written list, with their coverage.
    gold_list = saved.lists["Lena"]
    check_native(folder, topic, saved, gold_list)
    check_finesure(folder, topic, saved, gold_list)
    check_tofueval(folder, first.topic.document.corpus.slug, topic, saved)


def test_two_linguists_who_write_as_many_different_facts_keep_their_own_coverage(
    release_dir: Path,
) -> None:
    """The silent case: equal lengths used to put Luis's coverage of his fact k under Lena's
    fact k. Their patterns differ, so any mix-up changes a traced value."""
    round_ = labelled_demo()
    first, second = first_unit(round_)
    saved = Written()
    write_list(first, "Lena", 3, 0, saved)
    write_list(second, "Luis", 3, 1, saved)
    system = first.topic.summaries.order_by("position")[0].system
    assert [saved.covered(system, t) for t in saved.lists["Lena"]] != [
        saved.covered(system, t) for t in saved.lists["Luis"]
    ]

    folder, manifest = built(round_, EVERY_FORMAT, release_dir)

    check_every_format_was_written(manifest)
    topic = first.topic.name
    check_native(folder, topic, saved, saved.lists["Lena"])
    check_finesure(folder, topic, saved, saved.lists["Lena"])
    check_tofueval(folder, first.topic.document.corpus.slug, topic, saved)
    with (folder / "scores.csv").open() as stream:
        scores = {row["system"]: row for row in csv.DictReader(stream) if row["topic"] == topic}
    for summary in first.topic.summaries.all():
        lena = [saved.covered(summary.system, t) for t in saved.lists["Lena"]]
        assert float(scores[summary.system]["completeness"]) == pytest.approx(sum(lena) / len(lena))
        # Conciseness: the sentences Lena aligned with her facts, not Luis's.
        stating = {
            position
            for text in saved.lists["Lena"]
            for position in saved.decided[(summary.system, text)][1]
        }
        assert float(scores[summary.system]["conciseness"]) == pytest.approx(
            len(stating) / summary.sentences.count()
        )


def test_an_adjudicated_list_is_the_gold_one_and_finesure_records_carry_the_gold(
    release_dir: Path,
) -> None:
    round_ = labelled_demo()
    first, second = first_unit(round_)
    saved = Written()
    write_list(first, "Lena", 3, 0, saved)
    write_list(second, "Luis", 4, 1, saved)
    admin = get_user_model().objects.get(username="admin")
    adjudication = adjudication_open(round_.project, first.topic_id, admin)
    write_list(adjudication, "Ada", 2, 2, saved)
    # An admin's label that the raters' vote would not give (both said consistent).
    summary = first.topic.summaries.order_by("position")[0]
    sentence = summary.sentences.order_by("position")[0]
    SentenceJudgement.objects.create(
        assignment=adjudication, sentence=sentence, label="inconsistent", explanation="No."
    )

    folder, _ = built(round_, ["native", "finesure", "tofueval"], release_dir)

    topic = first.topic.name
    gold_list = saved.lists["Ada"]
    for record in records(folder, "finesure/finesure.jsonl", topic):
        assert record["key_facts"] == gold_list
        assert record["gold"]["key_facts_source"] == "adjudicated"
        assert record["gold"]["key_fact_labels"] == [
            LABEL[saved.covered(record["model"], text)] for text in gold_list
        ]
        for labels in record["raw_annotations"].values():  # no linguist judged the admin's
            assert labels["key_fact_labels"] == ["None"] * len(gold_list)
            assert [f["key_fact"] for f in labels["own_key_facts"]] in (
                saved.lists["Lena"],
                saved.lists["Luis"],
            )
    adjudicated = next(
        r for r in records(folder, "finesure/finesure.jsonl", topic) if r["model"] == summary.system
    )
    # FineSurE's scripts take the raw majority (0: both raters said consistent); the gold
    # beside it is the admin's.
    assert {
        labels["factuality_labels"][0] for labels in adjudicated["raw_annotations"].values()
    } == {0}
    assert adjudicated["gold"]["factuality_labels"][0] == 1
    assert adjudicated["gold"]["provenance"][0] == "adjudicated"
    for record in records(folder, "native/dev.jsonl", topic) + records(
        folder, "native/test.jsonl", topic
    ):
        assert [f["text"] for f in record["key_facts"]] == gold_list
        assert record["provenance"]["key_facts"] == "adjudicated"
        assert record["provenance"]["key_facts_author"] is None
        assert len(record["annotators"]) == 2  # the admin is not a rater
    check_tofueval(folder, first.topic.document.corpus.slug, topic, saved)


def test_an_admin_adjudicates_a_written_units_key_facts_through_the_save_route(
    release_dir: Path,
) -> None:
    """What docs/completeness.md tells an admin to do: open the unit in the adjudication
    round, save the agreed list there through the ordinary key-fact save, and release."""
    round_ = labelled_demo()
    Project.objects.filter(pk=round_.project_id).update(ask_completeness=True)
    first, second = first_unit(round_)
    saved = Written()
    write_list(first, "Lena", 3, 0, saved)
    write_list(second, "Luis", 4, 1, saved)
    admin = signed_in("admin")
    opened = admin.post(
        f"/api/admin/projects/{round_.project.slug}/adjudication/units/{first.topic_id}/"
    )
    assert opened.status_code == 200, opened.content
    adjudication = opened.json()["assignment"]
    summaries = list(first.topic.summaries.order_by("position"))
    stating = summaries[0].sentences.order_by("position")[0]
    alignments = [
        {
            "summary": encode(adjudication, "summary", summary.pk),
            "covered": summary == summaries[0],
            "sentences": [{"sentence": encode(adjudication, "sentence", stating.pk)}]
            if summary == summaries[0]
            else [],
        }
        for summary in summaries
    ]
    saved_list = admin.patch(
        f"/api/assignments/{adjudication}/key_facts/",
        json.dumps(
            {
                "facts": [
                    {"position": 1, "text": "Agreed.", "given": None, "alignments": alignments}
                ],
                "version": 0,
            }
        ),
        content_type="application/json",
    )
    assert saved_list.status_code == 200, saved_list.content

    folder, _ = built(round_, ["native"], release_dir)

    native = [
        record
        for path in sorted((folder / "native").glob("*.jsonl"))
        for record in records(folder, f"native/{path.name}", first.topic.name)
    ]
    assert {record["provenance"]["key_facts"] for record in native} == {"adjudicated"}
    for record in native:
        stated = record["system"] == summaries[0].system
        assert record["key_facts"] == [
            {
                "text": "Agreed.",
                "covered": stated,
                "sentences": [stating.position] if stated else [],
            }
        ]
