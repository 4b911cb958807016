from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.release_system_scores import ReleaseSystemScores


T = TypeVar("T", bound="ReleaseScores")


@_attrs_define
class ReleaseScores:
    """
    Attributes:
        confidence (float):
        n_resamples (int):
        seed (int):
        systems (list[ReleaseSystemScores]):
    """

    confidence: float
    n_resamples: int
    seed: int
    systems: list[ReleaseSystemScores]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        confidence = self.confidence

        n_resamples = self.n_resamples

        seed = self.seed

        systems = []
        for systems_item_data in self.systems:
            systems_item = systems_item_data.to_dict()
            systems.append(systems_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "confidence": confidence,
                "n_resamples": n_resamples,
                "seed": seed,
                "systems": systems,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.release_system_scores import ReleaseSystemScores

        d = dict(src_dict)
        confidence = d.pop("confidence")

        n_resamples = d.pop("n_resamples")

        seed = d.pop("seed")

        systems = []
        _systems = d.pop("systems")
        for systems_item_data in _systems:
            systems_item = ReleaseSystemScores.from_dict(systems_item_data)

            systems.append(systems_item)

        release_scores = cls(
            confidence=confidence,
            n_resamples=n_resamples,
            seed=seed,
            systems=systems,
        )

        release_scores.additional_properties = d
        return release_scores

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
