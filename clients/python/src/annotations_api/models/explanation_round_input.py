from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.explanation_round_input_kind_enum import ExplanationRoundInputKindEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="ExplanationRoundInput")


@_attrs_define
class ExplanationRoundInput:
    """docs/evaluation.md, "Explanation meta-annotation".

    Attributes:
        name (str):
        overlap (int):
        guideline_version (int):
        annotators (list[str]): Usernames of the project's annotators (reviewers for a review round), each once.
        kind (ExplanationRoundInputKindEnum): * `explanation` - explanation
        release (int): The published release whose evaluator runs are judged.
        evaluators (list[str] | Unset): The evaluators whose explanations are judged (all if empty).
    """

    name: str
    overlap: int
    guideline_version: int
    annotators: list[str]
    kind: ExplanationRoundInputKindEnum
    release: int
    evaluators: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        overlap = self.overlap

        guideline_version = self.guideline_version

        annotators = self.annotators

        kind = self.kind.value

        release = self.release

        evaluators: list[str] | Unset = UNSET
        if not isinstance(self.evaluators, Unset):
            evaluators = self.evaluators

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "overlap": overlap,
                "guideline_version": guideline_version,
                "annotators": annotators,
                "kind": kind,
                "release": release,
            }
        )
        if evaluators is not UNSET:
            field_dict["evaluators"] = evaluators

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        overlap = d.pop("overlap")

        guideline_version = d.pop("guideline_version")

        annotators = cast(list[str], d.pop("annotators"))

        kind = ExplanationRoundInputKindEnum(d.pop("kind"))

        release = d.pop("release")

        evaluators = cast(list[str], d.pop("evaluators", UNSET))

        explanation_round_input = cls(
            name=name,
            overlap=overlap,
            guideline_version=guideline_version,
            annotators=annotators,
            kind=kind,
            release=release,
            evaluators=evaluators,
        )

        return explanation_round_input
