from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.token_scope_enum import TokenScopeEnum

T = TypeVar("T", bound="TokenInput")


@_attrs_define
class TokenInput:
    """
    Attributes:
        name (str): What the token is for.
        scope (TokenScopeEnum): * `read` - Read only
            * `write` - Read and write
        expires_in_days (int): Days until the token stops working, 1 to 365.
    """

    name: str
    scope: TokenScopeEnum
    expires_in_days: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        scope = self.scope.value

        expires_in_days = self.expires_in_days

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "scope": scope,
                "expires_in_days": expires_in_days,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        scope = TokenScopeEnum(d.pop("scope"))

        expires_in_days = d.pop("expires_in_days")

        token_input = cls(
            name=name,
            scope=scope,
            expires_in_days=expires_in_days,
        )

        token_input.additional_properties = d
        return token_input

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
