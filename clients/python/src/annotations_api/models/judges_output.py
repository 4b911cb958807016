from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.judges_state_enum import JudgesStateEnum

if TYPE_CHECKING:
    from ..models.judge_run_output import JudgeRunOutput
    from ..models.judges_gold_output import JudgesGoldOutput
    from ..models.judges_project_output import JudgesProjectOutput
    from ..models.judges_round_output import JudgesRoundOutput
    from ..models.judges_split_output import JudgesSplitOutput
    from ..models.trend_output import TrendOutput


T = TypeVar("T", bound="JudgesOutput")


@_attrs_define
class JudgesOutput:
    """
    Attributes:
        project (JudgesProjectOutput):
        ready (bool): Whether figures were computed yet; before the first recompute ends, the figure fields are empty.
        rounds (list[JudgesRoundOutput]):
        gold (JudgesGoldOutput):
        split (JudgesSplitOutput):
        n_resamples (int):
        computed_at (datetime.datetime | None): When these figures were computed (null before the first).
        stale (bool): The labels or runs changed since: these are the last figures, and newer ones are queued or being
            computed (ask again in a few seconds).
        state (JudgesStateEnum): * `queued` - queued
            * `running` - running
            * `done` - done
            * `failed` - failed
        progress (int): Of the running recompute, in percent.
        error (str): Why the last recompute failed.
        can_recompute (bool): Whether you may recompute (admins).
        runs (list[JudgeRunOutput]):
        trends (list[TrendOutput]):
    """

    project: JudgesProjectOutput
    ready: bool
    rounds: list[JudgesRoundOutput]
    gold: JudgesGoldOutput
    split: JudgesSplitOutput
    n_resamples: int
    computed_at: datetime.datetime | None
    stale: bool
    state: JudgesStateEnum
    progress: int
    error: str
    can_recompute: bool
    runs: list[JudgeRunOutput]
    trends: list[TrendOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        project = self.project.to_dict()

        ready = self.ready

        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item = rounds_item_data.to_dict()
            rounds.append(rounds_item)

        gold = self.gold.to_dict()

        split = self.split.to_dict()

        n_resamples = self.n_resamples

        computed_at: None | str
        if isinstance(self.computed_at, datetime.datetime):
            computed_at = self.computed_at.isoformat()
        else:
            computed_at = self.computed_at

        stale = self.stale

        state = self.state.value

        progress = self.progress

        error = self.error

        can_recompute = self.can_recompute

        runs = []
        for runs_item_data in self.runs:
            runs_item = runs_item_data.to_dict()
            runs.append(runs_item)

        trends = []
        for trends_item_data in self.trends:
            trends_item = trends_item_data.to_dict()
            trends.append(trends_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "project": project,
                "ready": ready,
                "rounds": rounds,
                "gold": gold,
                "split": split,
                "n_resamples": n_resamples,
                "computed_at": computed_at,
                "stale": stale,
                "state": state,
                "progress": progress,
                "error": error,
                "can_recompute": can_recompute,
                "runs": runs,
                "trends": trends,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.judge_run_output import JudgeRunOutput
        from ..models.judges_gold_output import JudgesGoldOutput
        from ..models.judges_project_output import JudgesProjectOutput
        from ..models.judges_round_output import JudgesRoundOutput
        from ..models.judges_split_output import JudgesSplitOutput
        from ..models.trend_output import TrendOutput

        d = dict(src_dict)
        project = JudgesProjectOutput.from_dict(d.pop("project"))

        ready = d.pop("ready")

        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in _rounds:
            rounds_item = JudgesRoundOutput.from_dict(rounds_item_data)

            rounds.append(rounds_item)

        gold = JudgesGoldOutput.from_dict(d.pop("gold"))

        split = JudgesSplitOutput.from_dict(d.pop("split"))

        n_resamples = d.pop("n_resamples")

        def _parse_computed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                computed_at_type_0 = datetime.datetime.fromisoformat(data)

                return computed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        computed_at = _parse_computed_at(d.pop("computed_at"))

        stale = d.pop("stale")

        state = JudgesStateEnum(d.pop("state"))

        progress = d.pop("progress")

        error = d.pop("error")

        can_recompute = d.pop("can_recompute")

        runs = []
        _runs = d.pop("runs")
        for runs_item_data in _runs:
            runs_item = JudgeRunOutput.from_dict(runs_item_data)

            runs.append(runs_item)

        trends = []
        _trends = d.pop("trends")
        for trends_item_data in _trends:
            trends_item = TrendOutput.from_dict(trends_item_data)

            trends.append(trends_item)

        judges_output = cls(
            project=project,
            ready=ready,
            rounds=rounds,
            gold=gold,
            split=split,
            n_resamples=n_resamples,
            computed_at=computed_at,
            stale=stale,
            state=state,
            progress=progress,
            error=error,
            can_recompute=can_recompute,
            runs=runs,
            trends=trends,
        )

        judges_output.additional_properties = d
        return judges_output

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
