from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.scheme_switch_output import SchemeSwitchOutput
    from ..models.taxonomy_choice_output import TaxonomyChoiceOutput


T = TypeVar("T", bound="ProjectOptionsOutput")


@_attrs_define
class ProjectOptionsOutput:
    """
    Attributes:
        default_taxonomy (str):
        taxonomies (list[TaxonomyChoiceOutput]): The built-in taxonomies.
        scheme (list[SchemeSwitchOutput]): The questions a project can ask.
    """

    default_taxonomy: str
    taxonomies: list[TaxonomyChoiceOutput]
    scheme: list[SchemeSwitchOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        default_taxonomy = self.default_taxonomy

        taxonomies = []
        for taxonomies_item_data in self.taxonomies:
            taxonomies_item = taxonomies_item_data.to_dict()
            taxonomies.append(taxonomies_item)

        scheme = []
        for scheme_item_data in self.scheme:
            scheme_item = scheme_item_data.to_dict()
            scheme.append(scheme_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "default_taxonomy": default_taxonomy,
                "taxonomies": taxonomies,
                "scheme": scheme,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.scheme_switch_output import SchemeSwitchOutput
        from ..models.taxonomy_choice_output import TaxonomyChoiceOutput

        d = dict(src_dict)
        default_taxonomy = d.pop("default_taxonomy")

        taxonomies = []
        _taxonomies = d.pop("taxonomies")
        for taxonomies_item_data in _taxonomies:
            taxonomies_item = TaxonomyChoiceOutput.from_dict(taxonomies_item_data)

            taxonomies.append(taxonomies_item)

        scheme = []
        _scheme = d.pop("scheme")
        for scheme_item_data in _scheme:
            scheme_item = SchemeSwitchOutput.from_dict(scheme_item_data)

            scheme.append(scheme_item)

        project_options_output = cls(
            default_taxonomy=default_taxonomy,
            taxonomies=taxonomies,
            scheme=scheme,
        )

        project_options_output.additional_properties = d
        return project_options_output

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
