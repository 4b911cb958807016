from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.verdict_enum import VerdictEnum

if TYPE_CHECKING:
    from ..models.atomic_evidence_output import AtomicEvidenceOutput


T = TypeVar("T", bound="AtomicFactOutput")


@_attrs_define
class AtomicFactOutput:
    """
    Attributes:
        position (int):
        text (str):
        given (None | str): The acu's handle in this assignment.
        sentence (None | str): The sentence's handle in this assignment.
        verdict (VerdictEnum): * `supported` - supported
            * `not_supported` - not_supported
            * `` -
        no_evidence (bool):
        evidence (list[AtomicEvidenceOutput]):
    """

    position: int
    text: str
    given: None | str
    sentence: None | str
    verdict: VerdictEnum
    no_evidence: bool
    evidence: list[AtomicEvidenceOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        position = self.position

        text = self.text

        given: None | str
        given = self.given

        sentence: None | str
        sentence = self.sentence

        verdict = self.verdict.value

        no_evidence = self.no_evidence

        evidence = []
        for evidence_item_data in self.evidence:
            evidence_item = evidence_item_data.to_dict()
            evidence.append(evidence_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "position": position,
                "text": text,
                "given": given,
                "sentence": sentence,
                "verdict": verdict,
                "no_evidence": no_evidence,
                "evidence": evidence,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.atomic_evidence_output import AtomicEvidenceOutput

        d = dict(src_dict)
        position = d.pop("position")

        text = d.pop("text")

        def _parse_given(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        given = _parse_given(d.pop("given"))

        def _parse_sentence(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        sentence = _parse_sentence(d.pop("sentence"))

        verdict = VerdictEnum(d.pop("verdict"))

        no_evidence = d.pop("no_evidence")

        evidence = []
        _evidence = d.pop("evidence")
        for evidence_item_data in _evidence:
            evidence_item = AtomicEvidenceOutput.from_dict(evidence_item_data)

            evidence.append(evidence_item)

        atomic_fact_output = cls(
            position=position,
            text=text,
            given=given,
            sentence=sentence,
            verdict=verdict,
            no_evidence=no_evidence,
            evidence=evidence,
        )

        atomic_fact_output.additional_properties = d
        return atomic_fact_output

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
