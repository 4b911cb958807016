"""A linguist's verdicts on evaluators' explanations of one item of an explanation round
(TofuEval Appendix H; docs/evaluation.md, "Explanation meta-annotation").

Like a round's given atomic facts (kinds/atomic_facts.py): the sheet lists the item's
explanations, each named by its handle, with a verdict; the first save sends them all, later
ones change verdicts. Completion: every explanation has a verdict.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from annotations.kinds.spec import Child, Kind, Unit
from annotations.models import ExplanationItem, ExplanationJudgement, ExplanationSheet

JUDGEMENTS = Child(
    "explanations",
    ExplanationJudgement,
    parent="sheet",
    fields=("position", "item", "verdict"),
    order_by=("position",),
    handles=(("item", "explanation"),),
)


def missing(state: Mapping[str, Any] | None, scheme: Mapping[str, bool]) -> list[str]:
    """A verdict on each explanation of the item."""
    if state is None or not state["explanations"]:
        return ["explanations"]
    return [f"verdict:{row['position']}" for row in state["explanations"] if not row["verdict"]]


def check_explanations(
    unit: Unit, sentence_id: int | None, changes: Mapping[str, Any]
) -> dict[str, list[str]]:
    """The item's explanations in this round, each once, numbered 1..n."""
    rows = sorted(changes.get("explanations", []), key=lambda row: row["position"])
    given = set(
        ExplanationItem.objects.filter(round_id=unit.round_id, sentence_id=sentence_id).values_list(
            "id", flat=True
        )
    )
    errors: list[str] = []
    positions = [row["position"] for row in rows]
    if positions != list(range(1, len(rows) + 1)):
        errors.append(f"explanations must be numbered 1 to {len(rows)}, not {positions}")
    sent = [row["item"] for row in rows]
    if len(set(sent)) != len(sent) or set(sent) != given:
        errors.append(
            f"send each of this item's {len(given)} explanations once (their handles, as the"
            " payload lists them)"
        )
    return {"explanations": errors} if errors else {}


EXPLANATIONS = Kind(
    key="explanations",
    payload_key="explanations",
    model=ExplanationSheet,
    target="sentence",
    scalars=(),
    children=(JUDGEMENTS,),
    check=check_explanations,
    asked_by=("explanation",),
    missing=missing,
    items_only=True,
    messages={
        "explanations": "judge each evaluator explanation.",
        "verdict": "judge explanation {0}: same error, partially, different, or model wrong.",
    },
)

__all__ = ["EXPLANATIONS"]
