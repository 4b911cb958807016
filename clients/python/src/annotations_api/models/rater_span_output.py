from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.rater_evidence_output import RaterEvidenceOutput


T = TypeVar("T", bound="RaterSpanOutput")


@_attrs_define
class RaterSpanOutput:
    """
    Attributes:
        start (int): Offset in the sentence.
        end (int):
        text (str):
        error_type (None | str): The type's name.
        note (str):
        no_evidence (bool):
        evidence (list[RaterEvidenceOutput]):
    """

    start: int
    end: int
    text: str
    error_type: None | str
    note: str
    no_evidence: bool
    evidence: list[RaterEvidenceOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        start = self.start

        end = self.end

        text = self.text

        error_type: None | str
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
                "text": text,
                "error_type": error_type,
                "note": note,
                "no_evidence": no_evidence,
                "evidence": evidence,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rater_evidence_output import RaterEvidenceOutput

        d = dict(src_dict)
        start = d.pop("start")

        end = d.pop("end")

        text = d.pop("text")

        def _parse_error_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error_type = _parse_error_type(d.pop("error_type"))

        note = d.pop("note")

        no_evidence = d.pop("no_evidence")

        evidence = []
        _evidence = d.pop("evidence")
        for evidence_item_data in _evidence:
            evidence_item = RaterEvidenceOutput.from_dict(evidence_item_data)

            evidence.append(evidence_item)

        rater_span_output = cls(
            start=start,
            end=end,
            text=text,
            error_type=error_type,
            note=note,
            no_evidence=no_evidence,
            evidence=evidence,
        )

        rater_span_output.additional_properties = d
        return rater_span_output

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
