from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.unit_output import UnitOutput


T = TypeVar("T", bound="UnitPageOutput")


@_attrs_define
class UnitPageOutput:
    """The paging fields count the units matching the search.

    Attributes:
        count (int): Rows in the whole list.
        page (int): This page's number (1-based).
        pages (int): How many pages there are (at least 1).
        page_size (int): Rows a page.
        units (list[UnitOutput]): The page's units matching the search.
    """

    count: int
    page: int
    pages: int
    page_size: int
    units: list[UnitOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        page = self.page

        pages = self.pages

        page_size = self.page_size

        units = []
        for units_item_data in self.units:
            units_item = units_item_data.to_dict()
            units.append(units_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "count": count,
                "page": page,
                "pages": pages,
                "page_size": page_size,
                "units": units,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.unit_output import UnitOutput

        d = dict(src_dict)
        count = d.pop("count")

        page = d.pop("page")

        pages = d.pop("pages")

        page_size = d.pop("page_size")

        units = []
        _units = d.pop("units")
        for units_item_data in _units:
            units_item = UnitOutput.from_dict(units_item_data)

            units.append(units_item)

        unit_page_output = cls(
            count=count,
            page=page,
            pages=pages,
            page_size=page_size,
            units=units,
        )

        unit_page_output.additional_properties = d
        return unit_page_output

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
