from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RevealedVerdictOutput")


@_attrs_define
class RevealedVerdictOutput:
    """
    Attributes:
        sentence (str): The sentence's handle in this assignment.
        label (None | str): "consistent" or "inconsistent"; null: a score only.
        score (float | None):
        abstain (bool): The model declined this sentence.
        explanation (str):
        error_types (list[str]): Type codes.
        spans (list[list[int]]): [start, end] character offsets in the sentence.
        evidence (list[int]): Positions of the dialogue turns it cites.
    """

    sentence: str
    label: None | str
    score: float | None
    abstain: bool
    explanation: str
    error_types: list[str]
    spans: list[list[int]]
    evidence: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        sentence = self.sentence

        label: None | str
        label = self.label

        score: float | None
        score = self.score

        abstain = self.abstain

        explanation = self.explanation

        error_types = self.error_types

        spans = []
        for spans_item_data in self.spans:
            spans_item = spans_item_data

            spans.append(spans_item)

        evidence = self.evidence

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sentence": sentence,
                "label": label,
                "score": score,
                "abstain": abstain,
                "explanation": explanation,
                "error_types": error_types,
                "spans": spans,
                "evidence": evidence,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        sentence = d.pop("sentence")

        def _parse_label(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        label = _parse_label(d.pop("label"))

        def _parse_score(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        score = _parse_score(d.pop("score"))

        abstain = d.pop("abstain")

        explanation = d.pop("explanation")

        error_types = cast(list[str], d.pop("error_types"))

        spans = []
        _spans = d.pop("spans")
        for spans_item_data in _spans:
            spans_item = cast(list[int], spans_item_data)

            spans.append(spans_item)

        evidence = cast(list[int], d.pop("evidence"))

        revealed_verdict_output = cls(
            sentence=sentence,
            label=label,
            score=score,
            abstain=abstain,
            explanation=explanation,
            error_types=error_types,
            spans=spans,
            evidence=evidence,
        )

        revealed_verdict_output.additional_properties = d
        return revealed_verdict_output

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
