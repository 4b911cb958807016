from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.reveal_arm_agreement_output import RevealArmAgreementOutput


T = TypeVar("T", bound="RevealAgreementOutput")


@_attrs_define
class RevealAgreementOutput:
    """
    Attributes:
        n_mixed_sentences (int): Left out: raters in both arms.
        assisted (RevealArmAgreementOutput):
        unassisted (RevealArmAgreementOutput):
    """

    n_mixed_sentences: int
    assisted: RevealArmAgreementOutput
    unassisted: RevealArmAgreementOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        n_mixed_sentences = self.n_mixed_sentences

        assisted = self.assisted.to_dict()

        unassisted = self.unassisted.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "n_mixed_sentences": n_mixed_sentences,
                "assisted": assisted,
                "unassisted": unassisted,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.reveal_arm_agreement_output import RevealArmAgreementOutput

        d = dict(src_dict)
        n_mixed_sentences = d.pop("n_mixed_sentences")

        assisted = RevealArmAgreementOutput.from_dict(d.pop("assisted"))

        unassisted = RevealArmAgreementOutput.from_dict(d.pop("unassisted"))

        reveal_agreement_output = cls(
            n_mixed_sentences=n_mixed_sentences,
            assisted=assisted,
            unassisted=unassisted,
        )

        reveal_agreement_output.additional_properties = d
        return reveal_agreement_output

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
