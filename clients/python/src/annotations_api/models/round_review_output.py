from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.rates_output import RatesOutput
    from ..models.reviewer_progress_output import ReviewerProgressOutput


T = TypeVar("T", bound="RoundReviewOutput")


@_attrs_define
class RoundReviewOutput:
    """
    Attributes:
        reviewers (list[ReviewerProgressOutput]):
        items (int):
        decided (int):
        confirmed (int):
        disputed (int):
        false_positive_rate (RatesOutput):
    """

    reviewers: list[ReviewerProgressOutput]
    items: int
    decided: int
    confirmed: int
    disputed: int
    false_positive_rate: RatesOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reviewers = []
        for reviewers_item_data in self.reviewers:
            reviewers_item = reviewers_item_data.to_dict()
            reviewers.append(reviewers_item)

        items = self.items

        decided = self.decided

        confirmed = self.confirmed

        disputed = self.disputed

        false_positive_rate = self.false_positive_rate.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reviewers": reviewers,
                "items": items,
                "decided": decided,
                "confirmed": confirmed,
                "disputed": disputed,
                "false_positive_rate": false_positive_rate,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rates_output import RatesOutput
        from ..models.reviewer_progress_output import ReviewerProgressOutput

        d = dict(src_dict)
        reviewers = []
        _reviewers = d.pop("reviewers")
        for reviewers_item_data in _reviewers:
            reviewers_item = ReviewerProgressOutput.from_dict(reviewers_item_data)

            reviewers.append(reviewers_item)

        items = d.pop("items")

        decided = d.pop("decided")

        confirmed = d.pop("confirmed")

        disputed = d.pop("disputed")

        false_positive_rate = RatesOutput.from_dict(d.pop("false_positive_rate"))

        round_review_output = cls(
            reviewers=reviewers,
            items=items,
            decided=decided,
            confirmed=confirmed,
            disputed=disputed,
            false_positive_rate=false_positive_rate,
        )

        round_review_output.additional_properties = d
        return round_review_output

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
