from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.api_token_status_enum import ApiTokenStatusEnum
from ..models.token_scope_enum import TokenScopeEnum

T = TypeVar("T", bound="TokenOutput")


@_attrs_define
class TokenOutput:
    """
    Attributes:
        id (int):
        name (str):
        scope (TokenScopeEnum): * `read` - Read only
            * `write` - Read and write
        hint (str): The secret's first characters, to tell tokens apart.
        status (ApiTokenStatusEnum): * `active` - active
            * `expired` - expired
            * `revoked` - revoked
        created_at (datetime.datetime):
        expires_at (datetime.datetime):
        last_used_at (datetime.datetime | None): Accurate to a minute: it is written at most once a minute.
        revoked_at (datetime.datetime | None):
    """

    id: int
    name: str
    scope: TokenScopeEnum
    hint: str
    status: ApiTokenStatusEnum
    created_at: datetime.datetime
    expires_at: datetime.datetime
    last_used_at: datetime.datetime | None
    revoked_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        scope = self.scope.value

        hint = self.hint

        status = self.status.value

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        last_used_at: None | str
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at

        revoked_at: None | str
        if isinstance(self.revoked_at, datetime.datetime):
            revoked_at = self.revoked_at.isoformat()
        else:
            revoked_at = self.revoked_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "scope": scope,
                "hint": hint,
                "status": status,
                "created_at": created_at,
                "expires_at": expires_at,
                "last_used_at": last_used_at,
                "revoked_at": revoked_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        scope = TokenScopeEnum(d.pop("scope"))

        hint = d.pop("hint")

        status = ApiTokenStatusEnum(d.pop("status"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        def _parse_last_used_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_used_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_used_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at"))

        def _parse_revoked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revoked_at_type_0 = datetime.datetime.fromisoformat(data)

                return revoked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        revoked_at = _parse_revoked_at(d.pop("revoked_at"))

        token_output = cls(
            id=id,
            name=name,
            scope=scope,
            hint=hint,
            status=status,
            created_at=created_at,
            expires_at=expires_at,
            last_used_at=last_used_at,
            revoked_at=revoked_at,
        )

        token_output.additional_properties = d
        return token_output

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
