"""Evidence in the dialogue, checked the same way wherever it is linked: an error span's
evidence and an atomic fact's (one evidence-linking rule, one component in the workspace)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.db.models.functions import Length

from annotations.kinds.spec import Child
from annotations.models import Turn


def evidence_child(model: type[Any], parent: str) -> Child:
    """The evidence rows under ``parent`` (an error span, an atomic fact): turn, offsets."""
    return Child(
        "evidence",
        model,
        parent=parent,
        fields=("turn", "start", "end"),
        order_by=("turn", "start", "end"),
    )


def evidence_errors(topic_id: int, linked: Iterable[tuple[str, Mapping[str, Any]]]) -> list[str]:
    """What is wrong with the evidence of each ``(where, item)``: every piece inside a turn
    of this unit's dialogue, and none when the item says there is none in the dialogue. One
    query for all of them."""
    linked = list(linked)
    turn_ids = {piece["turn"] for _, item in linked for piece in item["evidence"]}
    turns = (
        dict(
            Turn.objects.filter(pk__in=turn_ids, document__topics__id=topic_id)
            .annotate(length=Length("text"))
            .values_list("pk", "length")
        )
        if turn_ids
        else {}
    )
    errors: list[str] = []
    for where, item in linked:
        if item.get("no_evidence") and item["evidence"]:
            errors.append(f"{where}: has evidence but says there is none in the dialogue")
        for piece in item["evidence"]:
            turn_length = turns.get(piece["turn"])
            if turn_length is None:
                errors.append(f"{where}: turn {piece['turn']} is not in this unit's dialogue")
            elif not 0 <= piece["start"] < piece["end"] <= turn_length:
                errors.append(
                    f"{where}: evidence [{piece['start']}, {piece['end']}) must lie inside"
                    f" turn {piece['turn']}'s {turn_length} characters"
                )
    return errors
