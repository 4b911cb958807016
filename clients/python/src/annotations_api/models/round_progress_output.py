from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.admin_round_output import AdminRoundOutput
    from ..models.annotator_progress_output import AnnotatorProgressOutput
    from ..models.published_labels_output import PublishedLabelsOutput
    from ..models.unit_progress_output import UnitProgressOutput


T = TypeVar("T", bound="RoundProgressOutput")


@_attrs_define
class RoundProgressOutput:
    """The paging fields count the round's units (none for a reference round).

    Attributes:
        count (int): Rows in the whole list.
        page (int): This page's number (1-based).
        pages (int): How many pages there are (at least 1).
        page_size (int): Rows a page.
        round_ (AdminRoundOutput):
        annotators (list[AnnotatorProgressOutput]): All of them, by username.
        units (list[UnitProgressOutput]): The page's units, by topic id.
        published (None | PublishedLabelsOutput): A reference round's published labels; null otherwise.
    """

    count: int
    page: int
    pages: int
    page_size: int
    round_: AdminRoundOutput
    annotators: list[AnnotatorProgressOutput]
    units: list[UnitProgressOutput]
    published: None | PublishedLabelsOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.published_labels_output import PublishedLabelsOutput

        count = self.count

        page = self.page

        pages = self.pages

        page_size = self.page_size

        round_ = self.round_.to_dict()

        annotators = []
        for annotators_item_data in self.annotators:
            annotators_item = annotators_item_data.to_dict()
            annotators.append(annotators_item)

        units = []
        for units_item_data in self.units:
            units_item = units_item_data.to_dict()
            units.append(units_item)

        published: dict[str, Any] | None
        if isinstance(self.published, PublishedLabelsOutput):
            published = self.published.to_dict()
        else:
            published = self.published

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "count": count,
                "page": page,
                "pages": pages,
                "page_size": page_size,
                "round": round_,
                "annotators": annotators,
                "units": units,
                "published": published,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.admin_round_output import AdminRoundOutput
        from ..models.annotator_progress_output import AnnotatorProgressOutput
        from ..models.published_labels_output import PublishedLabelsOutput
        from ..models.unit_progress_output import UnitProgressOutput

        d = dict(src_dict)
        count = d.pop("count")

        page = d.pop("page")

        pages = d.pop("pages")

        page_size = d.pop("page_size")

        round_ = AdminRoundOutput.from_dict(d.pop("round"))

        annotators = []
        _annotators = d.pop("annotators")
        for annotators_item_data in _annotators:
            annotators_item = AnnotatorProgressOutput.from_dict(annotators_item_data)

            annotators.append(annotators_item)

        units = []
        _units = d.pop("units")
        for units_item_data in _units:
            units_item = UnitProgressOutput.from_dict(units_item_data)

            units.append(units_item)

        def _parse_published(data: object) -> None | PublishedLabelsOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                published_type_1 = PublishedLabelsOutput.from_dict(data)

                return published_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PublishedLabelsOutput, data)

        published = _parse_published(d.pop("published"))

        round_progress_output = cls(
            count=count,
            page=page,
            pages=pages,
            page_size=page_size,
            round_=round_,
            annotators=annotators,
            units=units,
            published=published,
        )

        round_progress_output.additional_properties = d
        return round_progress_output

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
