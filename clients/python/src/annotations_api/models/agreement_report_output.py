from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agreement_question_output import AgreementQuestionOutput
    from ..models.assistance_output import AssistanceOutput
    from ..models.assisted_reveal_output import AssistedRevealOutput
    from ..models.competence_output import CompetenceOutput


T = TypeVar("T", bound="AgreementReportOutput")


@_attrs_define
class AgreementReportOutput:
    """
    Attributes:
        round_ (int):
        computed_at (datetime.datetime):
        inputs_hash (str):
        stale (bool):
        annotators (list[str]):
        questions (list[AgreementQuestionOutput]):
        updating (bool | Unset): An automatic recompute after recent submits is waiting or running; the page polls and
            shows the new report when it lands (docs/agreement.md).
        assistance (AssistanceOutput | Unset):
        assisted_reveal (AssistedRevealOutput | Unset):
        competence (CompetenceOutput | Unset):
    """

    round_: int
    computed_at: datetime.datetime
    inputs_hash: str
    stale: bool
    annotators: list[str]
    questions: list[AgreementQuestionOutput]
    updating: bool | Unset = UNSET
    assistance: AssistanceOutput | Unset = UNSET
    assisted_reveal: AssistedRevealOutput | Unset = UNSET
    competence: CompetenceOutput | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        computed_at = self.computed_at.isoformat()

        inputs_hash = self.inputs_hash

        stale = self.stale

        annotators = self.annotators

        questions = []
        for questions_item_data in self.questions:
            questions_item = questions_item_data.to_dict()
            questions.append(questions_item)

        updating = self.updating

        assistance: dict[str, Any] | Unset = UNSET
        if not isinstance(self.assistance, Unset):
            assistance = self.assistance.to_dict()

        assisted_reveal: dict[str, Any] | Unset = UNSET
        if not isinstance(self.assisted_reveal, Unset):
            assisted_reveal = self.assisted_reveal.to_dict()

        competence: dict[str, Any] | Unset = UNSET
        if not isinstance(self.competence, Unset):
            competence = self.competence.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "round": round_,
                "computed_at": computed_at,
                "inputs_hash": inputs_hash,
                "stale": stale,
                "annotators": annotators,
                "questions": questions,
            }
        )
        if updating is not UNSET:
            field_dict["updating"] = updating
        if assistance is not UNSET:
            field_dict["assistance"] = assistance
        if assisted_reveal is not UNSET:
            field_dict["assisted_reveal"] = assisted_reveal
        if competence is not UNSET:
            field_dict["competence"] = competence

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.agreement_question_output import AgreementQuestionOutput
        from ..models.assistance_output import AssistanceOutput
        from ..models.assisted_reveal_output import AssistedRevealOutput
        from ..models.competence_output import CompetenceOutput

        d = dict(src_dict)
        round_ = d.pop("round")

        computed_at = datetime.datetime.fromisoformat(d.pop("computed_at"))

        inputs_hash = d.pop("inputs_hash")

        stale = d.pop("stale")

        annotators = cast(list[str], d.pop("annotators"))

        questions = []
        _questions = d.pop("questions")
        for questions_item_data in _questions:
            questions_item = AgreementQuestionOutput.from_dict(questions_item_data)

            questions.append(questions_item)

        updating = d.pop("updating", UNSET)

        _assistance = d.pop("assistance", UNSET)
        assistance: AssistanceOutput | Unset
        if isinstance(_assistance, Unset):
            assistance = UNSET
        else:
            assistance = AssistanceOutput.from_dict(_assistance)

        _assisted_reveal = d.pop("assisted_reveal", UNSET)
        assisted_reveal: AssistedRevealOutput | Unset
        if isinstance(_assisted_reveal, Unset):
            assisted_reveal = UNSET
        else:
            assisted_reveal = AssistedRevealOutput.from_dict(_assisted_reveal)

        _competence = d.pop("competence", UNSET)
        competence: CompetenceOutput | Unset
        if isinstance(_competence, Unset):
            competence = UNSET
        else:
            competence = CompetenceOutput.from_dict(_competence)

        agreement_report_output = cls(
            round_=round_,
            computed_at=computed_at,
            inputs_hash=inputs_hash,
            stale=stale,
            annotators=annotators,
            questions=questions,
            updating=updating,
            assistance=assistance,
            assisted_reveal=assisted_reveal,
            competence=competence,
        )

        agreement_report_output.additional_properties = d
        return agreement_report_output

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
