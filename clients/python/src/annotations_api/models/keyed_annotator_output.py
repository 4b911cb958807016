from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.key_accuracy_output import KeyAccuracyOutput


T = TypeVar("T", bound="KeyedAnnotatorOutput")


@_attrs_define
class KeyedAnnotatorOutput:
    """
    Attributes:
        username (str):
        units (int):
        accuracy (KeyAccuracyOutput):
    """

    username: str
    units: int
    accuracy: KeyAccuracyOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        units = self.units

        accuracy = self.accuracy.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "username": username,
                "units": units,
                "accuracy": accuracy,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.key_accuracy_output import KeyAccuracyOutput

        d = dict(src_dict)
        username = d.pop("username")

        units = d.pop("units")

        accuracy = KeyAccuracyOutput.from_dict(d.pop("accuracy"))

        keyed_annotator_output = cls(
            username=username,
            units=units,
            accuracy=accuracy,
        )

        keyed_annotator_output.additional_properties = d
        return keyed_annotator_output

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
