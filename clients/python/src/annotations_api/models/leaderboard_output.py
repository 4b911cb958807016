from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.leaderboard_correlations import LeaderboardCorrelations
    from ..models.leaderboard_evaluator_output import LeaderboardEvaluatorOutput
    from ..models.leaderboard_levels import LeaderboardLevels
    from ..models.leaderboard_output_acus import LeaderboardOutputAcus
    from ..models.leaderboard_output_error_type_accuracy import LeaderboardOutputErrorTypeAccuracy
    from ..models.leaderboard_output_explanations_same import LeaderboardOutputExplanationsSame
    from ..models.leaderboard_output_key_facts import LeaderboardOutputKeyFacts
    from ..models.leaderboard_output_self_agreement import LeaderboardOutputSelfAgreement
    from ..models.leaderboard_output_spans import LeaderboardOutputSpans
    from ..models.leaderboard_output_strata import LeaderboardOutputStrata
    from ..models.leaderboard_output_success import LeaderboardOutputSuccess


T = TypeVar("T", bound="LeaderboardOutput")


@_attrs_define
class LeaderboardOutput:
    """
    Attributes:
        release (str): project@version.
        evaluators (list[LeaderboardEvaluatorOutput]):
        levels (LeaderboardLevels):
        self_agreement (LeaderboardOutputSelfAgreement): evaluator -> level -> agreement of its runs with each other.
        explanations_same (LeaderboardOutputExplanationsSame): evaluator -> share of its explanations judged to name the
            same error.
        correlations (LeaderboardCorrelations): Per aspect, the correlations of evaluator scores with human scores
            (null: the release
            or no run has what the aspect needs).
        strata (LeaderboardOutputStrata): level -> grouping (corpus, system_category) -> stratum -> figures.
        spans (LeaderboardOutputSpans): evaluator -> error category (all: every span) -> span-F1.
        key_facts (LeaderboardOutputKeyFacts):
        acus (LeaderboardOutputAcus):
        error_type_accuracy (LeaderboardOutputErrorTypeAccuracy):
        success (LeaderboardOutputSuccess):
    """

    release: str
    evaluators: list[LeaderboardEvaluatorOutput]
    levels: LeaderboardLevels
    self_agreement: LeaderboardOutputSelfAgreement
    explanations_same: LeaderboardOutputExplanationsSame
    correlations: LeaderboardCorrelations
    strata: LeaderboardOutputStrata
    spans: LeaderboardOutputSpans
    key_facts: LeaderboardOutputKeyFacts
    acus: LeaderboardOutputAcus
    error_type_accuracy: LeaderboardOutputErrorTypeAccuracy
    success: LeaderboardOutputSuccess
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        release = self.release

        evaluators = []
        for evaluators_item_data in self.evaluators:
            evaluators_item = evaluators_item_data.to_dict()
            evaluators.append(evaluators_item)

        levels = self.levels.to_dict()

        self_agreement = self.self_agreement.to_dict()

        explanations_same = self.explanations_same.to_dict()

        correlations = self.correlations.to_dict()

        strata = self.strata.to_dict()

        spans = self.spans.to_dict()

        key_facts = self.key_facts.to_dict()

        acus = self.acus.to_dict()

        error_type_accuracy = self.error_type_accuracy.to_dict()

        success = self.success.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "release": release,
                "evaluators": evaluators,
                "levels": levels,
                "self_agreement": self_agreement,
                "explanations_same": explanations_same,
                "correlations": correlations,
                "strata": strata,
                "spans": spans,
                "key_facts": key_facts,
                "acus": acus,
                "error_type_accuracy": error_type_accuracy,
                "success": success,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.leaderboard_correlations import LeaderboardCorrelations
        from ..models.leaderboard_evaluator_output import LeaderboardEvaluatorOutput
        from ..models.leaderboard_levels import LeaderboardLevels
        from ..models.leaderboard_output_acus import LeaderboardOutputAcus
        from ..models.leaderboard_output_error_type_accuracy import (
            LeaderboardOutputErrorTypeAccuracy,
        )
        from ..models.leaderboard_output_explanations_same import LeaderboardOutputExplanationsSame
        from ..models.leaderboard_output_key_facts import LeaderboardOutputKeyFacts
        from ..models.leaderboard_output_self_agreement import LeaderboardOutputSelfAgreement
        from ..models.leaderboard_output_spans import LeaderboardOutputSpans
        from ..models.leaderboard_output_strata import LeaderboardOutputStrata
        from ..models.leaderboard_output_success import LeaderboardOutputSuccess

        d = dict(src_dict)
        release = d.pop("release")

        evaluators = []
        _evaluators = d.pop("evaluators")
        for evaluators_item_data in _evaluators:
            evaluators_item = LeaderboardEvaluatorOutput.from_dict(evaluators_item_data)

            evaluators.append(evaluators_item)

        levels = LeaderboardLevels.from_dict(d.pop("levels"))

        self_agreement = LeaderboardOutputSelfAgreement.from_dict(d.pop("self_agreement"))

        explanations_same = LeaderboardOutputExplanationsSame.from_dict(d.pop("explanations_same"))

        correlations = LeaderboardCorrelations.from_dict(d.pop("correlations"))

        strata = LeaderboardOutputStrata.from_dict(d.pop("strata"))

        spans = LeaderboardOutputSpans.from_dict(d.pop("spans"))

        key_facts = LeaderboardOutputKeyFacts.from_dict(d.pop("key_facts"))

        acus = LeaderboardOutputAcus.from_dict(d.pop("acus"))

        error_type_accuracy = LeaderboardOutputErrorTypeAccuracy.from_dict(
            d.pop("error_type_accuracy")
        )

        success = LeaderboardOutputSuccess.from_dict(d.pop("success"))

        leaderboard_output = cls(
            release=release,
            evaluators=evaluators,
            levels=levels,
            self_agreement=self_agreement,
            explanations_same=explanations_same,
            correlations=correlations,
            strata=strata,
            spans=spans,
            key_facts=key_facts,
            acus=acus,
            error_type_accuracy=error_type_accuracy,
            success=success,
        )

        leaderboard_output.additional_properties = d
        return leaderboard_output

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
