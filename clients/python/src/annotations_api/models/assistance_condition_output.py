from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.coefficient_output import CoefficientOutput


T = TypeVar("T", bound="AssistanceConditionOutput")


@_attrs_define
class AssistanceConditionOutput:
    """
    Attributes:
        hints (bool): The round showed evidence hints.
        round_ (int):
        round_name (str):
        n_raters (int):
        n_labels (int): Its raters' labels on the shared sentences.
        n_inconsistent (int):
        share_inconsistent (float | None):
        agreement (CoefficientOutput | None): Its raters' agreement on the shared sentences.
        agreement_n_units (int):
        agreement_note (None | str):
    """

    hints: bool
    round_: int
    round_name: str
    n_raters: int
    n_labels: int
    n_inconsistent: int
    share_inconsistent: float | None
    agreement: CoefficientOutput | None
    agreement_n_units: int
    agreement_note: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.coefficient_output import CoefficientOutput

        hints = self.hints

        round_ = self.round_

        round_name = self.round_name

        n_raters = self.n_raters

        n_labels = self.n_labels

        n_inconsistent = self.n_inconsistent

        share_inconsistent: float | None
        share_inconsistent = self.share_inconsistent

        agreement: dict[str, Any] | None
        if isinstance(self.agreement, CoefficientOutput):
            agreement = self.agreement.to_dict()
        else:
            agreement = self.agreement

        agreement_n_units = self.agreement_n_units

        agreement_note: None | str
        agreement_note = self.agreement_note

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "hints": hints,
                "round": round_,
                "round_name": round_name,
                "n_raters": n_raters,
                "n_labels": n_labels,
                "n_inconsistent": n_inconsistent,
                "share_inconsistent": share_inconsistent,
                "agreement": agreement,
                "agreement_n_units": agreement_n_units,
                "agreement_note": agreement_note,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.coefficient_output import CoefficientOutput

        d = dict(src_dict)
        hints = d.pop("hints")

        round_ = d.pop("round")

        round_name = d.pop("round_name")

        n_raters = d.pop("n_raters")

        n_labels = d.pop("n_labels")

        n_inconsistent = d.pop("n_inconsistent")

        def _parse_share_inconsistent(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        share_inconsistent = _parse_share_inconsistent(d.pop("share_inconsistent"))

        def _parse_agreement(data: object) -> CoefficientOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                agreement_type_1 = CoefficientOutput.from_dict(data)

                return agreement_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CoefficientOutput | None, data)

        agreement = _parse_agreement(d.pop("agreement"))

        agreement_n_units = d.pop("agreement_n_units")

        def _parse_agreement_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        agreement_note = _parse_agreement_note(d.pop("agreement_note"))

        assistance_condition_output = cls(
            hints=hints,
            round_=round_,
            round_name=round_name,
            n_raters=n_raters,
            n_labels=n_labels,
            n_inconsistent=n_inconsistent,
            share_inconsistent=share_inconsistent,
            agreement=agreement,
            agreement_n_units=agreement_n_units,
            agreement_note=agreement_note,
        )

        assistance_condition_output.additional_properties = d
        return assistance_condition_output

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
