from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.error_typing_round_input_kind_enum import ErrorTypingRoundInputKindEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.round_topic_units import RoundTopicUnits


T = TypeVar("T", bound="ErrorTypingRoundInput")


@_attrs_define
class ErrorTypingRoundInput:
    """docs/api/review.md: several annotators type each inconsistent sentence's errors.

    Attributes:
        name (str):
        overlap (int):
        guideline_version (int):
        annotators (list[str]): Usernames of the project's annotators (reviewers for a review round), each once.
        kind (ErrorTypingRoundInputKindEnum): * `error_typing` - error_typing
        source_rounds (list[int]): The practice, pilot or production rounds whose labels it takes.
        type_min_count (int | Unset): A type is gold when at least this many chose it. Default: 2.
        units (RoundTopicUnits | Unset): The units chosen by hand.
    """

    name: str
    overlap: int
    guideline_version: int
    annotators: list[str]
    kind: ErrorTypingRoundInputKindEnum
    source_rounds: list[int]
    type_min_count: int | Unset = 2
    units: RoundTopicUnits | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        overlap = self.overlap

        guideline_version = self.guideline_version

        annotators = self.annotators

        kind = self.kind.value

        source_rounds = self.source_rounds

        type_min_count = self.type_min_count

        units: dict[str, Any] | Unset = UNSET
        if not isinstance(self.units, Unset):
            units = self.units.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "overlap": overlap,
                "guideline_version": guideline_version,
                "annotators": annotators,
                "kind": kind,
                "source_rounds": source_rounds,
            }
        )
        if type_min_count is not UNSET:
            field_dict["type_min_count"] = type_min_count
        if units is not UNSET:
            field_dict["units"] = units

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.round_topic_units import RoundTopicUnits

        d = dict(src_dict)
        name = d.pop("name")

        overlap = d.pop("overlap")

        guideline_version = d.pop("guideline_version")

        annotators = cast(list[str], d.pop("annotators"))

        kind = ErrorTypingRoundInputKindEnum(d.pop("kind"))

        source_rounds = cast(list[int], d.pop("source_rounds"))

        type_min_count = d.pop("type_min_count", UNSET)

        _units = d.pop("units", UNSET)
        units: RoundTopicUnits | Unset
        if isinstance(_units, Unset):
            units = UNSET
        else:
            units = RoundTopicUnits.from_dict(_units)

        error_typing_round_input = cls(
            name=name,
            overlap=overlap,
            guideline_version=guideline_version,
            annotators=annotators,
            kind=kind,
            source_rounds=source_rounds,
            type_min_count=type_min_count,
            units=units,
        )

        return error_typing_round_input
