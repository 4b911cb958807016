from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.evidence_input import EvidenceInput


T = TypeVar("T", bound="SpanInput")


@_attrs_define
class SpanInput:
    """
    Attributes:
        start (int): Offset in the sentence.
        end (int): End offset (exclusive).
        error_type (int | None | Unset):
        note (str | Unset):  Default: ''.
        no_evidence (bool | Unset): The dialogue has nothing to point at (extrinsic information). Default: False.
        evidence (list[EvidenceInput] | Unset):
    """

    start: int
    end: int
    error_type: int | None | Unset = UNSET
    note: str | Unset = ""
    no_evidence: bool | Unset = False
    evidence: list[EvidenceInput] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        start = self.start

        end = self.end

        error_type: int | None | Unset
        if isinstance(self.error_type, Unset):
            error_type = UNSET
        else:
            error_type = self.error_type

        note = self.note

        no_evidence = self.no_evidence

        evidence: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.evidence, Unset):
            evidence = []
            for evidence_item_data in self.evidence:
                evidence_item = evidence_item_data.to_dict()
                evidence.append(evidence_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "start": start,
                "end": end,
            }
        )
        if error_type is not UNSET:
            field_dict["error_type"] = error_type
        if note is not UNSET:
            field_dict["note"] = note
        if no_evidence is not UNSET:
            field_dict["no_evidence"] = no_evidence
        if evidence is not UNSET:
            field_dict["evidence"] = evidence

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.evidence_input import EvidenceInput

        d = dict(src_dict)
        start = d.pop("start")

        end = d.pop("end")

        def _parse_error_type(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        error_type = _parse_error_type(d.pop("error_type", UNSET))

        note = d.pop("note", UNSET)

        no_evidence = d.pop("no_evidence", UNSET)

        _evidence = d.pop("evidence", UNSET)
        evidence: list[EvidenceInput] | Unset = UNSET
        if _evidence is not UNSET:
            evidence = []
            for evidence_item_data in _evidence:
                evidence_item = EvidenceInput.from_dict(evidence_item_data)

                evidence.append(evidence_item)

        span_input = cls(
            start=start,
            end=end,
            error_type=error_type,
            note=note,
            no_evidence=no_evidence,
            evidence=evidence,
        )

        span_input.additional_properties = d
        return span_input

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
