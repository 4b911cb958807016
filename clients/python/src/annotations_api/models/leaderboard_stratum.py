from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.leaderboard_stratum_evaluators import LeaderboardStratumEvaluators
    from ..models.leaderboard_stratum_unscored import LeaderboardStratumUnscored


T = TypeVar("T", bound="LeaderboardStratum")


@_attrs_define
class LeaderboardStratum:
    """A stratum's own leaderboard, or (``error`` only) why it has none.

    Attributes:
        protocol (str | Unset):
        tuned_on (int | Unset):
        measured_on (int | Unset):
        documents (int | Unset):
        warning (None | str | Unset):
        evaluators (LeaderboardStratumEvaluators | Unset):
        unscored (LeaderboardStratumUnscored | Unset): name -> why its threshold could not be tuned on this stratum's
            dev.
        error (str | Unset):
    """

    protocol: str | Unset = UNSET
    tuned_on: int | Unset = UNSET
    measured_on: int | Unset = UNSET
    documents: int | Unset = UNSET
    warning: None | str | Unset = UNSET
    evaluators: LeaderboardStratumEvaluators | Unset = UNSET
    unscored: LeaderboardStratumUnscored | Unset = UNSET
    error: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        protocol = self.protocol

        tuned_on = self.tuned_on

        measured_on = self.measured_on

        documents = self.documents

        warning: None | str | Unset
        if isinstance(self.warning, Unset):
            warning = UNSET
        else:
            warning = self.warning

        evaluators: dict[str, Any] | Unset = UNSET
        if not isinstance(self.evaluators, Unset):
            evaluators = self.evaluators.to_dict()

        unscored: dict[str, Any] | Unset = UNSET
        if not isinstance(self.unscored, Unset):
            unscored = self.unscored.to_dict()

        error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if protocol is not UNSET:
            field_dict["protocol"] = protocol
        if tuned_on is not UNSET:
            field_dict["tuned_on"] = tuned_on
        if measured_on is not UNSET:
            field_dict["measured_on"] = measured_on
        if documents is not UNSET:
            field_dict["documents"] = documents
        if warning is not UNSET:
            field_dict["warning"] = warning
        if evaluators is not UNSET:
            field_dict["evaluators"] = evaluators
        if unscored is not UNSET:
            field_dict["unscored"] = unscored
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.leaderboard_stratum_evaluators import LeaderboardStratumEvaluators
        from ..models.leaderboard_stratum_unscored import LeaderboardStratumUnscored

        d = dict(src_dict)
        protocol = d.pop("protocol", UNSET)

        tuned_on = d.pop("tuned_on", UNSET)

        measured_on = d.pop("measured_on", UNSET)

        documents = d.pop("documents", UNSET)

        def _parse_warning(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        warning = _parse_warning(d.pop("warning", UNSET))

        _evaluators = d.pop("evaluators", UNSET)
        evaluators: LeaderboardStratumEvaluators | Unset
        if isinstance(_evaluators, Unset):
            evaluators = UNSET
        else:
            evaluators = LeaderboardStratumEvaluators.from_dict(_evaluators)

        _unscored = d.pop("unscored", UNSET)
        unscored: LeaderboardStratumUnscored | Unset
        if isinstance(_unscored, Unset):
            unscored = UNSET
        else:
            unscored = LeaderboardStratumUnscored.from_dict(_unscored)

        error = d.pop("error", UNSET)

        leaderboard_stratum = cls(
            protocol=protocol,
            tuned_on=tuned_on,
            measured_on=measured_on,
            documents=documents,
            warning=warning,
            evaluators=evaluators,
            unscored=unscored,
            error=error,
        )

        leaderboard_stratum.additional_properties = d
        return leaderboard_stratum

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
