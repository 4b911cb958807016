from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.explanations_state import ExplanationsState
    from ..models.review_state import ReviewState
    from ..models.second_review_state import SecondReviewState
    from ..models.typing_state import TypingState


T = TypeVar("T", bound="ItemJudgementsOutput")


@_attrs_define
class ItemJudgementsOutput:
    """
    Attributes:
        reviews (list[ReviewState]):
        second_reviews (list[SecondReviewState]):
        typings (list[TypingState]):
        explanations (list[ExplanationsState]):
    """

    reviews: list[ReviewState]
    second_reviews: list[SecondReviewState]
    typings: list[TypingState]
    explanations: list[ExplanationsState]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reviews = []
        for reviews_item_data in self.reviews:
            reviews_item = reviews_item_data.to_dict()
            reviews.append(reviews_item)

        second_reviews = []
        for second_reviews_item_data in self.second_reviews:
            second_reviews_item = second_reviews_item_data.to_dict()
            second_reviews.append(second_reviews_item)

        typings = []
        for typings_item_data in self.typings:
            typings_item = typings_item_data.to_dict()
            typings.append(typings_item)

        explanations = []
        for explanations_item_data in self.explanations:
            explanations_item = explanations_item_data.to_dict()
            explanations.append(explanations_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reviews": reviews,
                "second_reviews": second_reviews,
                "typings": typings,
                "explanations": explanations,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.explanations_state import ExplanationsState
        from ..models.review_state import ReviewState
        from ..models.second_review_state import SecondReviewState
        from ..models.typing_state import TypingState

        d = dict(src_dict)
        reviews = []
        _reviews = d.pop("reviews")
        for reviews_item_data in _reviews:
            reviews_item = ReviewState.from_dict(reviews_item_data)

            reviews.append(reviews_item)

        second_reviews = []
        _second_reviews = d.pop("second_reviews")
        for second_reviews_item_data in _second_reviews:
            second_reviews_item = SecondReviewState.from_dict(second_reviews_item_data)

            second_reviews.append(second_reviews_item)

        typings = []
        _typings = d.pop("typings")
        for typings_item_data in _typings:
            typings_item = TypingState.from_dict(typings_item_data)

            typings.append(typings_item)

        explanations = []
        _explanations = d.pop("explanations")
        for explanations_item_data in _explanations:
            explanations_item = ExplanationsState.from_dict(explanations_item_data)

            explanations.append(explanations_item)

        item_judgements_output = cls(
            reviews=reviews,
            second_reviews=second_reviews,
            typings=typings,
            explanations=explanations,
        )

        item_judgements_output.additional_properties = d
        return item_judgements_output

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
