from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.error_envelope_errors import ErrorEnvelopeErrors


T = TypeVar("T", bound="ErrorEnvelope")


@_attrs_define
class ErrorEnvelope:
    """Every API error (docs/api/errors.md).

    Attributes:
        status (int):
        code (str):
        message (str):
        errors (ErrorEnvelopeErrors):
        current (Any | Unset): A stale save (409): the saved state to compare with.
        missing (list[Any] | Unset): A refused submit or release: what is missing.
        job (int | Unset): 503 queue_unavailable: the saved job, to follow or cancel.
        release (int | Unset): 503 queue_unavailable: the saved release, to follow or cancel.
    """

    status: int
    code: str
    message: str
    errors: ErrorEnvelopeErrors
    current: Any | Unset = UNSET
    missing: list[Any] | Unset = UNSET
    job: int | Unset = UNSET
    release: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        code = self.code

        message = self.message

        errors = self.errors.to_dict()

        current = self.current

        missing: list[Any] | Unset = UNSET
        if not isinstance(self.missing, Unset):
            missing = self.missing

        job = self.job

        release = self.release

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "code": code,
                "message": message,
                "errors": errors,
            }
        )
        if current is not UNSET:
            field_dict["current"] = current
        if missing is not UNSET:
            field_dict["missing"] = missing
        if job is not UNSET:
            field_dict["job"] = job
        if release is not UNSET:
            field_dict["release"] = release

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.error_envelope_errors import ErrorEnvelopeErrors

        d = dict(src_dict)
        status = d.pop("status")

        code = d.pop("code")

        message = d.pop("message")

        errors = ErrorEnvelopeErrors.from_dict(d.pop("errors"))

        current = d.pop("current", UNSET)

        missing = cast(list[Any], d.pop("missing", UNSET))

        job = d.pop("job", UNSET)

        release = d.pop("release", UNSET)

        error_envelope = cls(
            status=status,
            code=code,
            message=message,
            errors=errors,
            current=current,
            missing=missing,
            job=job,
            release=release,
        )

        error_envelope.additional_properties = d
        return error_envelope

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
