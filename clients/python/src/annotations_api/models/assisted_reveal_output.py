from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.reveal_annotator_output import RevealAnnotatorOutput
    from ..models.reveal_overall_output import RevealOverallOutput


T = TypeVar("T", bound="AssistedRevealOutput")


@_attrs_define
class AssistedRevealOutput:
    """
    Attributes:
        n_units (int):
        n_labels (int):
        n_revealed (int): Assisted labels whose verdict was revealed.
        small_n (bool): Under 30 revealed labels.
        overall (RevealOverallOutput):
        annotators (list[RevealAnnotatorOutput]):
    """

    n_units: int
    n_labels: int
    n_revealed: int
    small_n: bool
    overall: RevealOverallOutput
    annotators: list[RevealAnnotatorOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        n_units = self.n_units

        n_labels = self.n_labels

        n_revealed = self.n_revealed

        small_n = self.small_n

        overall = self.overall.to_dict()

        annotators = []
        for annotators_item_data in self.annotators:
            annotators_item = annotators_item_data.to_dict()
            annotators.append(annotators_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "n_units": n_units,
                "n_labels": n_labels,
                "n_revealed": n_revealed,
                "small_n": small_n,
                "overall": overall,
                "annotators": annotators,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.reveal_annotator_output import RevealAnnotatorOutput
        from ..models.reveal_overall_output import RevealOverallOutput

        d = dict(src_dict)
        n_units = d.pop("n_units")

        n_labels = d.pop("n_labels")

        n_revealed = d.pop("n_revealed")

        small_n = d.pop("small_n")

        overall = RevealOverallOutput.from_dict(d.pop("overall"))

        annotators = []
        _annotators = d.pop("annotators")
        for annotators_item_data in _annotators:
            annotators_item = RevealAnnotatorOutput.from_dict(annotators_item_data)

            annotators.append(annotators_item)

        assisted_reveal_output = cls(
            n_units=n_units,
            n_labels=n_labels,
            n_revealed=n_revealed,
            small_n=small_n,
            overall=overall,
            annotators=annotators,
        )

        assisted_reveal_output.additional_properties = d
        return assisted_reveal_output

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
