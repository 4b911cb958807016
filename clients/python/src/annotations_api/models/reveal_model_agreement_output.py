from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.reveal_figure_output import RevealFigureOutput


T = TypeVar("T", bound="RevealModelAgreementOutput")


@_attrs_define
class RevealModelAgreementOutput:
    """
    Attributes:
        before (None | RevealFigureOutput): Pre-reveal labels = the model's.
        after (None | RevealFigureOutput): Final labels = the model's.
        difference (None | RevealFigureOutput): After minus before.
    """

    before: None | RevealFigureOutput
    after: None | RevealFigureOutput
    difference: None | RevealFigureOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.reveal_figure_output import RevealFigureOutput

        before: dict[str, Any] | None
        if isinstance(self.before, RevealFigureOutput):
            before = self.before.to_dict()
        else:
            before = self.before

        after: dict[str, Any] | None
        if isinstance(self.after, RevealFigureOutput):
            after = self.after.to_dict()
        else:
            after = self.after

        difference: dict[str, Any] | None
        if isinstance(self.difference, RevealFigureOutput):
            difference = self.difference.to_dict()
        else:
            difference = self.difference

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "before": before,
                "after": after,
                "difference": difference,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.reveal_figure_output import RevealFigureOutput

        d = dict(src_dict)

        def _parse_before(data: object) -> None | RevealFigureOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                before_type_1 = RevealFigureOutput.from_dict(data)

                return before_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RevealFigureOutput, data)

        before = _parse_before(d.pop("before"))

        def _parse_after(data: object) -> None | RevealFigureOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                after_type_1 = RevealFigureOutput.from_dict(data)

                return after_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RevealFigureOutput, data)

        after = _parse_after(d.pop("after"))

        def _parse_difference(data: object) -> None | RevealFigureOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                difference_type_1 = RevealFigureOutput.from_dict(data)

                return difference_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RevealFigureOutput, data)

        difference = _parse_difference(d.pop("difference"))

        reveal_model_agreement_output = cls(
            before=before,
            after=after,
            difference=difference,
        )

        reveal_model_agreement_output.additional_properties = d
        return reveal_model_agreement_output

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
