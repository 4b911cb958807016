from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.evidence_input import EvidenceInput
    from ..models.span_ref_input import SpanRefInput


T = TypeVar("T", bound="EvidenceSaveInput")


@_attrs_define
class EvidenceSaveInput:
    """
    Attributes:
        version (int): The judgement's version this edits (0: never saved).
        span (SpanRefInput):
        evidence (list[EvidenceInput]):
        no_evidence (bool | Unset): The dialogue has nothing to point at (extrinsic information). Default: False.
    """

    version: int
    span: SpanRefInput
    evidence: list[EvidenceInput]
    no_evidence: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        span = self.span.to_dict()

        evidence = []
        for evidence_item_data in self.evidence:
            evidence_item = evidence_item_data.to_dict()
            evidence.append(evidence_item)

        no_evidence = self.no_evidence

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "span": span,
                "evidence": evidence,
            }
        )
        if no_evidence is not UNSET:
            field_dict["no_evidence"] = no_evidence

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.evidence_input import EvidenceInput
        from ..models.span_ref_input import SpanRefInput

        d = dict(src_dict)
        version = d.pop("version")

        span = SpanRefInput.from_dict(d.pop("span"))

        evidence = []
        _evidence = d.pop("evidence")
        for evidence_item_data in _evidence:
            evidence_item = EvidenceInput.from_dict(evidence_item_data)

            evidence.append(evidence_item)

        no_evidence = d.pop("no_evidence", UNSET)

        evidence_save_input = cls(
            version=version,
            span=span,
            evidence=evidence,
            no_evidence=no_evidence,
        )

        return evidence_save_input
