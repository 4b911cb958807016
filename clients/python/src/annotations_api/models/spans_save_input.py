from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.span_input import SpanInput


T = TypeVar("T", bound="SpansSaveInput")


@_attrs_define
class SpansSaveInput:
    """
    Attributes:
        version (int): The judgement's version this edits (0: never saved).
        spans (list[SpanInput]): The sentence's error spans, all of them.
    """

    version: int
    spans: list[SpanInput]

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        spans = []
        for spans_item_data in self.spans:
            spans_item = spans_item_data.to_dict()
            spans.append(spans_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "spans": spans,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.span_input import SpanInput

        d = dict(src_dict)
        version = d.pop("version")

        spans = []
        _spans = d.pop("spans")
        for spans_item_data in _spans:
            spans_item = SpanInput.from_dict(spans_item_data)

            spans.append(spans_item)

        spans_save_input = cls(
            version=version,
            spans=spans,
        )

        return spans_save_input
