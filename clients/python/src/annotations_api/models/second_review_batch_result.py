from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.error_envelope import ErrorEnvelope
    from ..models.second_review_state import SecondReviewState


T = TypeVar("T", bound="SecondReviewBatchResult")


@_attrs_define
class SecondReviewBatchResult:
    """
    Attributes:
        kind (str): The judgement's kind: second_review.
        status (int): 200 saved; 400 invalid, 404 not of this unit, 409 stale: see error.
        handle (str): The entry's handle, as sent.
        state (SecondReviewState | Unset):
        error (ErrorEnvelope | Unset): Every API error (docs/api/errors.md).
    """

    kind: str
    status: int
    handle: str
    state: SecondReviewState | Unset = UNSET
    error: ErrorEnvelope | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        status = self.status

        handle = self.handle

        state: dict[str, Any] | Unset = UNSET
        if not isinstance(self.state, Unset):
            state = self.state.to_dict()

        error: dict[str, Any] | Unset = UNSET
        if not isinstance(self.error, Unset):
            error = self.error.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "status": status,
                "handle": handle,
            }
        )
        if state is not UNSET:
            field_dict["state"] = state
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.error_envelope import ErrorEnvelope
        from ..models.second_review_state import SecondReviewState

        d = dict(src_dict)
        kind = d.pop("kind")

        status = d.pop("status")

        handle = d.pop("handle")

        _state = d.pop("state", UNSET)
        state: SecondReviewState | Unset
        if isinstance(_state, Unset):
            state = UNSET
        else:
            state = SecondReviewState.from_dict(_state)

        _error = d.pop("error", UNSET)
        error: ErrorEnvelope | Unset
        if isinstance(_error, Unset):
            error = UNSET
        else:
            error = ErrorEnvelope.from_dict(_error)

        second_review_batch_result = cls(
            kind=kind,
            status=status,
            handle=handle,
            state=state,
            error=error,
        )

        second_review_batch_result.additional_properties = d
        return second_review_batch_result

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
