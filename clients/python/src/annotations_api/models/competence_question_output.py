from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.competence_annotator_output import CompetenceAnnotatorOutput
    from ..models.competence_items_output import CompetenceItemsOutput


T = TypeVar("T", bound="CompetenceQuestionOutput")


@_attrs_define
class CompetenceQuestionOutput:
    """
    Attributes:
        key (str):
        label (str):
        classes (list[str]):
        n_items (int):
        n_raters (int):
        priors (list[float | None] | None):
        annotators (list[CompetenceAnnotatorOutput]):
        items (CompetenceItemsOutput | None):
        note (None | str):
        converged (bool | Unset):
    """

    key: str
    label: str
    classes: list[str]
    n_items: int
    n_raters: int
    priors: list[float | None] | None
    annotators: list[CompetenceAnnotatorOutput]
    items: CompetenceItemsOutput | None
    note: None | str
    converged: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.competence_items_output import CompetenceItemsOutput

        key = self.key

        label = self.label

        classes = self.classes

        n_items = self.n_items

        n_raters = self.n_raters

        priors: list[float | None] | None
        if isinstance(self.priors, list):
            priors = []
            for priors_type_0_item_data in self.priors:
                priors_type_0_item: float | None
                priors_type_0_item = priors_type_0_item_data
                priors.append(priors_type_0_item)

        else:
            priors = self.priors

        annotators = []
        for annotators_item_data in self.annotators:
            annotators_item = annotators_item_data.to_dict()
            annotators.append(annotators_item)

        items: dict[str, Any] | None
        if isinstance(self.items, CompetenceItemsOutput):
            items = self.items.to_dict()
        else:
            items = self.items

        note: None | str
        note = self.note

        converged = self.converged

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "label": label,
                "classes": classes,
                "n_items": n_items,
                "n_raters": n_raters,
                "priors": priors,
                "annotators": annotators,
                "items": items,
                "note": note,
            }
        )
        if converged is not UNSET:
            field_dict["converged"] = converged

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.competence_annotator_output import CompetenceAnnotatorOutput
        from ..models.competence_items_output import CompetenceItemsOutput

        d = dict(src_dict)
        key = d.pop("key")

        label = d.pop("label")

        classes = cast(list[str], d.pop("classes"))

        n_items = d.pop("n_items")

        n_raters = d.pop("n_raters")

        def _parse_priors(data: object) -> list[float | None] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                priors_type_0 = []
                _priors_type_0 = data
                for priors_type_0_item_data in _priors_type_0:

                    def _parse_priors_type_0_item(data: object) -> float | None:
                        if data is None:
                            return data
                        return cast(float | None, data)

                    priors_type_0_item = _parse_priors_type_0_item(priors_type_0_item_data)

                    priors_type_0.append(priors_type_0_item)

                return priors_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[float | None] | None, data)

        priors = _parse_priors(d.pop("priors"))

        annotators = []
        _annotators = d.pop("annotators")
        for annotators_item_data in _annotators:
            annotators_item = CompetenceAnnotatorOutput.from_dict(annotators_item_data)

            annotators.append(annotators_item)

        def _parse_items(data: object) -> CompetenceItemsOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                items_type_1 = CompetenceItemsOutput.from_dict(data)

                return items_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CompetenceItemsOutput | None, data)

        items = _parse_items(d.pop("items"))

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))

        converged = d.pop("converged", UNSET)

        competence_question_output = cls(
            key=key,
            label=label,
            classes=classes,
            n_items=n_items,
            n_raters=n_raters,
            priors=priors,
            annotators=annotators,
            items=items,
            note=note,
            converged=converged,
        )

        competence_question_output.additional_properties = d
        return competence_question_output

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
