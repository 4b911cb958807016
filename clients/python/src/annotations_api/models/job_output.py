from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.job_status_enum import JobStatusEnum

T = TypeVar("T", bound="JobOutput")


@_attrs_define
class JobOutput:
    """
    Attributes:
        id (int):
        kind (str):
        status (JobStatusEnum): * `queued` - queued
            * `running` - running
            * `succeeded` - succeeded
            * `failed` - failed
        progress (int):
        message (str):
        result (Any): What the job produced.
        error (str):
        can_retry (bool): Waiting for a worker, or failed with its inputs kept: POST .../retry/.
        can_cancel (bool): No worker has started it: POST .../cancel/ ends it failed.
    """

    id: int
    kind: str
    status: JobStatusEnum
    progress: int
    message: str
    result: Any
    error: str
    can_retry: bool
    can_cancel: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        kind = self.kind

        status = self.status.value

        progress = self.progress

        message = self.message

        result = self.result

        error = self.error

        can_retry = self.can_retry

        can_cancel = self.can_cancel

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "status": status,
                "progress": progress,
                "message": message,
                "result": result,
                "error": error,
                "can_retry": can_retry,
                "can_cancel": can_cancel,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        kind = d.pop("kind")

        status = JobStatusEnum(d.pop("status"))

        progress = d.pop("progress")

        message = d.pop("message")

        result = d.pop("result")

        error = d.pop("error")

        can_retry = d.pop("can_retry")

        can_cancel = d.pop("can_cancel")

        job_output = cls(
            id=id,
            kind=kind,
            status=status,
            progress=progress,
            message=message,
            result=result,
            error=error,
            can_retry=can_retry,
            can_cancel=can_cancel,
        )

        job_output.additional_properties = d
        return job_output

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
