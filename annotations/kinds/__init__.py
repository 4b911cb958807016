"""The judgement kinds, each one small spec (docs/kinds.md). Adding a kind: write its spec
module, list it here, give the API a serializer and the frontend a module."""

from __future__ import annotations

from annotations.kinds.sentence import SENTENCE
from annotations.kinds.spec import IdSet, Kind
from annotations.kinds.summary import SUMMARY
from annotations.kinds.topic import TOPIC

# In reading order: what a linguist answers first comes first (submit lists missing items
# in this order within each summary).
KINDS: tuple[Kind, ...] = (SENTENCE, SUMMARY, TOPIC)
BY_KEY: dict[str, Kind] = {kind.key: kind for kind in KINDS}


def scheme_in_effect(scheme: dict[str, bool], *, taxonomy_has_types: bool) -> dict[str, bool]:
    """The scheme the completion rules apply: error types cannot be asked for when the
    project's taxonomy has none to choose from (the workspace then shows no picker)."""
    return {**scheme, "error_types": scheme.get("error_types", False) and taxonomy_has_types}


__all__ = [
    "BY_KEY",
    "KINDS",
    "SENTENCE",
    "SUMMARY",
    "TOPIC",
    "IdSet",
    "Kind",
    "scheme_in_effect",
]
