from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.answer_key_scores_output import AnswerKeyScoresOutput
    from ..models.drift_output import DriftOutput
    from ..models.gold_units_output import GoldUnitsOutput
    from ..models.paused_output import PausedOutput


T = TypeVar("T", bound="RoundQualityOutput")


@_attrs_define
class RoundQualityOutput:
    """
    Attributes:
        answer_key (AnswerKeyScoresOutput):
        gold_units (GoldUnitsOutput):
        drift (list[DriftOutput]):
        paused (list[PausedOutput]):
    """

    answer_key: AnswerKeyScoresOutput
    gold_units: GoldUnitsOutput
    drift: list[DriftOutput]
    paused: list[PausedOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        answer_key = self.answer_key.to_dict()

        gold_units = self.gold_units.to_dict()

        drift = []
        for drift_item_data in self.drift:
            drift_item = drift_item_data.to_dict()
            drift.append(drift_item)

        paused = []
        for paused_item_data in self.paused:
            paused_item = paused_item_data.to_dict()
            paused.append(paused_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "answer_key": answer_key,
                "gold_units": gold_units,
                "drift": drift,
                "paused": paused,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.answer_key_scores_output import AnswerKeyScoresOutput
        from ..models.drift_output import DriftOutput
        from ..models.gold_units_output import GoldUnitsOutput
        from ..models.paused_output import PausedOutput

        d = dict(src_dict)
        answer_key = AnswerKeyScoresOutput.from_dict(d.pop("answer_key"))

        gold_units = GoldUnitsOutput.from_dict(d.pop("gold_units"))

        drift = []
        _drift = d.pop("drift")
        for drift_item_data in _drift:
            drift_item = DriftOutput.from_dict(drift_item_data)

            drift.append(drift_item)

        paused = []
        _paused = d.pop("paused")
        for paused_item_data in _paused:
            paused_item = PausedOutput.from_dict(paused_item_data)

            paused.append(paused_item)

        round_quality_output = cls(
            answer_key=answer_key,
            gold_units=gold_units,
            drift=drift,
            paused=paused,
        )

        round_quality_output.additional_properties = d
        return round_quality_output

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
