from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WeightedRateOutput")


@_attrs_define
class WeightedRateOutput:
    """
    Attributes:
        system (str):
        units (int): Labelled selected units with this system.
        sentences (int):
        errors (int): Sentences whose gold label is inconsistent.
        unweighted (float | None): errors / sentences: the selected units' rate, biased.
        ht_errors (float): Horvitz-Thompson total of errors.
        ht_sentences (float): Horvitz-Thompson total of sentences.
        ht_rate (float | None): HT errors / the frame's known sentence count.
        hajek_rate (float | None): HT errors / HT sentences (the ratio form).
        hajek_se (float | None): Linearised standard error (Poisson approximation, wide).
    """

    system: str
    units: int
    sentences: int
    errors: int
    unweighted: float | None
    ht_errors: float
    ht_sentences: float
    ht_rate: float | None
    hajek_rate: float | None
    hajek_se: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        system = self.system

        units = self.units

        sentences = self.sentences

        errors = self.errors

        unweighted: float | None
        unweighted = self.unweighted

        ht_errors = self.ht_errors

        ht_sentences = self.ht_sentences

        ht_rate: float | None
        ht_rate = self.ht_rate

        hajek_rate: float | None
        hajek_rate = self.hajek_rate

        hajek_se: float | None
        hajek_se = self.hajek_se

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "system": system,
                "units": units,
                "sentences": sentences,
                "errors": errors,
                "unweighted": unweighted,
                "ht_errors": ht_errors,
                "ht_sentences": ht_sentences,
                "ht_rate": ht_rate,
                "hajek_rate": hajek_rate,
                "hajek_se": hajek_se,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        system = d.pop("system")

        units = d.pop("units")

        sentences = d.pop("sentences")

        errors = d.pop("errors")

        def _parse_unweighted(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        unweighted = _parse_unweighted(d.pop("unweighted"))

        ht_errors = d.pop("ht_errors")

        ht_sentences = d.pop("ht_sentences")

        def _parse_ht_rate(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        ht_rate = _parse_ht_rate(d.pop("ht_rate"))

        def _parse_hajek_rate(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        hajek_rate = _parse_hajek_rate(d.pop("hajek_rate"))

        def _parse_hajek_se(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        hajek_se = _parse_hajek_se(d.pop("hajek_se"))

        weighted_rate_output = cls(
            system=system,
            units=units,
            sentences=sentences,
            errors=errors,
            unweighted=unweighted,
            ht_errors=ht_errors,
            ht_sentences=ht_sentences,
            ht_rate=ht_rate,
            hajek_rate=hajek_rate,
            hajek_se=hajek_se,
        )

        weighted_rate_output.additional_properties = d
        return weighted_rate_output

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
