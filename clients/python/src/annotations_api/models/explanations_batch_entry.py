from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.explanation_verdict_input import ExplanationVerdictInput


T = TypeVar("T", bound="ExplanationsBatchEntry")


@_attrs_define
class ExplanationsBatchEntry:
    """A save of a explanations judgement in a batch: its kind, its sentence's handle, the version it edits and at least
    one change.

        Attributes:
            version (int): The judgement's version this edits (0: never saved).
            explanations (list[ExplanationVerdictInput]): The item's explanations, all of them, each with its verdict (''
                until judged).
            kind (str): The judgement's kind: explanations.
            handle (str): The sentence's handle in this assignment (never a database id).
    """

    version: int
    explanations: list[ExplanationVerdictInput]
    kind: str
    handle: str

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        explanations = []
        for explanations_item_data in self.explanations:
            explanations_item = explanations_item_data.to_dict()
            explanations.append(explanations_item)

        kind = self.kind

        handle = self.handle

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "explanations": explanations,
                "kind": kind,
                "handle": handle,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.explanation_verdict_input import ExplanationVerdictInput

        d = dict(src_dict)
        version = d.pop("version")

        explanations = []
        _explanations = d.pop("explanations")
        for explanations_item_data in _explanations:
            explanations_item = ExplanationVerdictInput.from_dict(explanations_item_data)

            explanations.append(explanations_item)

        kind = d.pop("kind")

        handle = d.pop("handle")

        explanations_batch_entry = cls(
            version=version,
            explanations=explanations,
            kind=kind,
            handle=handle,
        )

        return explanations_batch_entry
