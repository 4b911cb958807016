"""A unit's key facts and their alignment to its summaries (completeness, conciseness):
TofuEval's Task 2 key points and FineSurE's key-fact alignment, docs/completeness.md.

One judgement per assignment (``KeyFactSheet``) holds the numbered facts, each with its
alignments: per summary, whether the summary states the fact and, if so, which of its
sentences do. A save replaces the whole list, so reordering or deleting a fact moves or
drops its alignments with it in one versioned step. In a round with a given list
(``Round.key_fact_source``), the facts are the list's, in its order, and only alignments
change.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from annotations.kinds.spec import Child, Kind, Unit
from annotations.models import (
    AlignedSentence,
    KeyFact,
    KeyFactAlignment,
    KeyFactSheet,
    Summary,
    SummarySentence,
)

MAX_FACTS = 50
FACT_LIMIT = 1000

ALIGNED_SENTENCES = Child(
    "sentences",
    AlignedSentence,
    parent="alignment",
    fields=("sentence",),
    order_by=(),
    handles=(("sentence", "sentence"),),
)
ALIGNMENTS = Child(
    "alignments",
    KeyFactAlignment,
    parent="key_fact",
    fields=("summary", "covered"),
    # As saved, never by summary id: ids are in import order, which is the summarizers'.
    order_by=(),
    children=(ALIGNED_SENTENCES,),
    handles=(("summary", "summary"),),
)
FACTS = Child(
    "facts",
    KeyFact,
    parent="sheet",
    fields=("position", "text", "given"),
    order_by=("position",),
    children=(ALIGNMENTS,),
)


def missing(state: Mapping[str, Any] | None, scheme: Mapping[str, bool]) -> list[str]:
    """Some key facts, and for each fact a summary states, the sentences that state it."""
    if state is None or not state["facts"]:
        return ["key_facts"]
    return [
        f"sentences:{fact['position']}"
        for fact in state["facts"]
        if any(a["covered"] and not a["sentences"] for a in fact["alignments"])
    ]


def missing_in_summary(
    state: Mapping[str, Any] | None, summary: Any, scheme: Mapping[str, bool]
) -> list[str]:
    """Each fact decided for the summary: stated by it or not."""
    if state is None:
        return []
    return [
        f"coverage:{fact['position']}"
        for fact in state["facts"]
        if not any(a["summary"] == summary for a in fact["alignments"])
    ]


def check_key_facts(
    unit: Unit, target_id: int | None, changes: Mapping[str, Any]
) -> dict[str, list[str]]:
    """Numbered 1..n; written facts have text, given facts are the round's list in order;
    each alignment names a summary of this unit once per fact, and only its sentences."""
    if not unit.scheme.get("completeness", False):
        return {"facts": ["this project does not ask for key facts"]}
    facts = changes.get("facts", [])
    errors: list[str] = []
    if len(facts) > MAX_FACTS:
        errors.append(f"at most {MAX_FACTS} key facts, not {len(facts)}")
    positions = [fact["position"] for fact in facts]
    if sorted(positions) != list(range(1, len(facts) + 1)):
        errors.append(f"key facts must be numbered 1 to {len(facts)}, not {sorted(positions)}")
    if unit.key_fact_source:
        given = list(
            KeyFact.objects.filter(
                given_list__topic_id=unit.topic_id, given_list__source=unit.key_fact_source
            )
            .order_by("position")
            .values_list("id", "text")
        )
        sent = [
            (fact["given"], fact["text"]) for fact in sorted(facts, key=lambda f: f["position"])
        ]
        if sent != given:
            errors.append(
                f"this round aligns the given {unit.key_fact_source!r} list of {len(given)} key"
                " facts: send them as given (their ids and texts, in order); they cannot be edited"
            )
    else:
        for fact in facts:
            if fact["given"] is not None:
                errors.append(
                    f"key fact {fact['position']}: this round's key facts are written, not given"
                )
            if not fact["text"].strip():
                errors.append(f"key fact {fact['position']}: write the fact (it is empty)")
            elif len(fact["text"]) > FACT_LIMIT:
                errors.append(f"key fact {fact['position']}: at most {FACT_LIMIT} characters")
    summaries = set(Summary.objects.filter(topic_id=unit.topic_id).values_list("id", flat=True))
    sentence_ids = {
        s
        for fact in facts
        for a in fact["alignments"]
        for s in (x["sentence"] for x in a["sentences"])
    }
    summary_of = (
        dict(SummarySentence.objects.filter(pk__in=sentence_ids).values_list("id", "summary_id"))
        if sentence_ids
        else {}
    )
    for fact in facts:
        where = f"key fact {fact['position']}"
        seen: set[int] = set()
        for alignment in fact["alignments"]:
            summary = alignment["summary"]
            if summary not in summaries:
                errors.append(f"{where}: a summary that is not in this unit")
                continue
            if summary in seen:
                errors.append(f"{where}: aligned twice with the same summary")
            seen.add(summary)
            aligned = [item["sentence"] for item in alignment["sentences"]]
            if not alignment["covered"] and aligned:
                errors.append(f"{where}: sentences aligned with a summary that does not state it")
            if len(set(aligned)) != len(aligned):
                errors.append(f"{where}: a sentence aligned twice")
            if any(summary_of.get(sentence) != summary for sentence in aligned):
                errors.append(f"{where}: a sentence that is not in the aligned summary")
    return {"facts": errors} if errors else {}


KEY_FACTS = Kind(
    key="key_facts",
    payload_key="key_facts",
    model=KeyFactSheet,
    target="unit",
    scalars=(),
    children=(FACTS,),
    check=check_key_facts,
    asked_by=("completeness",),
    missing=missing,
    missing_in_summary=missing_in_summary,
    messages={
        "key_facts": "write the topic's key facts (or align the given ones).",
        "sentences": "mark the sentences that state key fact {0}.",
        "coverage": "say whether it states key fact {0}.",
    },
)
