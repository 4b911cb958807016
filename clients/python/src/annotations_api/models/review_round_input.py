from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.review_round_input_kind_enum import ReviewRoundInputKindEnum
from ..models.review_scope_enum import ReviewScopeEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.round_topic_units import RoundTopicUnits


T = TypeVar("T", bound="ReviewRoundInput")


@_attrs_define
class ReviewRoundInput:
    """docs/api/review.md: each item has one first reviewer and a second one.

    Attributes:
        name (str):
        guideline_version (int):
        annotators (list[str]): Usernames of the project's reviewers, each once: at least two, as every decision has a
            second reviewer.
        kind (ReviewRoundInputKindEnum): * `review` - review
        source_rounds (list[int]): The practice, pilot or production rounds whose labels it takes.
        overlap (int | Unset): Always 1: one first reviewer per item. Default: 1.
        review_scope (ReviewScopeEnum | Unset): * `any` - any
            * `gold` - gold Default: ReviewScopeEnum.ANY.
        units (RoundTopicUnits | Unset): The units chosen by hand.
    """

    name: str
    guideline_version: int
    annotators: list[str]
    kind: ReviewRoundInputKindEnum
    source_rounds: list[int]
    overlap: int | Unset = 1
    review_scope: ReviewScopeEnum | Unset = ReviewScopeEnum.ANY
    units: RoundTopicUnits | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        guideline_version = self.guideline_version

        annotators = self.annotators

        kind = self.kind.value

        source_rounds = self.source_rounds

        overlap = self.overlap

        review_scope: str | Unset = UNSET
        if not isinstance(self.review_scope, Unset):
            review_scope = self.review_scope.value

        units: dict[str, Any] | Unset = UNSET
        if not isinstance(self.units, Unset):
            units = self.units.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "guideline_version": guideline_version,
                "annotators": annotators,
                "kind": kind,
                "source_rounds": source_rounds,
            }
        )
        if overlap is not UNSET:
            field_dict["overlap"] = overlap
        if review_scope is not UNSET:
            field_dict["review_scope"] = review_scope
        if units is not UNSET:
            field_dict["units"] = units

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.round_topic_units import RoundTopicUnits

        d = dict(src_dict)
        name = d.pop("name")

        guideline_version = d.pop("guideline_version")

        annotators = cast(list[str], d.pop("annotators"))

        kind = ReviewRoundInputKindEnum(d.pop("kind"))

        source_rounds = cast(list[int], d.pop("source_rounds"))

        overlap = d.pop("overlap", UNSET)

        _review_scope = d.pop("review_scope", UNSET)
        review_scope: ReviewScopeEnum | Unset
        if isinstance(_review_scope, Unset):
            review_scope = UNSET
        else:
            review_scope = ReviewScopeEnum(_review_scope)

        _units = d.pop("units", UNSET)
        units: RoundTopicUnits | Unset
        if isinstance(_units, Unset):
            units = UNSET
        else:
            units = RoundTopicUnits.from_dict(_units)

        review_round_input = cls(
            name=name,
            guideline_version=guideline_version,
            annotators=annotators,
            kind=kind,
            source_rounds=source_rounds,
            overlap=overlap,
            review_scope=review_scope,
            units=units,
        )

        return review_round_input
