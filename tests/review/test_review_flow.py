"""Second-stage review end to end in the services: a review round collects the sentences
labelled inconsistent, gives each unit to two different reviewers who did not annotate it,
saves decisions and verdicts through the one save pipeline, and the release's gold follows
the precedence adjudicated > confirmed review > vote, with provenance."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from dataclasses import replace
from io import StringIO
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from annotations.formats.writers.native import write_native
from annotations.handles import HANDLE, UnknownHandle, decode
from annotations.kinds import REVIEW, SECOND_REVIEW, SENTENCE, TYPING
from annotations.models import (
    Assignment,
    AssignmentStage,
    AssignmentStatus,
    ErrorType,
    Membership,
    Role,
    Round,
    RoundItem,
    RoundKind,
    RoundStatus,
    SentenceJudgement,
    SummaryJudgement,
    SummarySentence,
    TopicJudgement,
)
from annotations.selectors.items import items_payload
from annotations.selectors.release_rows import summary_rows
from annotations.selectors.release_scope import ReleaseScope
from annotations.services.item_rounds import ItemRoundRequest, item_round_create
from annotations.services.judgements import (
    Incomplete,
    InvalidJudgement,
    NotAnnotator,
    assignment_submit,
    judgement_save,
)
from annotations.services.rounds import RoundInvalid, round_open

pytestmark = pytest.mark.django_db


def pilot_with_one_error() -> tuple[Round, int]:
    """The demo pilot, every sentence consistent for both linguists except the first
    sentence of the first unit, which linguist1 labels inconsistent; closed."""
    call_command("load_demo", stdout=StringIO())
    round_ = Round.objects.get(project__slug="demo", kind=RoundKind.PILOT)
    first = None
    for assignment in Assignment.objects.filter(round=round_).order_by("topic_id", "id"):
        for summary in assignment.topic.summaries.order_by("id"):
            for sentence in summary.sentences.order_by("position"):
                first = first or sentence.pk
                inconsistent = sentence.pk == first and assignment.annotator.username == "linguist1"
                judgement = SentenceJudgement.objects.create(
                    assignment=assignment,
                    sentence=sentence,
                    label="inconsistent" if inconsistent else "consistent",
                    explanation="The dialogue never says so." if inconsistent else "",
                )
                if inconsistent:
                    judgement.error_types.set(
                        ErrorType.objects.filter(taxonomy=round_.project.taxonomy)[:1]
                    )
            SummaryJudgement.objects.create(assignment=assignment, summary=summary, relevance=4)
        TopicJudgement.objects.create(assignment=assignment, category="main")
    Assignment.objects.filter(round=round_).update(status=AssignmentStatus.SUBMITTED)
    round_.status = RoundStatus.CLOSED
    round_.save()
    assert first is not None
    return round_, first


def add_reviewer(project, username: str):  # type: ignore[no-untyped-def]
    user = get_user_model().objects.filter(username=username).first()
    user = user or get_user_model().objects.create_user(username, password="x")
    Membership.objects.get_or_create(project=project, user=user, role=Role.REVIEWER)
    return user


def review_round(pilot: Round, people: list[str]) -> Round:
    round_, _ = item_round_create(
        ItemRoundRequest(
            project=pilot.project,
            name="Review 1",
            kind=RoundKind.REVIEW,
            guideline_version=pilot.guideline_version.version,
            people=people,
            source_rounds=[pilot.pk],
        )
    )
    return round_open(round=round_)


def stage_assignment(round_: Round, stage: str) -> Assignment:
    return Assignment.objects.select_related("annotator").get(round=round_, stage=stage)


def test_a_review_round_collects_the_flagged_sentence_for_two_different_reviewers() -> None:
    pilot, sentence = pilot_with_one_error()
    add_reviewer(pilot.project, "reviewer2")
    round_ = review_round(pilot, ["reviewer", "reviewer2"])
    assert list(RoundItem.objects.filter(round=round_).values_list("sentence_id", flat=True)) == [
        sentence
    ]
    first = stage_assignment(round_, AssignmentStage.REVIEW)
    second = stage_assignment(round_, AssignmentStage.SECOND_REVIEW)
    assert first.annotator_id != second.annotator_id
    annotators = set(
        Assignment.objects.filter(round=pilot, topic=first.topic).values_list(
            "annotator_id", flat=True
        )
    )
    assert {first.annotator_id, second.annotator_id}.isdisjoint(annotators)


def test_a_review_round_needs_two_reviewers_and_a_flagged_sentence() -> None:
    pilot, _ = pilot_with_one_error()
    with pytest.raises(RoundInvalid) as refused:
        review_round(pilot, ["reviewer"])
    assert "at least two reviewers" in str(refused.value.errors["annotators"])
    # A linguist of the unit may not review it, even with the reviewer role.
    Membership.objects.create(
        project=pilot.project,
        user=get_user_model().objects.get(username="linguist1"),
        role=Role.REVIEWER,
    )
    with pytest.raises(RoundInvalid) as stranded:
        review_round(pilot, ["reviewer", "linguist1"])
    assert "fewer than two reviewers who did not annotate" in str(stranded.value.errors)
    SentenceJudgement.objects.filter(label="inconsistent").update(label="consistent")
    add_reviewer(pilot.project, "reviewer2")
    with pytest.raises(RoundInvalid) as empty:
        review_round(pilot, ["reviewer", "reviewer2"])
    assert "no sentence is labelled inconsistent" in str(empty.value.errors["source_rounds"])


def test_decisions_and_verdicts_go_through_the_save_pipeline() -> None:
    pilot, sentence = pilot_with_one_error()
    add_reviewer(pilot.project, "reviewer2")
    round_ = review_round(pilot, ["reviewer", "reviewer2"])
    first = stage_assignment(round_, AssignmentStage.REVIEW)
    second = stage_assignment(round_, AssignmentStage.SECOND_REVIEW)
    # Nothing to confirm before a decision.
    with pytest.raises(InvalidJudgement) as early:
        judgement_save(
            SECOND_REVIEW,
            assignment_id=second.pk,
            user=second.annotator,
            version=0,
            changes={"verdict": "confirm"},
            target_id=sentence,
        )
    assert early.value.errors == {"sentence": ["this item has no review decision yet"]}
    # The reviewer cannot give the second verdict on their own decision.
    with pytest.raises(InvalidJudgement):
        judgement_save(
            SECOND_REVIEW,
            assignment_id=first.pk,
            user=first.annotator,
            version=0,
            changes={"verdict": "confirm"},
            target_id=sentence,
        )
    # Labels are not saved in a review round, nor reviews on a sentence that is no item.
    with pytest.raises(Assignment.DoesNotExist):
        judgement_save(
            SENTENCE,
            assignment_id=first.pk,
            user=first.annotator,
            version=0,
            changes={"label": "consistent"},
            target_id=sentence,
        )
    other = first.topic.summaries.order_by("id").first().sentences.exclude(pk=sentence).first()
    with pytest.raises(SummarySentence.DoesNotExist):
        judgement_save(
            REVIEW,
            assignment_id=first.pk,
            user=first.annotator,
            version=0,
            changes={"decision": "confirmed"},
            target_id=other.pk,
        )
    with pytest.raises(Incomplete) as incomplete:
        assignment_submit(assignment_id=first.pk, user=first.annotator)
    assert [item.item for item in incomplete.value.missing] == ["decision"]
    saved = judgement_save(
        REVIEW,
        assignment_id=first.pk,
        user=first.annotator,
        version=0,
        changes={"decision": "false_positive", "note": "Turn 3 says exactly this."},
        target_id=sentence,
    )
    assert saved["version"] == 1
    assignment_submit(assignment_id=first.pk, user=first.annotator)
    verdict = judgement_save(
        SECOND_REVIEW,
        assignment_id=second.pk,
        user=second.annotator,
        version=0,
        changes={"verdict": "confirm", "reviewed_version": 99},
        target_id=sentence,
    )
    # The server names the decision's version, whatever the client sent.
    assert verdict["reviewed_version"] == 1
    # A linguist is no reviewer.
    linguist = get_user_model().objects.get(username="linguist2")
    second.annotator = linguist
    second.save()
    with pytest.raises(NotAnnotator):
        judgement_save(
            SECOND_REVIEW,
            assignment_id=second.pk,
            user=linguist,
            version=1,
            changes={"note": "x"},
            target_id=sentence,
        )


def native(pilot: Round) -> list[dict]:
    stream = io.BytesIO()
    write_native(
        stream,
        summary_rows(
            ReleaseScope(
                project=pilot.project, round_ids=[pilot.pk], split_of=lambda c, d, s: "dev"
            )
        ),
    )
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def gold_of(records: list[dict], sentence_text: str) -> tuple[str, str]:
    for record in records:
        for sentence in record["sentences"]:
            if sentence["text"] == sentence_text:
                return sentence["label"], sentence["provenance"]
    raise AssertionError("sentence not exported")


def test_gold_precedence_and_provenance_in_the_native_export() -> None:
    pilot, sentence = pilot_with_one_error()
    text = SentenceJudgement.objects.filter(sentence_id=sentence).first().sentence.text
    records = native(pilot)
    # One of two raters flagged it: a tie, which counts as inconsistent.
    assert gold_of(records, text) == ("inconsistent", "tie")
    provenances = {s["provenance"] for r in records for s in r["sentences"]}
    assert "unanimous" in provenances
    assert records[0]["provenance"]["topic_category"] == "unanimous"
    add_reviewer(pilot.project, "reviewer2")
    round_ = review_round(pilot, ["reviewer", "reviewer2"])
    first = stage_assignment(round_, AssignmentStage.REVIEW)
    second = stage_assignment(round_, AssignmentStage.SECOND_REVIEW)
    judgement_save(
        REVIEW,
        assignment_id=first.pk,
        user=first.annotator,
        version=0,
        changes={"decision": "false_positive", "note": "It is said in turn 2."},
        target_id=sentence,
    )
    # Not confirmed yet: the vote still decides.
    assert gold_of(native(pilot), text) == ("inconsistent", "tie")
    judgement_save(
        SECOND_REVIEW,
        assignment_id=second.pk,
        user=second.annotator,
        version=0,
        changes={"verdict": "confirm"},
        target_id=sentence,
    )
    assert gold_of(native(pilot), text) == ("consistent", "reviewed")
    # The reviewer changes their mind: the old confirmation no longer counts.
    judgement_save(
        REVIEW,
        assignment_id=first.pk,
        user=first.annotator,
        version=1,
        changes={"decision": "confirmed"},
        target_id=sentence,
    )
    assert gold_of(native(pilot), text) == ("inconsistent", "tie")
    # An admin's gold value outranks everything.
    admin = get_user_model().objects.get(username="admin")
    adjudication = Round.objects.create(
        project=pilot.project,
        name="Adjudication",
        kind=RoundKind.ADJUDICATION,
        status=RoundStatus.OPEN,
    )
    adjudicating = Assignment.objects.create(
        round=adjudication, topic_id=first.topic_id, annotator=admin
    )
    judgement_save(
        SENTENCE,
        assignment_id=adjudicating.pk,
        user=admin,
        version=0,
        changes={"label": "consistent"},
        target_id=sentence,
    )
    assert gold_of(native(pilot), text) == ("consistent", "adjudicated")


def test_the_item_screen_shows_role_letters_and_no_summarizer() -> None:
    pilot, sentence = pilot_with_one_error()
    add_reviewer(pilot.project, "reviewer2")
    round_ = review_round(pilot, ["reviewer", "reviewer2"])
    first = stage_assignment(round_, AssignmentStage.REVIEW)
    payload = items_payload(user_id=first.annotator_id, assignment_id=first.pk)
    assert payload is not None
    assert payload["stage"] == "review"
    (item,) = payload["items"]
    assert [label["rater"] for label in item["labels"]] == ["R1", "R2"]
    assert {label["label"] for label in item["labels"]} == {"consistent", "inconsistent"}
    body = json.dumps(payload)
    summaries = list(first.topic.summaries.order_by("pk"))
    for summary in summaries:
        assert summary.system not in body
    for name in ("linguist1", "linguist2", "Lena", "Luis"):
        assert name not in body
    assert_blind(payload, first.pk, sentence)
    # Someone else's assignment is not theirs to open.
    second = stage_assignment(round_, AssignmentStage.SECOND_REVIEW)
    assert items_payload(user_id=second.annotator_id, assignment_id=first.pk) is None
    # The second reviewer's screen names the same sentences by other handles, which mean
    # nothing in the first reviewer's assignment: they cannot compare notes by identifier.
    other = items_payload(user_id=second.annotator_id, assignment_id=second.pk)
    assert other is not None
    assert_blind(other, second.pk, sentence)
    mine, theirs = (sentence_handles(screen) for screen in (payload, other))
    assert set(mine) == set(theirs)  # the same sentences…
    assert not {mine[pk] for pk in mine} & {theirs[pk] for pk in theirs}  # …other names
    for handle in theirs.values():
        with pytest.raises(UnknownHandle):
            decode(first.pk, "sentence", handle)


def walk(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every leaf of a JSON payload with its path (``.items[].sentence``)."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from walk(inner, f"{path}.{key}")
    elif isinstance(value, list):
        for inner in value:
            yield from walk(inner, f"{path}[]")
    else:
        yield path, value


def sentence_handles(payload: dict[str, Any]) -> dict[int, str]:
    """sentence id -> the handle the screen shows it by."""
    return {
        decode(payload["id"], "sentence", sentence["id"]): sentence["id"]
        for summary in payload["summaries"]
        for sentence in summary["sentences"]
    }


# Where the item screen may carry a number: counts and positions the reviewer sees, the
# dialogue's own turns and topic, the round, the taxonomy's types. None of them is a summary's
# or a sentence's id, and none differs between summarizers.
NUMBERED_PATHS = {
    ".id",
    ".count",
    ".position",
    ".round.id",
    ".topic.id",
    ".guideline.version",
    ".document.turns[].id",
    ".document.turns[].position",
    ".document.turns[].start",
    ".document.turns[].end",
    ".taxonomy.types[].id",
    ".items[].labels[].error_types[]",
    ".summaries[].sentences[].number",
}


def assert_blind(payload: dict[str, Any], assignment_id: int, flagged: int) -> None:
    """What blinding means on the item screen (docs/review.md): no summary or sentence is
    named by a database id, which is assigned in import order and so gives away the system;
    each is named by a handle of this assignment, whose order says nothing either."""
    numbered = {
        path
        for path, value in walk(payload)
        if isinstance(value, int | float) and not isinstance(value, bool)
    }
    assert numbered <= NUMBERED_PATHS, numbered - NUMBERED_PATHS
    assert not [v for _, v in walk(payload) if isinstance(v, str) and v.strip().isdigit()]
    for summary in payload["summaries"]:
        assert HANDLE.match(summary["id"])
        decode(assignment_id, "summary", summary["id"])
    (item,) = payload["items"]
    assert decode(assignment_id, "sentence", item["sentence"]) == flagged
    owner = SummarySentence.objects.get(pk=flagged).summary_id
    assert decode(assignment_id, "summary", item["summary"]) == owner
    handles = sentence_handles(payload)
    assert all(HANDLE.match(handle) for handle in handles.values())
    # Sorting the handles does not give the import order back. By chance n handles sort in
    # id order once in n!: with at least 8 sentences that is under 1 in 40,000.
    assert len(handles) >= 8
    assert sorted(handles, key=handles.__getitem__) != sorted(handles)


def test_an_error_typing_round_types_gold_inconsistent_sentences_with_three_people() -> None:
    pilot, sentence = pilot_with_one_error()
    # Make the flagged sentence gold-inconsistent by a majority of... both raters.
    SentenceJudgement.objects.filter(sentence_id=sentence).update(label="inconsistent")
    request = ItemRoundRequest(
        project=pilot.project,
        name="Typing",
        kind=RoundKind.ERROR_TYPING,
        guideline_version=pilot.guideline_version.version,
        people=["linguist1", "linguist2"],
        source_rounds=[pilot.pk],
        overlap=2,
    )
    with pytest.raises(RoundInvalid) as few:
        item_round_create(request)
    assert "at least 3" in str(few.value.errors["overlap"])
    round_, items = item_round_create(
        replace(request, overlap=3, people=["linguist1", "linguist2", "linguist3"])
    )
    assert items == 1
    round_open(round=round_)
    types = list(ErrorType.objects.filter(taxonomy=pilot.project.taxonomy).order_by("id")[:3])
    chosen = [[types[0]], [types[0], types[1]], [types[2]]]
    typers = Assignment.objects.filter(round=round_).select_related("annotator").order_by("id")
    # A typist sees who flagged the sentence and why, never the types they chose.
    shown = items_payload(user_id=typers[0].annotator_id, assignment_id=typers[0].pk)
    assert shown is not None
    assert shown["stage"] == "error_typing"
    (item,) = shown["items"]
    assert [answer["label"] for answer in item["labels"]] == ["inconsistent", "inconsistent"]
    assert all(answer["error_types"] == [] for answer in item["labels"])
    assert item["labels"][0]["explanation"] == "The dialogue never says so."
    # The typists are offered the types of the taxonomy version the round froze, not a type
    # the taxonomy gained since (docs/taxonomies.md).
    ErrorType.objects.create(
        taxonomy=pilot.project.taxonomy, code="added-later", name="Added later", definition="-"
    )
    again = items_payload(user_id=typers[0].annotator_id, assignment_id=typers[0].pk)
    assert again is not None
    offered_names = [t["name"] for t in again["taxonomy"]["types"]]
    assert "Added later" not in offered_names
    assert set(offered_names) == {t.name for t in round_.taxonomy_version.types.all()}, (
        "exactly the frozen version's types"
    )
    for assignment, picked in zip(typers, chosen, strict=True):
        state = judgement_save(
            TYPING,
            assignment_id=assignment.pk,
            user=assignment.annotator,
            version=0,
            changes={"error_types": [t.pk for t in picked]},
            target_id=sentence,
        )
        assert state["error_types"] == sorted(t.pk for t in picked)
        assignment_submit(assignment_id=assignment.pk, user=assignment.annotator)
    # The gold types are those at least two of the three typists chose.
    text = SentenceJudgement.objects.filter(sentence_id=sentence).first().sentence.text
    exported = next(s for r in native(pilot) for s in r["sentences"] if s["text"] == text)
    assert exported["error_types"] == [types[0].name]
    assert Assignment.objects.filter(round=round_).count() == 3
