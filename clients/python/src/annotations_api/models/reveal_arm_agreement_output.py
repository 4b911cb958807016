from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.reveal_figure_output import RevealFigureOutput


T = TypeVar("T", bound="RevealArmAgreementOutput")


@_attrs_define
class RevealArmAgreementOutput:
    """
    Attributes:
        n_sentences (int):
        alpha (None | RevealFigureOutput): Krippendorff's alpha (nominal).
        percent (None | RevealFigureOutput): Pairwise percent agreement.
    """

    n_sentences: int
    alpha: None | RevealFigureOutput
    percent: None | RevealFigureOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.reveal_figure_output import RevealFigureOutput

        n_sentences = self.n_sentences

        alpha: dict[str, Any] | None
        if isinstance(self.alpha, RevealFigureOutput):
            alpha = self.alpha.to_dict()
        else:
            alpha = self.alpha

        percent: dict[str, Any] | None
        if isinstance(self.percent, RevealFigureOutput):
            percent = self.percent.to_dict()
        else:
            percent = self.percent

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "n_sentences": n_sentences,
                "alpha": alpha,
                "percent": percent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.reveal_figure_output import RevealFigureOutput

        d = dict(src_dict)
        n_sentences = d.pop("n_sentences")

        def _parse_alpha(data: object) -> None | RevealFigureOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                alpha_type_1 = RevealFigureOutput.from_dict(data)

                return alpha_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RevealFigureOutput, data)

        alpha = _parse_alpha(d.pop("alpha"))

        def _parse_percent(data: object) -> None | RevealFigureOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                percent_type_1 = RevealFigureOutput.from_dict(data)

                return percent_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RevealFigureOutput, data)

        percent = _parse_percent(d.pop("percent"))

        reveal_arm_agreement_output = cls(
            n_sentences=n_sentences,
            alpha=alpha,
            percent=percent,
        )

        reveal_arm_agreement_output.additional_properties = d
        return reveal_arm_agreement_output

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
