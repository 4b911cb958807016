from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.webhook_delivery import WebhookDelivery


T = TypeVar("T", bound="DeliveryPageOutput")


@_attrs_define
class DeliveryPageOutput:
    """The paging fields; each paginated answer adds its rows beside them.

    Attributes:
        count (int): Rows in the whole list.
        page (int): This page's number (1-based).
        pages (int): How many pages there are (at least 1).
        page_size (int): Rows a page.
        results (list[WebhookDelivery]):
    """

    count: int
    page: int
    pages: int
    page_size: int
    results: list[WebhookDelivery]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        page = self.page

        pages = self.pages

        page_size = self.page_size

        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "count": count,
                "page": page,
                "pages": pages,
                "page_size": page_size,
                "results": results,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.webhook_delivery import WebhookDelivery

        d = dict(src_dict)
        count = d.pop("count")

        page = d.pop("page")

        pages = d.pop("pages")

        page_size = d.pop("page_size")

        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = WebhookDelivery.from_dict(results_item_data)

            results.append(results_item)

        delivery_page_output = cls(
            count=count,
            page=page,
            pages=pages,
            page_size=page_size,
            results=results,
        )

        delivery_page_output.additional_properties = d
        return delivery_page_output

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
