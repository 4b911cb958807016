from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.annotation_round_input_kind_enum import AnnotationRoundInputKindEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.round_assistance_input import RoundAssistanceInput
    from ..models.round_hardest_units import RoundHardestUnits
    from ..models.round_sample_units import RoundSampleUnits
    from ..models.round_select_units import RoundSelectUnits
    from ..models.round_topic_units import RoundTopicUnits


T = TypeVar("T", bound="AnnotationRoundInput")


@_attrs_define
class AnnotationRoundInput:
    """A practice, qualification or pilot round: linguists answer the project's scheme.

    Attributes:
        name (str):
        overlap (int): Annotators per unit; at most as many as are named.
        guideline_version (int):
        annotators (list[str]): Usernames of the project's annotators (reviewers for a review round), each once.
        kind (AnnotationRoundInputKindEnum): * `practice` - practice
            * `qualification` - qualification
            * `pilot` - pilot
        units (RoundHardestUnits | RoundSampleUnits | RoundSelectUnits | RoundTopicUnits):
        evidence_hints (bool | Unset): Mark the turns most related to a sentence while linking evidence. Default: True.
        key_fact_source (str | Unset): Blank: each linguist writes the unit's key facts; else the source of the given
            key-fact list they align (every unit must have one). Default: ''.
        given_atomic_facts (bool | Unset): Linguists verify each summary's given atomic facts instead of writing.
            Default: False.
        assistance (None | RoundAssistanceInput | Unset): Off (null), or a corpus run revealed after each label in a
            share of units.
    """

    name: str
    overlap: int
    guideline_version: int
    annotators: list[str]
    kind: AnnotationRoundInputKindEnum
    units: RoundHardestUnits | RoundSampleUnits | RoundSelectUnits | RoundTopicUnits
    evidence_hints: bool | Unset = True
    key_fact_source: str | Unset = ""
    given_atomic_facts: bool | Unset = False
    assistance: None | RoundAssistanceInput | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.round_assistance_input import RoundAssistanceInput
        from ..models.round_hardest_units import RoundHardestUnits
        from ..models.round_sample_units import RoundSampleUnits
        from ..models.round_topic_units import RoundTopicUnits

        name = self.name

        overlap = self.overlap

        guideline_version = self.guideline_version

        annotators = self.annotators

        kind = self.kind.value

        units: dict[str, Any]
        if (
            isinstance(self.units, RoundSampleUnits)
            or isinstance(self.units, RoundTopicUnits)
            or isinstance(self.units, RoundHardestUnits)
        ):
            units = self.units.to_dict()
        else:
            units = self.units.to_dict()

        evidence_hints = self.evidence_hints

        key_fact_source = self.key_fact_source

        given_atomic_facts = self.given_atomic_facts

        assistance: dict[str, Any] | None | Unset
        if isinstance(self.assistance, Unset):
            assistance = UNSET
        elif isinstance(self.assistance, RoundAssistanceInput):
            assistance = self.assistance.to_dict()
        else:
            assistance = self.assistance

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "overlap": overlap,
                "guideline_version": guideline_version,
                "annotators": annotators,
                "kind": kind,
                "units": units,
            }
        )
        if evidence_hints is not UNSET:
            field_dict["evidence_hints"] = evidence_hints
        if key_fact_source is not UNSET:
            field_dict["key_fact_source"] = key_fact_source
        if given_atomic_facts is not UNSET:
            field_dict["given_atomic_facts"] = given_atomic_facts
        if assistance is not UNSET:
            field_dict["assistance"] = assistance

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.round_assistance_input import RoundAssistanceInput
        from ..models.round_hardest_units import RoundHardestUnits
        from ..models.round_sample_units import RoundSampleUnits
        from ..models.round_select_units import RoundSelectUnits
        from ..models.round_topic_units import RoundTopicUnits

        d = dict(src_dict)
        name = d.pop("name")

        overlap = d.pop("overlap")

        guideline_version = d.pop("guideline_version")

        annotators = cast(list[str], d.pop("annotators"))

        kind = AnnotationRoundInputKindEnum(d.pop("kind"))

        def _parse_units(
            data: object,
        ) -> RoundHardestUnits | RoundSampleUnits | RoundSelectUnits | RoundTopicUnits:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_round_units_type_0 = RoundSampleUnits.from_dict(data)

                return componentsschemas_round_units_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_round_units_type_1 = RoundTopicUnits.from_dict(data)

                return componentsschemas_round_units_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_round_units_type_2 = RoundHardestUnits.from_dict(data)

                return componentsschemas_round_units_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_round_units_type_3 = RoundSelectUnits.from_dict(data)

            return componentsschemas_round_units_type_3

        units = _parse_units(d.pop("units"))

        evidence_hints = d.pop("evidence_hints", UNSET)

        key_fact_source = d.pop("key_fact_source", UNSET)

        given_atomic_facts = d.pop("given_atomic_facts", UNSET)

        def _parse_assistance(data: object) -> None | RoundAssistanceInput | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                assistance_type_1 = RoundAssistanceInput.from_dict(data)

                return assistance_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RoundAssistanceInput | Unset, data)

        assistance = _parse_assistance(d.pop("assistance", UNSET))

        annotation_round_input = cls(
            name=name,
            overlap=overlap,
            guideline_version=guideline_version,
            annotators=annotators,
            kind=kind,
            units=units,
            evidence_hints=evidence_hints,
            key_fact_source=key_fact_source,
            given_atomic_facts=given_atomic_facts,
            assistance=assistance,
        )

        return annotation_round_input
