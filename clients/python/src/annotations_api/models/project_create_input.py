from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.builtin_taxonomy_choice_enum import BuiltinTaxonomyChoiceEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.project_create_input_scheme_type_0 import ProjectCreateInputSchemeType0
    from ..models.project_create_input_scheme_type_1 import ProjectCreateInputSchemeType1
    from ..models.project_create_input_scheme_type_2 import ProjectCreateInputSchemeType2


T = TypeVar("T", bound="ProjectCreateInput")


@_attrs_define
class ProjectCreateInput:
    """
    Attributes:
        slug (str): Lowercase letters, digits, - _.
        name (str | Unset): Default: slug. Default: ''.
        taxonomy (BuiltinTaxonomyChoiceEnum | Unset):  Default: BuiltinTaxonomyChoiceEnum.TOFUEVAL.
        scheme (ProjectCreateInputSchemeType0 | ProjectCreateInputSchemeType1 | ProjectCreateInputSchemeType2 | Unset):
            Question key -> asked; left out: its default. require_error_spans needs error_spans; evidence needs error_spans;
            require_evidence needs evidence.
    """

    slug: str
    name: str | Unset = ""
    taxonomy: BuiltinTaxonomyChoiceEnum | Unset = BuiltinTaxonomyChoiceEnum.TOFUEVAL
    scheme: (
        ProjectCreateInputSchemeType0
        | ProjectCreateInputSchemeType1
        | ProjectCreateInputSchemeType2
        | Unset
    ) = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.project_create_input_scheme_type_0 import ProjectCreateInputSchemeType0
        from ..models.project_create_input_scheme_type_1 import ProjectCreateInputSchemeType1

        slug = self.slug

        name = self.name

        taxonomy: str | Unset = UNSET
        if not isinstance(self.taxonomy, Unset):
            taxonomy = self.taxonomy.value

        scheme: dict[str, Any] | Unset
        if isinstance(self.scheme, Unset):
            scheme = UNSET
        elif isinstance(self.scheme, ProjectCreateInputSchemeType0) or isinstance(
            self.scheme, ProjectCreateInputSchemeType1
        ):
            scheme = self.scheme.to_dict()
        else:
            scheme = self.scheme.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "slug": slug,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if taxonomy is not UNSET:
            field_dict["taxonomy"] = taxonomy
        if scheme is not UNSET:
            field_dict["scheme"] = scheme

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.project_create_input_scheme_type_0 import ProjectCreateInputSchemeType0
        from ..models.project_create_input_scheme_type_1 import ProjectCreateInputSchemeType1
        from ..models.project_create_input_scheme_type_2 import ProjectCreateInputSchemeType2

        d = dict(src_dict)
        slug = d.pop("slug")

        name = d.pop("name", UNSET)

        _taxonomy = d.pop("taxonomy", UNSET)
        taxonomy: BuiltinTaxonomyChoiceEnum | Unset
        if isinstance(_taxonomy, Unset):
            taxonomy = UNSET
        else:
            taxonomy = BuiltinTaxonomyChoiceEnum(_taxonomy)

        def _parse_scheme(
            data: object,
        ) -> (
            ProjectCreateInputSchemeType0
            | ProjectCreateInputSchemeType1
            | ProjectCreateInputSchemeType2
            | Unset
        ):
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                scheme_type_0 = ProjectCreateInputSchemeType0.from_dict(data)

                return scheme_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                scheme_type_1 = ProjectCreateInputSchemeType1.from_dict(data)

                return scheme_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            scheme_type_2 = ProjectCreateInputSchemeType2.from_dict(data)

            return scheme_type_2

        scheme = _parse_scheme(d.pop("scheme", UNSET))

        project_create_input = cls(
            slug=slug,
            name=name,
            taxonomy=taxonomy,
            scheme=scheme,
        )

        project_create_input.additional_properties = d
        return project_create_input

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
