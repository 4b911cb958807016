"""Evidence in the dialogue, checked the same way wherever it is linked: an error span's
evidence and an atomic fact's (one evidence-linking rule, one component in the workspace)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.db.models.functions import Length

from annotations.kinds.spec import Child, Unit, unit_memo
from annotations.models import Turn


def turn_lengths(topic_id: int) -> dict[int, int]:
    """The unit's dialogue turns: id -> length in characters."""
    return dict(
        Turn.objects.filter(document__topics__id=topic_id)
        .annotate(length=Length("text"))
        .values_list("pk", "length")
    )


def evidence_child(model: type[Any], parent: str) -> Child:
    """The evidence rows under ``parent`` (an error span, an atomic fact): turn, offsets."""
    return Child(
        "evidence",
        model,
        parent=parent,
        fields=("turn", "start", "end"),
        order_by=("turn", "start", "end"),
    )


def evidence_errors(unit: Unit, linked: Iterable[tuple[str, Mapping[str, Any]]]) -> list[str]:
    """What is wrong with the evidence of each ``(where, item)``: every piece inside a turn
    of this unit's dialogue, and none when the item says there is none in the dialogue. The
    dialogue's turns are read once per transaction, and only when evidence is linked."""
    linked = list(linked)
    linking = any(item["evidence"] for _, item in linked)
    turns: dict[int, int] = (
        unit_memo(unit, "turn_lengths", lambda: turn_lengths(unit.topic_id)) if linking else {}
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
