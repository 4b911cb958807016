from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.competence_pattern_output_labels import CompetencePatternOutputLabels
    from ..models.competence_pattern_output_mace import CompetencePatternOutputMace
    from ..models.competence_pattern_output_posterior import CompetencePatternOutputPosterior


T = TypeVar("T", bound="CompetencePatternOutput")


@_attrs_define
class CompetencePatternOutput:
    """
    Attributes:
        labels (CompetencePatternOutputLabels): Annotator -> the label they gave.
        n_items (int):
        posterior (CompetencePatternOutputPosterior): Dawid-Skene, per class.
        mace (CompetencePatternOutputMace): MACE, per class.
        entropy (float | None): Of the posterior, in bits.
    """

    labels: CompetencePatternOutputLabels
    n_items: int
    posterior: CompetencePatternOutputPosterior
    mace: CompetencePatternOutputMace
    entropy: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        labels = self.labels.to_dict()

        n_items = self.n_items

        posterior = self.posterior.to_dict()

        mace = self.mace.to_dict()

        entropy: float | None
        entropy = self.entropy

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "labels": labels,
                "n_items": n_items,
                "posterior": posterior,
                "mace": mace,
                "entropy": entropy,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.competence_pattern_output_labels import CompetencePatternOutputLabels
        from ..models.competence_pattern_output_mace import CompetencePatternOutputMace
        from ..models.competence_pattern_output_posterior import CompetencePatternOutputPosterior

        d = dict(src_dict)
        labels = CompetencePatternOutputLabels.from_dict(d.pop("labels"))

        n_items = d.pop("n_items")

        posterior = CompetencePatternOutputPosterior.from_dict(d.pop("posterior"))

        mace = CompetencePatternOutputMace.from_dict(d.pop("mace"))

        def _parse_entropy(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        entropy = _parse_entropy(d.pop("entropy"))

        competence_pattern_output = cls(
            labels=labels,
            n_items=n_items,
            posterior=posterior,
            mace=mace,
            entropy=entropy,
        )

        competence_pattern_output.additional_properties = d
        return competence_pattern_output

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
