from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.label_enum import LabelEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.span_input import SpanInput


T = TypeVar("T", bound="SentenceBatchEntry")


@_attrs_define
class SentenceBatchEntry:
    """A save of a sentence judgement in a batch: its kind, its sentence's handle, the version it edits and at least one
    change.

        Attributes:
            version (int): The judgement's version this edits (0: never saved).
            kind (str): The judgement's kind: sentence.
            handle (str): The sentence's handle in this assignment (never a database id).
            label (LabelEnum | Unset): * `consistent` - consistent
                * `inconsistent` - inconsistent
                * `` -
            explanation (str | Unset):
            error_types (list[int] | Unset):
            comment (str | Unset):
            confidence (int | None | Unset): 1 low, 2 medium, 3 high; null: not given.
            spans (list[SpanInput] | Unset): The sentence's error spans, all of them: a save replaces the set.
    """

    version: int
    kind: str
    handle: str
    label: LabelEnum | Unset = UNSET
    explanation: str | Unset = UNSET
    error_types: list[int] | Unset = UNSET
    comment: str | Unset = UNSET
    confidence: int | None | Unset = UNSET
    spans: list[SpanInput] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        kind = self.kind

        handle = self.handle

        label: str | Unset = UNSET
        if not isinstance(self.label, Unset):
            label = self.label.value

        explanation = self.explanation

        error_types: list[int] | Unset = UNSET
        if not isinstance(self.error_types, Unset):
            error_types = self.error_types

        comment = self.comment

        confidence: int | None | Unset
        if isinstance(self.confidence, Unset):
            confidence = UNSET
        else:
            confidence = self.confidence

        spans: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.spans, Unset):
            spans = []
            for spans_item_data in self.spans:
                spans_item = spans_item_data.to_dict()
                spans.append(spans_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "kind": kind,
                "handle": handle,
            }
        )
        if label is not UNSET:
            field_dict["label"] = label
        if explanation is not UNSET:
            field_dict["explanation"] = explanation
        if error_types is not UNSET:
            field_dict["error_types"] = error_types
        if comment is not UNSET:
            field_dict["comment"] = comment
        if confidence is not UNSET:
            field_dict["confidence"] = confidence
        if spans is not UNSET:
            field_dict["spans"] = spans

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.span_input import SpanInput

        d = dict(src_dict)
        version = d.pop("version")

        kind = d.pop("kind")

        handle = d.pop("handle")

        _label = d.pop("label", UNSET)
        label: LabelEnum | Unset
        if isinstance(_label, Unset):
            label = UNSET
        else:
            label = LabelEnum(_label)

        explanation = d.pop("explanation", UNSET)

        error_types = cast(list[int], d.pop("error_types", UNSET))

        comment = d.pop("comment", UNSET)

        def _parse_confidence(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        confidence = _parse_confidence(d.pop("confidence", UNSET))

        _spans = d.pop("spans", UNSET)
        spans: list[SpanInput] | Unset = UNSET
        if _spans is not UNSET:
            spans = []
            for spans_item_data in _spans:
                spans_item = SpanInput.from_dict(spans_item_data)

                spans.append(spans_item)

        sentence_batch_entry = cls(
            version=version,
            kind=kind,
            handle=handle,
            label=label,
            explanation=explanation,
            error_types=error_types,
            comment=comment,
            confidence=confidence,
            spans=spans,
        )

        return sentence_batch_entry
