from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.reveal_changed_output import RevealChangedOutput
    from ..models.reveal_difference_output import RevealDifferenceOutput
    from ..models.reveal_model_agreement_output import RevealModelAgreementOutput
    from ..models.reveal_pair_output import RevealPairOutput


T = TypeVar("T", bound="RevealAnnotatorOutput")


@_attrs_define
class RevealAnnotatorOutput:
    """
    Attributes:
        changed (RevealChangedOutput):
        model_agreement (RevealModelAgreementOutput):
        inconsistent_rate (RevealDifferenceOutput):
        time (RevealPairOutput):
        annotator (str):
        agreement (RevealPairOutput):
    """

    changed: RevealChangedOutput
    model_agreement: RevealModelAgreementOutput
    inconsistent_rate: RevealDifferenceOutput
    time: RevealPairOutput
    annotator: str
    agreement: RevealPairOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        changed = self.changed.to_dict()

        model_agreement = self.model_agreement.to_dict()

        inconsistent_rate = self.inconsistent_rate.to_dict()

        time = self.time.to_dict()

        annotator = self.annotator

        agreement = self.agreement.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "changed": changed,
                "model_agreement": model_agreement,
                "inconsistent_rate": inconsistent_rate,
                "time": time,
                "annotator": annotator,
                "agreement": agreement,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.reveal_changed_output import RevealChangedOutput
        from ..models.reveal_difference_output import RevealDifferenceOutput
        from ..models.reveal_model_agreement_output import RevealModelAgreementOutput
        from ..models.reveal_pair_output import RevealPairOutput

        d = dict(src_dict)
        changed = RevealChangedOutput.from_dict(d.pop("changed"))

        model_agreement = RevealModelAgreementOutput.from_dict(d.pop("model_agreement"))

        inconsistent_rate = RevealDifferenceOutput.from_dict(d.pop("inconsistent_rate"))

        time = RevealPairOutput.from_dict(d.pop("time"))

        annotator = d.pop("annotator")

        agreement = RevealPairOutput.from_dict(d.pop("agreement"))

        reveal_annotator_output = cls(
            changed=changed,
            model_agreement=model_agreement,
            inconsistent_rate=inconsistent_rate,
            time=time,
            annotator=annotator,
            agreement=agreement,
        )

        reveal_annotator_output.additional_properties = d
        return reveal_annotator_output

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
