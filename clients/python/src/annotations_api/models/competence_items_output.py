from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.competence_pattern_output import CompetencePatternOutput


T = TypeVar("T", bound="CompetenceItemsOutput")


@_attrs_define
class CompetenceItemsOutput:
    """
    Attributes:
        mean_entropy (float | None):
        n_uncertain (int): Items whose posterior is above 0.47 bits.
        n_changed (int): Items whose posterior mode differs from a clear majority vote.
        n_tied (int): Items whose vote is tied.
        n_patterns (int):
        patterns (list[CompetencePatternOutput]): The 20 most frequent patterns.
    """

    mean_entropy: float | None
    n_uncertain: int
    n_changed: int
    n_tied: int
    n_patterns: int
    patterns: list[CompetencePatternOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        mean_entropy: float | None
        mean_entropy = self.mean_entropy

        n_uncertain = self.n_uncertain

        n_changed = self.n_changed

        n_tied = self.n_tied

        n_patterns = self.n_patterns

        patterns = []
        for patterns_item_data in self.patterns:
            patterns_item = patterns_item_data.to_dict()
            patterns.append(patterns_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "mean_entropy": mean_entropy,
                "n_uncertain": n_uncertain,
                "n_changed": n_changed,
                "n_tied": n_tied,
                "n_patterns": n_patterns,
                "patterns": patterns,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.competence_pattern_output import CompetencePatternOutput

        d = dict(src_dict)

        def _parse_mean_entropy(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        mean_entropy = _parse_mean_entropy(d.pop("mean_entropy"))

        n_uncertain = d.pop("n_uncertain")

        n_changed = d.pop("n_changed")

        n_tied = d.pop("n_tied")

        n_patterns = d.pop("n_patterns")

        patterns = []
        _patterns = d.pop("patterns")
        for patterns_item_data in _patterns:
            patterns_item = CompetencePatternOutput.from_dict(patterns_item_data)

            patterns.append(patterns_item)

        competence_items_output = cls(
            mean_entropy=mean_entropy,
            n_uncertain=n_uncertain,
            n_changed=n_changed,
            n_tied=n_tied,
            n_patterns=n_patterns,
            patterns=patterns,
        )

        competence_items_output.additional_properties = d
        return competence_items_output

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
