from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ProjectCreateInputSchemeType1")


@_attrs_define
class ProjectCreateInputSchemeType1:
    """
    Attributes:
        error_spans (bool):
        evidence (bool | Unset):
        require_evidence (bool | Unset):
    """

    error_spans: bool
    evidence: bool | Unset = UNSET
    require_evidence: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        error_spans = self.error_spans

        evidence = self.evidence

        require_evidence = self.require_evidence

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "error_spans": error_spans,
            }
        )
        if evidence is not UNSET:
            field_dict["evidence"] = evidence
        if require_evidence is not UNSET:
            field_dict["require_evidence"] = require_evidence

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        error_spans = d.pop("error_spans")

        evidence = d.pop("evidence", UNSET)

        require_evidence = d.pop("require_evidence", UNSET)

        project_create_input_scheme_type_1 = cls(
            error_spans=error_spans,
            evidence=evidence,
            require_evidence=require_evidence,
        )

        project_create_input_scheme_type_1.additional_properties = d
        return project_create_input_scheme_type_1

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
