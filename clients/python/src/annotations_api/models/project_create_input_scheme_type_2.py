from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ProjectCreateInputSchemeType2")


@_attrs_define
class ProjectCreateInputSchemeType2:
    """
    Attributes:
        error_spans (bool):
        evidence (bool):
    """

    error_spans: bool
    evidence: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        error_spans = self.error_spans

        evidence = self.evidence

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "error_spans": error_spans,
                "evidence": evidence,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        error_spans = d.pop("error_spans")

        evidence = d.pop("evidence")

        project_create_input_scheme_type_2 = cls(
            error_spans=error_spans,
            evidence=evidence,
        )

        project_create_input_scheme_type_2.additional_properties = d
        return project_create_input_scheme_type_2

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
