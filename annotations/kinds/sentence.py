"""A sentence's factual consistency: its label, the explanation and error types of an
inconsistent one (TofuEval's sentence-level judgement)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from annotations.kinds.spec import IdSet, Kind
from annotations.models import ConsistencyLabel, ErrorType, SentenceJudgement


def unknown_error_types(taxonomy_id: int, type_ids: list[int]) -> list[int]:
    """The ids among ``type_ids`` that are not types of the project's taxonomy, sorted."""
    wanted = set(type_ids)
    if not wanted:
        return []
    known = set(
        ErrorType.objects.filter(taxonomy_id=taxonomy_id, pk__in=wanted).values_list(
            "pk", flat=True
        )
    )
    return sorted(wanted - known)


def missing(state: Mapping[str, Any] | None, scheme: Mapping[str, bool]) -> list[str]:
    """A consistent sentence is done; an inconsistent one needs an explanation, and error
    types when the scheme asks for them."""
    if state is None or not state["label"]:
        return ["label"]
    if state["label"] == ConsistencyLabel.CONSISTENT:
        return []
    items = []
    if not state["explanation"].strip():
        items.append("explanation")
    if scheme.get("error_types", False) and not state["error_types"]:
        items.append("error_types")
    return items


SENTENCE = Kind(
    key="sentence",
    payload_key="sentences",
    model=SentenceJudgement,
    target="sentence",
    scalars=("label", "explanation", "comment", "confidence"),
    id_sets=(IdSet("error_types", noun="error type", unknown=unknown_error_types),),
    asked_by=("consistency",),
    missing=missing,
    stamps_guideline=True,
    messages={
        "label": "choose consistent or inconsistent.",
        "explanation": "explain the inconsistency.",
        "error_types": "pick at least one error type.",
    },
)
