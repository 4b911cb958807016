from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.evidence_span_output import EvidenceSpanOutput


T = TypeVar("T", bound="ErrorSpanOutput")


@_attrs_define
class ErrorSpanOutput:
    """
    Attributes:
        start (int):
        end (int):
        error_type (int | None):
        note (str):
        no_evidence (bool):
        evidence (list[EvidenceSpanOutput]):
    """

    start: int
    end: int
    error_type: int | None
    note: str
    no_evidence: bool
    evidence: list[EvidenceSpanOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        start = self.start

        end = self.end

        error_type: int | None
        error_type = self.error_type

        note = self.note

        no_evidence = self.no_evidence

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
                "error_type": error_type,
                "note": note,
                "no_evidence": no_evidence,
                "evidence": evidence,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.evidence_span_output import EvidenceSpanOutput

        d = dict(src_dict)
        start = d.pop("start")

        end = d.pop("end")

        def _parse_error_type(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        error_type = _parse_error_type(d.pop("error_type"))

        note = d.pop("note")

        no_evidence = d.pop("no_evidence")

        evidence = []
        _evidence = d.pop("evidence")
        for evidence_item_data in _evidence:
            evidence_item = EvidenceSpanOutput.from_dict(evidence_item_data)

            evidence.append(evidence_item)

        error_span_output = cls(
            start=start,
            end=end,
            error_type=error_type,
            note=note,
            no_evidence=no_evidence,
            evidence=evidence,
        )

        error_span_output.additional_properties = d
        return error_span_output

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
