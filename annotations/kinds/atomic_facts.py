"""A summary's atomic facts (atomic content units, ACUs) verified against the dialogue:
ACUEval's and RoSE's fine-grained checks, docs/completeness.md.

One judgement per (assignment, summary) (``AtomicFactSheet``) holds the numbered facts,
each with its verdict (supported or not), optional evidence in the dialogue (linked as an
error span's is) and, for facts the linguist wrote, the sentence it was split from. In a
round with given ACUs (``Round.given_atomic_facts``) the facts are the summary's given
ones, in order, and only verdicts and evidence change.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from annotations.kinds.evidence import evidence_child, evidence_errors
from annotations.kinds.spec import Child, Kind, Unit
from annotations.models import (
    AtomicEvidence,
    AtomicFact,
    AtomicFactSheet,
    RoundKind,
    SummarySentence,
)

MAX_FACTS = 60
FACT_LIMIT = 1000

FACTS = Child(
    "facts",
    AtomicFact,
    parent="sheet",
    fields=("position", "text", "given", "sentence", "verdict", "no_evidence"),
    order_by=("position",),
    children=(evidence_child(AtomicEvidence, parent="fact"),),
    handles=(("sentence", "sentence"), ("given", "acu")),
)


def missing(state: Mapping[str, Any] | None, scheme: Mapping[str, bool]) -> list[str]:
    """Some atomic facts, each with a verdict."""
    if state is None or not state["facts"]:
        return ["atomic_facts"]
    return [f"verdict:{fact['position']}" for fact in state["facts"] if not fact["verdict"]]


def check_atomic_facts(
    unit: Unit, summary_id: int | None, changes: Mapping[str, Any]
) -> dict[str, list[str]]:
    """Numbered 1..n; written facts have text and name sentences of this summary, given ones
    are the summary's given ACUs in order; evidence inside this unit's dialogue."""
    assert summary_id is not None  # a summary kind always has its summary
    if not unit.scheme.get("atomic_facts", False):
        return {"facts": ["this project does not ask for atomic facts"]}
    facts = sorted(changes.get("facts", []), key=lambda fact: fact["position"])
    errors: list[str] = []
    if len(facts) > MAX_FACTS:
        errors.append(f"at most {MAX_FACTS} atomic facts, not {len(facts)}")
    positions = [fact["position"] for fact in facts]
    if positions != list(range(1, len(facts) + 1)):
        errors.append(f"atomic facts must be numbered 1 to {len(facts)}, not {positions}")
    if unit.given_atomic_facts:
        given = list(
            AtomicFact.objects.filter(given_for_id=summary_id)
            .order_by("position")
            .values_list("id", "text")
        )
        if [(fact["given"], fact["text"]) for fact in facts] != given:
            errors.append(
                f"this round verifies the summary's {len(given)} given atomic facts: send them"
                " as given (their ids and texts, in order); they cannot be edited"
            )
    else:
        sentences = set(
            SummarySentence.objects.filter(summary_id=summary_id).values_list("id", flat=True)
        )
        # An admin adjudicating may keep a rater's verdicts on the given ACUs as given (so
        # RoSE's reference ACUs keep their gold verdicts); linguists of a written round write.
        adjudicating = unit.round_kind == RoundKind.ADJUDICATION
        given_texts = (
            dict(AtomicFact.objects.filter(given_for_id=summary_id).values_list("id", "text"))
            if adjudicating and any(fact["given"] is not None for fact in facts)
            else {}
        )
        for fact in facts:
            where = f"atomic fact {fact['position']}"
            if fact["given"] is not None and not adjudicating:
                errors.append(f"{where}: this round's atomic facts are written, not given")
            elif fact["given"] is not None and given_texts.get(fact["given"]) != fact["text"]:
                errors.append(
                    f"{where}: a given atomic fact is one of this summary's, with its text"
                )
            if not fact["text"].strip():
                errors.append(f"{where}: write the fact (it is empty)")
            elif len(fact["text"]) > FACT_LIMIT:
                errors.append(f"{where}: at most {FACT_LIMIT} characters")
            if fact["sentence"] is not None and fact["sentence"] not in sentences:
                errors.append(f"{where}: its sentence is not in this summary")
    errors += evidence_errors(unit, ((f"atomic fact {fact['position']}", fact) for fact in facts))
    return {"facts": errors} if errors else {}


ATOMIC_FACTS = Kind(
    key="atomic_facts",
    payload_key="atomic_facts",
    model=AtomicFactSheet,
    target="summary",
    scalars=(),
    children=(FACTS,),
    check=check_atomic_facts,
    asked_by=("atomic_facts",),
    missing=missing,
    messages={
        "atomic_facts": "write or verify its atomic facts.",
        "verdict": "say whether atomic fact {0} is supported by the dialogue.",
    },
)
