from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.adjudicated_sentence_output_answers import AdjudicatedSentenceOutputAnswers
    from ..models.sentence_gold_output import SentenceGoldOutput
    from ..models.sentence_review_output import SentenceReviewOutput


T = TypeVar("T", bound="AdjudicatedSentenceOutput")


@_attrs_define
class AdjudicatedSentenceOutput:
    """
    Attributes:
        id (str): A handle of the admin's adjudication assignment.
        number (int):
        text (str):
        disagree (bool): The raters' labels differ.
        types_disagree (bool): Every rater (two or more) said inconsistent, with different types.
        answers (AdjudicatedSentenceOutputAnswers): By rater.
        review (None | SentenceReviewOutput):
        gold (SentenceGoldOutput):
    """

    id: str
    number: int
    text: str
    disagree: bool
    types_disagree: bool
    answers: AdjudicatedSentenceOutputAnswers
    review: None | SentenceReviewOutput
    gold: SentenceGoldOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.sentence_review_output import SentenceReviewOutput

        id = self.id

        number = self.number

        text = self.text

        disagree = self.disagree

        types_disagree = self.types_disagree

        answers = self.answers.to_dict()

        review: dict[str, Any] | None
        if isinstance(self.review, SentenceReviewOutput):
            review = self.review.to_dict()
        else:
            review = self.review

        gold = self.gold.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "number": number,
                "text": text,
                "disagree": disagree,
                "types_disagree": types_disagree,
                "answers": answers,
                "review": review,
                "gold": gold,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.adjudicated_sentence_output_answers import AdjudicatedSentenceOutputAnswers
        from ..models.sentence_gold_output import SentenceGoldOutput
        from ..models.sentence_review_output import SentenceReviewOutput

        d = dict(src_dict)
        id = d.pop("id")

        number = d.pop("number")

        text = d.pop("text")

        disagree = d.pop("disagree")

        types_disagree = d.pop("types_disagree")

        answers = AdjudicatedSentenceOutputAnswers.from_dict(d.pop("answers"))

        def _parse_review(data: object) -> None | SentenceReviewOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                review_type_1 = SentenceReviewOutput.from_dict(data)

                return review_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SentenceReviewOutput, data)

        review = _parse_review(d.pop("review"))

        gold = SentenceGoldOutput.from_dict(d.pop("gold"))

        adjudicated_sentence_output = cls(
            id=id,
            number=number,
            text=text,
            disagree=disagree,
            types_disagree=types_disagree,
            answers=answers,
            review=review,
            gold=gold,
        )

        adjudicated_sentence_output.additional_properties = d
        return adjudicated_sentence_output

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
