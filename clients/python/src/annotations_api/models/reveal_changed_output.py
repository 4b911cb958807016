from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.reveal_figure_output import RevealFigureOutput


T = TypeVar("T", bound="RevealChangedOutput")


@_attrs_define
class RevealChangedOutput:
    """
    Attributes:
        value (float | None): Share changed after the reveal.
        ci (list[float | None] | None):
        n (int):
        n_revealed (int):
        to_inconsistent (int):
        to_consistent (int):
        toward_model (None | RevealFigureOutput): Share of changes that moved to the model's label.
    """

    value: float | None
    ci: list[float | None] | None
    n: int
    n_revealed: int
    to_inconsistent: int
    to_consistent: int
    toward_model: None | RevealFigureOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.reveal_figure_output import RevealFigureOutput

        value: float | None
        value = self.value

        ci: list[float | None] | None
        if isinstance(self.ci, list):
            ci = []
            for ci_type_0_item_data in self.ci:
                ci_type_0_item: float | None
                ci_type_0_item = ci_type_0_item_data
                ci.append(ci_type_0_item)

        else:
            ci = self.ci

        n = self.n

        n_revealed = self.n_revealed

        to_inconsistent = self.to_inconsistent

        to_consistent = self.to_consistent

        toward_model: dict[str, Any] | None
        if isinstance(self.toward_model, RevealFigureOutput):
            toward_model = self.toward_model.to_dict()
        else:
            toward_model = self.toward_model

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "value": value,
                "ci": ci,
                "n": n,
                "n_revealed": n_revealed,
                "to_inconsistent": to_inconsistent,
                "to_consistent": to_consistent,
                "toward_model": toward_model,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.reveal_figure_output import RevealFigureOutput

        d = dict(src_dict)

        def _parse_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        value = _parse_value(d.pop("value"))

        def _parse_ci(data: object) -> list[float | None] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                ci_type_0 = []
                _ci_type_0 = data
                for ci_type_0_item_data in _ci_type_0:

                    def _parse_ci_type_0_item(data: object) -> float | None:
                        if data is None:
                            return data
                        return cast(float | None, data)

                    ci_type_0_item = _parse_ci_type_0_item(ci_type_0_item_data)

                    ci_type_0.append(ci_type_0_item)

                return ci_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[float | None] | None, data)

        ci = _parse_ci(d.pop("ci"))

        n = d.pop("n")

        n_revealed = d.pop("n_revealed")

        to_inconsistent = d.pop("to_inconsistent")

        to_consistent = d.pop("to_consistent")

        def _parse_toward_model(data: object) -> None | RevealFigureOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                toward_model_type_1 = RevealFigureOutput.from_dict(data)

                return toward_model_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RevealFigureOutput, data)

        toward_model = _parse_toward_model(d.pop("toward_model"))

        reveal_changed_output = cls(
            value=value,
            ci=ci,
            n=n,
            n_revealed=n_revealed,
            to_inconsistent=to_inconsistent,
            to_consistent=to_consistent,
            toward_model=toward_model,
        )

        reveal_changed_output.additional_properties = d
        return reveal_changed_output

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
