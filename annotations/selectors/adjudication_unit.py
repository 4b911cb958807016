"""The adjudication screen's payload (docs/api/review.md): one unit with every annotator's
answer in a round side by side (the disagreement view's, annotations/selectors/admin.py),
the review decisions on its sentences, the gold of each layer with its provenance, and the
admin's own saved gold values under their adjudication assignment's handles."""

from __future__ import annotations

from typing import Any

from annotations.agreement.gold import Gold, decided, types_by_count
from annotations.handles import encode_many
from annotations.kinds import round_kinds
from annotations.kinds.blinding import states_out
from annotations.kinds.rows import saved_states
from annotations.models import (
    ANNOTATION_ROUND_KINDS,
    AdjudicationCase,
    Assignment,
    AssignmentStage,
    ReviewDecision,
    Round,
    RoundKind,
    SecondReview,
    SentenceJudgement,
    SummaryJudgement,
)
from annotations.selectors.adjudication_facts import fact_answers, given_acus
from annotations.selectors.admin import disagreement_unit
from annotations.selectors.release_gold import TIE_RULES
from annotations.selectors.workspace_sql import taxonomy


def _history(kind: str, ids: dict[tuple[int, str], int], target: int, rater: str) -> Any:
    pk = ids.get((target, rater))
    return None if pk is None else {"kind": kind, "id": pk}


def adjudication_payload(*, assignment: Assignment, round: Round | None) -> dict[str, Any]:
    """``assignment``: an admin's unit in the adjudication round; ``round``: the annotation
    round whose answers to show (None: the latest that has the unit)."""
    topic = assignment.topic
    if round is None:
        round = (
            Round.objects.filter(
                project_id=assignment.round.project_id,
                kind__in=ANNOTATION_ROUND_KINDS,
                assignments__topic=topic,
            )
            .order_by("-created_at", "-id")
            .first()
        )
    unit: dict[str, Any] = (
        disagreement_unit(round=round, topic=topic)
        if round is not None
        else {"topic": {"id": topic.pk, "name": topic.name}, "annotators": [], "summaries": []}
    )
    if round is None:
        unit["document"] = {"title": topic.document.title, "turns": []}
        unit["topic_category"] = {}
    sentence_ids = [s["id"] for summary in unit["summaries"] for s in summary["sentences"]]
    summary_ids = [summary["id"] for summary in unit["summaries"]]
    sentence_handles = dict(
        zip(sentence_ids, encode_many(assignment.pk, "sentence", sentence_ids), strict=True)
    )
    summary_handles = dict(
        zip(summary_ids, encode_many(assignment.pk, "summary", summary_ids), strict=True)
    )
    # The judgements behind each answer, for their history.
    people = {"assignment__round": round, "assignment__annotator__isnull": False}
    sentence_rows = {
        (sentence, rater): pk
        for pk, sentence, rater in SentenceJudgement.objects.filter(
            **people, sentence_id__in=sentence_ids
        ).values_list("id", "sentence_id", "assignment__annotator__username")
    }
    summary_rows = {
        (summary, rater): pk
        for pk, summary, rater in SummaryJudgement.objects.filter(
            **people, summary_id__in=summary_ids
        ).values_list("id", "summary_id", "assignment__annotator__username")
    }
    reviews = _reviews(assignment.round.project_id, sentence_ids)
    taxonomy_out = taxonomy(assignment.round.project.taxonomy_id)
    states = saved_states(round_kinds(RoundKind.ADJUDICATION), [assignment.pk]).get(
        assignment.pk, {}
    )
    own_sentences = {s["sentence"]: s for s in states.get("sentence", [])}
    own_summaries = {s["summary"]: s for s in states.get("summary", [])}
    own_topic = next(iter(states.get("topic", [])), None)
    handle_of = {
        "sentence": sentence_handles,
        "summary": summary_handles,
        "acu": given_acus(assignment=assignment, summary_ids=summary_ids),
    }
    facts = fact_answers(assignment=assignment, round=round, handles=handle_of, own=states)
    label_tie = TIE_RULES["sentence_label"].pick
    type_names = {t["id"]: t["name"] for t in taxonomy_out["types"]}
    for summary in unit["summaries"]:
        answers = summary.pop("judgements")
        for rater, answer in answers.items():
            answer["history"] = _history("summaryjudgement", summary_rows, summary["id"], rater)
        mine = own_summaries.get(summary["id"])
        relevance = decided(
            [a["relevance"] for a in answers.values()],
            tie=lambda tied: max(tied),
            adjudicated=mine["relevance"] if mine else None,
        )
        summary.update(
            answers=answers,
            gold={"relevance": {"value": relevance.value, "provenance": relevance.provenance}},
        )
        for sentence in summary["sentences"]:
            given = sentence.pop("judgements")
            for rater, answer in given.items():
                answer["history"] = _history(
                    "sentencejudgement", sentence_rows, sentence["id"], rater
                )
            review = reviews.get(sentence["id"])
            own = own_sentences.get(sentence["id"])
            reviewed = None
            if review is not None and review["second"] == "confirm":
                reviewed = (
                    "consistent" if review["decision"] == "false_positive" else "inconsistent"
                )
            label = decided(
                [a["label"] for a in given.values()],
                tie=label_tie,
                adjudicated=own["label"] if own else None,
                reviewed=reviewed,
            )
            flagged = [a["error_types"] for a in given.values() if a["label"] == "inconsistent"]
            types = _gold_types(
                label,
                flagged,
                adjudicated=[type_names.get(pk, str(pk)) for pk in own["error_types"]]
                if own and own["label"] == "inconsistent"
                else None,
                reviewed=[type_names.get(pk, str(pk)) for pk in review["error_types"]]
                if review is not None and review["decision"] == "types_changed"
                else None,
            )
            sentence.update(
                answers=given,
                review=review,
                # Every rater called it inconsistent, but not with the same types.
                types_disagree=len(flagged) == len(given) >= 2
                and len({frozenset(chosen) for chosen in flagged}) > 1,
                gold={
                    "label": {"value": label.value, "provenance": label.provenance},
                    "error_types": types,
                },
            )
    for summary in unit["summaries"]:
        for sentence in summary["sentences"]:
            sentence["id"] = sentence_handles[sentence["id"]]
        summary["id"] = summary_handles[summary["id"]]
    category_answers = unit.pop("topic_category", {})
    category = decided(
        list(category_answers.values()),
        tie=TIE_RULES["topic_category"].pick,
        adjudicated=own_topic["category"] if own_topic else None,
    )

    judgements = states_out(round_kinds(RoundKind.ADJUDICATION), states, handle_of)
    return {
        "assignment": assignment.pk,
        "round": None if round is None else {"id": round.pk, "name": round.name},
        "topic": unit["topic"],
        "document": unit["document"],
        "raters": unit["annotators"],
        "taxonomy": taxonomy_out,
        "summaries": unit["summaries"],
        "topic_category": {
            "answers": category_answers,
            "gold": {"value": category.value, "provenance": category.provenance},
        },
        "judgements": judgements,
        "key_facts": facts["key_facts"],
        "atomic_facts": facts["atomic_facts"],
        "cases": [
            {
                "id": case.pk,
                "question": case.question,
                "target": _case_target(case.target, sentence_handles, summary_handles),
                "note": case.note,
                "flagged": case.flagged,
            }
            for case in AdjudicationCase.objects.filter(round=assignment.round, topic=topic)
        ],
    }


def _gold_types(
    label: Gold[str],
    flagged: list[list[str]],
    *,
    adjudicated: list[str] | None,
    reviewed: list[str] | None,
) -> dict[str, Any]:
    """The gold error types beside the gold label, in the release's precedence: the admin's
    when they set the label inconsistent; a confirmed review's when it changed the types;
    else (the gold label being inconsistent) the types at least two of the raters who
    flagged it chose (a release's default ``type_min_count``; all of them when fewer flagged
    it)."""
    if adjudicated is not None:
        return {"value": adjudicated, "provenance": "adjudicated"}
    if label.provenance == "reviewed" and label.value == "inconsistent" and reviewed:
        return {"value": reviewed, "provenance": "reviewed"}
    if label.value != "inconsistent" or not flagged:
        return {"value": [], "provenance": label.provenance}
    sets = {frozenset(chosen) for chosen in flagged}
    provenance = "single" if len(flagged) == 1 else "unanimous" if len(sets) == 1 else "majority"
    return {"value": list(types_by_count(flagged, min_count=2)), "provenance": provenance}


def _case_target(target: str, sentences: dict[int, str], summaries: dict[int, str]) -> str | None:
    kind, _, pk = target.partition(":")
    if not pk:
        return None
    return (sentences if kind == "sentence" else summaries).get(int(pk))


def _reviews(project_id: int, sentence_ids: list[int]) -> dict[int, dict[str, Any]]:
    """sentence id -> its latest review decision (with the types a "types changed" decision
    chose, by id) and the second reviewer's verdict on it."""
    decisions = {
        (round_id, sentence): (pk, decision, note, version)
        for pk, round_id, sentence, decision, note, version in ReviewDecision.objects.filter(
            assignment__round__project_id=project_id,
            assignment__stage=AssignmentStage.REVIEW,
            sentence_id__in=sentence_ids,
        )
        .exclude(decision="")
        .order_by("updated_at")
        .values_list("id", "assignment__round_id", "sentence_id", "decision", "note", "version")
    }
    chosen: dict[int, list[int]] = {}
    for decision_id, type_id in ReviewDecision.error_types.through.objects.filter(
        reviewdecision_id__in=[pk for pk, *_ in decisions.values()]
    ).values_list("reviewdecision_id", "errortype_id"):
        chosen.setdefault(decision_id, []).append(type_id)
    verdicts = {
        (round_id, sentence): (verdict, note, seen)
        for round_id, sentence, verdict, note, seen in SecondReview.objects.filter(
            assignment__round__project_id=project_id, sentence_id__in=sentence_ids
        ).values_list("assignment__round_id", "sentence_id", "verdict", "note", "reviewed_version")
    }
    reviews: dict[int, dict[str, Any]] = {}
    for (round_id, sentence), (pk, decision, note, version) in decisions.items():
        verdict, second_note, seen = verdicts.get((round_id, sentence), ("", "", 0))
        reviews[sentence] = {
            "decision": decision,
            "note": note,
            "error_types": sorted(chosen.get(pk, [])),
            "second": verdict if seen == version else "",
            "second_note": second_note if seen == version else "",
        }
    return reviews
