from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.strategy_enum import StrategyEnum

if TYPE_CHECKING:
    from ..models.selection_report_output_allocation import SelectionReportOutputAllocation
    from ..models.selection_report_output_weights import SelectionReportOutputWeights
    from ..models.selection_run_output import SelectionRunOutput
    from ..models.weighted_rate_output import WeightedRateOutput


T = TypeVar("T", bound="SelectionReportOutput")


@_attrs_define
class SelectionReportOutput:
    """
    Attributes:
        strategy (StrategyEnum): * `disagreement` - disagreement
            * `uncertainty` - uncertainty
            * `mix` - mix
        runs (list[SelectionRunOutput]):
        weights (SelectionReportOutputWeights):
        reserve (float):
        count (int):
        frame_units (int): Unannotated units it drew from.
        allocation (SelectionReportOutputAllocation): Units drawn per summarizer stratum.
        selected_units (int):
        labelled_units (int): Selected units with gold throughout.
        systems (list[WeightedRateOutput]):
        note (str):
    """

    strategy: StrategyEnum
    runs: list[SelectionRunOutput]
    weights: SelectionReportOutputWeights
    reserve: float
    count: int
    frame_units: int
    allocation: SelectionReportOutputAllocation
    selected_units: int
    labelled_units: int
    systems: list[WeightedRateOutput]
    note: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        strategy = self.strategy.value

        runs = []
        for runs_item_data in self.runs:
            runs_item = runs_item_data.to_dict()
            runs.append(runs_item)

        weights = self.weights.to_dict()

        reserve = self.reserve

        count = self.count

        frame_units = self.frame_units

        allocation = self.allocation.to_dict()

        selected_units = self.selected_units

        labelled_units = self.labelled_units

        systems = []
        for systems_item_data in self.systems:
            systems_item = systems_item_data.to_dict()
            systems.append(systems_item)

        note = self.note

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "strategy": strategy,
                "runs": runs,
                "weights": weights,
                "reserve": reserve,
                "count": count,
                "frame_units": frame_units,
                "allocation": allocation,
                "selected_units": selected_units,
                "labelled_units": labelled_units,
                "systems": systems,
                "note": note,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.selection_report_output_allocation import SelectionReportOutputAllocation
        from ..models.selection_report_output_weights import SelectionReportOutputWeights
        from ..models.selection_run_output import SelectionRunOutput
        from ..models.weighted_rate_output import WeightedRateOutput

        d = dict(src_dict)
        strategy = StrategyEnum(d.pop("strategy"))

        runs = []
        _runs = d.pop("runs")
        for runs_item_data in _runs:
            runs_item = SelectionRunOutput.from_dict(runs_item_data)

            runs.append(runs_item)

        weights = SelectionReportOutputWeights.from_dict(d.pop("weights"))

        reserve = d.pop("reserve")

        count = d.pop("count")

        frame_units = d.pop("frame_units")

        allocation = SelectionReportOutputAllocation.from_dict(d.pop("allocation"))

        selected_units = d.pop("selected_units")

        labelled_units = d.pop("labelled_units")

        systems = []
        _systems = d.pop("systems")
        for systems_item_data in _systems:
            systems_item = WeightedRateOutput.from_dict(systems_item_data)

            systems.append(systems_item)

        note = d.pop("note")

        selection_report_output = cls(
            strategy=strategy,
            runs=runs,
            weights=weights,
            reserve=reserve,
            count=count,
            frame_units=frame_units,
            allocation=allocation,
            selected_units=selected_units,
            labelled_units=labelled_units,
            systems=systems,
            note=note,
        )

        selection_report_output.additional_properties = d
        return selection_report_output

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
