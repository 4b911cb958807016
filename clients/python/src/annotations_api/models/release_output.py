from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.release_status_enum import ReleaseStatusEnum

if TYPE_CHECKING:
    from ..models.release_file_output import ReleaseFileOutput
    from ..models.release_output_counts import ReleaseOutputCounts
    from ..models.release_scores import ReleaseScores


T = TypeVar("T", bound="ReleaseOutput")


@_attrs_define
class ReleaseOutput:
    """
    Attributes:
        id (int):
        version (str):
        status (ReleaseStatusEnum): * `building` - building
            * `published` - published
            * `failed` - failed
        progress (int):
        error (str):
        created_at (datetime.datetime):
        published_at (datetime.datetime | None):
        created_by (str):
        counts (ReleaseOutputCounts): summaries, and summaries per split.
        files (list[ReleaseFileOutput]):
        download (None | str):
        scores (None | ReleaseScores): Per system, the mean of each per-summary score with its bootstrap interval and n
            (docs/formats/scores.md); null until published, and for releases built before releases carried scores.
        can_retry (bool): Failed, or waiting for a worker: POST .../retry/ queues it (again).
        can_cancel (bool): No worker has started it: POST .../cancel/ ends it failed.
    """

    id: int
    version: str
    status: ReleaseStatusEnum
    progress: int
    error: str
    created_at: datetime.datetime
    published_at: datetime.datetime | None
    created_by: str
    counts: ReleaseOutputCounts
    files: list[ReleaseFileOutput]
    download: None | str
    scores: None | ReleaseScores
    can_retry: bool
    can_cancel: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.release_scores import ReleaseScores

        id = self.id

        version = self.version

        status = self.status.value

        progress = self.progress

        error = self.error

        created_at = self.created_at.isoformat()

        published_at: None | str
        if isinstance(self.published_at, datetime.datetime):
            published_at = self.published_at.isoformat()
        else:
            published_at = self.published_at

        created_by = self.created_by

        counts = self.counts.to_dict()

        files = []
        for files_item_data in self.files:
            files_item = files_item_data.to_dict()
            files.append(files_item)

        download: None | str
        download = self.download

        scores: dict[str, Any] | None
        if isinstance(self.scores, ReleaseScores):
            scores = self.scores.to_dict()
        else:
            scores = self.scores

        can_retry = self.can_retry

        can_cancel = self.can_cancel

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "version": version,
                "status": status,
                "progress": progress,
                "error": error,
                "created_at": created_at,
                "published_at": published_at,
                "created_by": created_by,
                "counts": counts,
                "files": files,
                "download": download,
                "scores": scores,
                "can_retry": can_retry,
                "can_cancel": can_cancel,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.release_file_output import ReleaseFileOutput
        from ..models.release_output_counts import ReleaseOutputCounts
        from ..models.release_scores import ReleaseScores

        d = dict(src_dict)
        id = d.pop("id")

        version = d.pop("version")

        status = ReleaseStatusEnum(d.pop("status"))

        progress = d.pop("progress")

        error = d.pop("error")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_published_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                published_at_type_0 = datetime.datetime.fromisoformat(data)

                return published_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        published_at = _parse_published_at(d.pop("published_at"))

        created_by = d.pop("created_by")

        counts = ReleaseOutputCounts.from_dict(d.pop("counts"))

        files = []
        _files = d.pop("files")
        for files_item_data in _files:
            files_item = ReleaseFileOutput.from_dict(files_item_data)

            files.append(files_item)

        def _parse_download(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        download = _parse_download(d.pop("download"))

        def _parse_scores(data: object) -> None | ReleaseScores:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                scores_type_1 = ReleaseScores.from_dict(data)

                return scores_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReleaseScores, data)

        scores = _parse_scores(d.pop("scores"))

        can_retry = d.pop("can_retry")

        can_cancel = d.pop("can_cancel")

        release_output = cls(
            id=id,
            version=version,
            status=status,
            progress=progress,
            error=error,
            created_at=created_at,
            published_at=published_at,
            created_by=created_by,
            counts=counts,
            files=files,
            download=download,
            scores=scores,
            can_retry=can_retry,
            can_cancel=can_cancel,
        )

        release_output.additional_properties = d
        return release_output

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
