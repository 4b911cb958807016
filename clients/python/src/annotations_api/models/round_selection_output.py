from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.selection_report_output import SelectionReportOutput


T = TypeVar("T", bound="RoundSelectionOutput")


@_attrs_define
class RoundSelectionOutput:
    """
    Attributes:
        selection (None | SelectionReportOutput): Null when the round's units were not selected by evaluators.
    """

    selection: None | SelectionReportOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.selection_report_output import SelectionReportOutput

        selection: dict[str, Any] | None
        if isinstance(self.selection, SelectionReportOutput):
            selection = self.selection.to_dict()
        else:
            selection = self.selection

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "selection": selection,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.selection_report_output import SelectionReportOutput

        d = dict(src_dict)

        def _parse_selection(data: object) -> None | SelectionReportOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                selection_type_1 = SelectionReportOutput.from_dict(data)

                return selection_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SelectionReportOutput, data)

        selection = _parse_selection(d.pop("selection"))

        round_selection_output = cls(
            selection=selection,
        )

        round_selection_output.additional_properties = d
        return round_selection_output

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
