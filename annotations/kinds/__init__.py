"""The judgement kinds, each one small spec (docs/kinds.md). Adding a kind: write its spec
module, list it here, give the API a serializer and the frontend a module."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from annotations.kinds.atomic_facts import ATOMIC_FACTS
from annotations.kinds.explanations import EXPLANATIONS
from annotations.kinds.key_facts import KEY_FACTS
from annotations.kinds.review import REVIEW, SECOND_REVIEW, TYPING
from annotations.kinds.sentence import SENTENCE
from annotations.kinds.spec import IdSet, Kind
from annotations.kinds.summary import SUMMARY
from annotations.kinds.topic import TOPIC
from annotations.models import ITEM_ROUND_KINDS, AssignmentStage, RoundKind

# In reading order: what a linguist answers first comes first (submit lists missing items
# in this order within each summary). Read through ``all_kinds()``, so that a kind
# registered later (``registered``) is seen by every layer.
KINDS: tuple[Kind, ...] = (
    SENTENCE,
    SUMMARY,
    ATOMIC_FACTS,
    TOPIC,
    KEY_FACTS,
    REVIEW,
    SECOND_REVIEW,
    TYPING,
    EXPLANATIONS,
)
BY_KEY: dict[str, Kind] = {kind.key: kind for kind in KINDS}
_registry: list[tuple[Kind, ...]] = [KINDS]


def all_kinds() -> tuple[Kind, ...]:
    """The registered kinds, in reading order."""
    return _registry[-1]


@contextmanager
def registered(kind: Kind) -> Iterator[Kind]:
    """Register ``kind`` for the duration of the block: how a test adds a kind without
    editing any layer (tests/kinds/test_new_kind.py, docs/kinds.md)."""
    if any(existing.key == kind.key for existing in all_kinds()):
        raise ValueError(f"a kind {kind.key!r} is already registered")
    _registry.append((*all_kinds(), kind))
    BY_KEY[kind.key] = kind
    try:
        yield kind
    finally:
        _registry.pop()
        del BY_KEY[kind.key]


def round_kinds(round_kind: str) -> tuple[Kind, ...]:
    """The kinds an assignment of a round of this kind answers: the item kinds in review and
    error-typing rounds, the others (the project's scheme) in every other round."""
    items = round_kind in ITEM_ROUND_KINDS
    return tuple(kind for kind in all_kinds() if kind.items_only == items)


def round_scheme(scheme: dict[str, bool], *, round_kind: str, stage: str) -> dict[str, bool]:
    """What an assignment is asked, by its round: the project's scheme in annotation (and
    adjudication) rounds; in a review round the answer of the assignment's stage; in an
    error-typing round the types only (docs/review.md); in an explanation round the verdicts
    on the explanations (docs/evaluation.md)."""
    if round_kind == RoundKind.REVIEW:
        return {
            "review": stage == AssignmentStage.REVIEW,
            "second_review": stage == AssignmentStage.SECOND_REVIEW,
            "error_types": scheme.get("error_types", False),
        }
    if round_kind == RoundKind.ERROR_TYPING:
        return {"error_typing": True, "error_types": True}
    if round_kind == RoundKind.EXPLANATION:
        return {"explanation": True}
    return scheme


def scheme_in_effect(scheme: dict[str, bool], *, taxonomy_has_types: bool) -> dict[str, bool]:
    """The scheme the completion rules apply: error types cannot be asked for when the
    project's taxonomy has none to choose from (the workspace then shows no picker)."""
    return {**scheme, "error_types": scheme.get("error_types", False) and taxonomy_has_types}


__all__ = [
    "ATOMIC_FACTS",
    "BY_KEY",
    "EXPLANATIONS",
    "KEY_FACTS",
    "KINDS",
    "REVIEW",
    "SECOND_REVIEW",
    "SENTENCE",
    "SUMMARY",
    "TOPIC",
    "TYPING",
    "IdSet",
    "Kind",
    "all_kinds",
    "registered",
    "round_kinds",
    "round_scheme",
    "scheme_in_effect",
]
