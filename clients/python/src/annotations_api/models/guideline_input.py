from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="GuidelineInput")


@_attrs_define
class GuidelineInput:
    """
    Attributes:
        markdown (str):
        changelog (str):
        answers_cases (list[int] | Unset): Flagged adjudication cases this version answers: listed in its changelog.
    """

    markdown: str
    changelog: str
    answers_cases: list[int] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        markdown = self.markdown

        changelog = self.changelog

        answers_cases: list[int] | Unset = UNSET
        if not isinstance(self.answers_cases, Unset):
            answers_cases = self.answers_cases

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "markdown": markdown,
                "changelog": changelog,
            }
        )
        if answers_cases is not UNSET:
            field_dict["answers_cases"] = answers_cases

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        markdown = d.pop("markdown")

        changelog = d.pop("changelog")

        answers_cases = cast(list[int], d.pop("answers_cases", UNSET))

        guideline_input = cls(
            markdown=markdown,
            changelog=changelog,
            answers_cases=answers_cases,
        )

        guideline_input.additional_properties = d
        return guideline_input

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
