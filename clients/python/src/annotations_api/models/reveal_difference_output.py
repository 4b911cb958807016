from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.reveal_figure_output import RevealFigureOutput


T = TypeVar("T", bound="RevealDifferenceOutput")


@_attrs_define
class RevealDifferenceOutput:
    """
    Attributes:
        assisted (None | RevealFigureOutput):
        unassisted (None | RevealFigureOutput):
        difference (None | RevealFigureOutput): Assisted minus unassisted.
    """

    assisted: None | RevealFigureOutput
    unassisted: None | RevealFigureOutput
    difference: None | RevealFigureOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.reveal_figure_output import RevealFigureOutput

        assisted: dict[str, Any] | None
        if isinstance(self.assisted, RevealFigureOutput):
            assisted = self.assisted.to_dict()
        else:
            assisted = self.assisted

        unassisted: dict[str, Any] | None
        if isinstance(self.unassisted, RevealFigureOutput):
            unassisted = self.unassisted.to_dict()
        else:
            unassisted = self.unassisted

        difference: dict[str, Any] | None
        if isinstance(self.difference, RevealFigureOutput):
            difference = self.difference.to_dict()
        else:
            difference = self.difference

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "assisted": assisted,
                "unassisted": unassisted,
                "difference": difference,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.reveal_figure_output import RevealFigureOutput

        d = dict(src_dict)

        def _parse_assisted(data: object) -> None | RevealFigureOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                assisted_type_1 = RevealFigureOutput.from_dict(data)

                return assisted_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RevealFigureOutput, data)

        assisted = _parse_assisted(d.pop("assisted"))

        def _parse_unassisted(data: object) -> None | RevealFigureOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                unassisted_type_1 = RevealFigureOutput.from_dict(data)

                return unassisted_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RevealFigureOutput, data)

        unassisted = _parse_unassisted(d.pop("unassisted"))

        def _parse_difference(data: object) -> None | RevealFigureOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                difference_type_1 = RevealFigureOutput.from_dict(data)

                return difference_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RevealFigureOutput, data)

        difference = _parse_difference(d.pop("difference"))

        reveal_difference_output = cls(
            assisted=assisted,
            unassisted=unassisted,
            difference=difference,
        )

        reveal_difference_output.additional_properties = d
        return reveal_difference_output

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
