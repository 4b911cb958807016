from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.verdict_enum import VerdictEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.evidence_input import EvidenceInput


T = TypeVar("T", bound="AtomicFactInput")


@_attrs_define
class AtomicFactInput:
    """
    Attributes:
        position (int): 1-based number of the fact.
        text (str):
        given (None | str | Unset): The given ACU's handle.
        sentence (None | str | Unset): The sentence it came from.
        verdict (VerdictEnum | Unset): * `supported` - supported
            * `not_supported` - not_supported
            * `` -  Default: VerdictEnum.VALUE_2.
        no_evidence (bool | Unset):  Default: False.
        evidence (list[EvidenceInput] | Unset):
    """

    position: int
    text: str
    given: None | str | Unset = UNSET
    sentence: None | str | Unset = UNSET
    verdict: VerdictEnum | Unset = VerdictEnum.VALUE_2
    no_evidence: bool | Unset = False
    evidence: list[EvidenceInput] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        position = self.position

        text = self.text

        given: None | str | Unset
        if isinstance(self.given, Unset):
            given = UNSET
        else:
            given = self.given

        sentence: None | str | Unset
        if isinstance(self.sentence, Unset):
            sentence = UNSET
        else:
            sentence = self.sentence

        verdict: str | Unset = UNSET
        if not isinstance(self.verdict, Unset):
            verdict = self.verdict.value

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
                "position": position,
                "text": text,
            }
        )
        if given is not UNSET:
            field_dict["given"] = given
        if sentence is not UNSET:
            field_dict["sentence"] = sentence
        if verdict is not UNSET:
            field_dict["verdict"] = verdict
        if no_evidence is not UNSET:
            field_dict["no_evidence"] = no_evidence
        if evidence is not UNSET:
            field_dict["evidence"] = evidence

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.evidence_input import EvidenceInput

        d = dict(src_dict)
        position = d.pop("position")

        text = d.pop("text")

        def _parse_given(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        given = _parse_given(d.pop("given", UNSET))

        def _parse_sentence(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        sentence = _parse_sentence(d.pop("sentence", UNSET))

        _verdict = d.pop("verdict", UNSET)
        verdict: VerdictEnum | Unset
        if isinstance(_verdict, Unset):
            verdict = UNSET
        else:
            verdict = VerdictEnum(_verdict)

        no_evidence = d.pop("no_evidence", UNSET)

        _evidence = d.pop("evidence", UNSET)
        evidence: list[EvidenceInput] | Unset = UNSET
        if _evidence is not UNSET:
            evidence = []
            for evidence_item_data in _evidence:
                evidence_item = EvidenceInput.from_dict(evidence_item_data)

                evidence.append(evidence_item)

        atomic_fact_input = cls(
            position=position,
            text=text,
            given=given,
            sentence=sentence,
            verdict=verdict,
            no_evidence=no_evidence,
            evidence=evidence,
        )

        atomic_fact_input.additional_properties = d
        return atomic_fact_input

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
