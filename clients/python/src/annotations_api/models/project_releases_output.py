from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.formats_enum import FormatsEnum

if TYPE_CHECKING:
    from ..models.release_output import ReleaseOutput
    from ..models.release_project_output import ReleaseProjectOutput
    from ..models.release_round_output import ReleaseRoundOutput


T = TypeVar("T", bound="ProjectReleasesOutput")


@_attrs_define
class ProjectReleasesOutput:
    """The paging fields count the project's releases.

    Attributes:
        count (int): Rows in the whole list.
        page (int): This page's number (1-based).
        pages (int): How many pages there are (at least 1).
        page_size (int): Rows a page.
        project (ReleaseProjectOutput):
        rounds (list[ReleaseRoundOutput]):
        formats (list[FormatsEnum]):
        releases (list[ReleaseOutput]): The page's releases, newest first.
    """

    count: int
    page: int
    pages: int
    page_size: int
    project: ReleaseProjectOutput
    rounds: list[ReleaseRoundOutput]
    formats: list[FormatsEnum]
    releases: list[ReleaseOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        page = self.page

        pages = self.pages

        page_size = self.page_size

        project = self.project.to_dict()

        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item = rounds_item_data.to_dict()
            rounds.append(rounds_item)

        formats = []
        for formats_item_data in self.formats:
            formats_item = formats_item_data.value
            formats.append(formats_item)

        releases = []
        for releases_item_data in self.releases:
            releases_item = releases_item_data.to_dict()
            releases.append(releases_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "count": count,
                "page": page,
                "pages": pages,
                "page_size": page_size,
                "project": project,
                "rounds": rounds,
                "formats": formats,
                "releases": releases,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.release_output import ReleaseOutput
        from ..models.release_project_output import ReleaseProjectOutput
        from ..models.release_round_output import ReleaseRoundOutput

        d = dict(src_dict)
        count = d.pop("count")

        page = d.pop("page")

        pages = d.pop("pages")

        page_size = d.pop("page_size")

        project = ReleaseProjectOutput.from_dict(d.pop("project"))

        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in _rounds:
            rounds_item = ReleaseRoundOutput.from_dict(rounds_item_data)

            rounds.append(rounds_item)

        formats = []
        _formats = d.pop("formats")
        for formats_item_data in _formats:
            formats_item = FormatsEnum(formats_item_data)

            formats.append(formats_item)

        releases = []
        _releases = d.pop("releases")
        for releases_item_data in _releases:
            releases_item = ReleaseOutput.from_dict(releases_item_data)

            releases.append(releases_item)

        project_releases_output = cls(
            count=count,
            page=page,
            pages=pages,
            page_size=page_size,
            project=project,
            rounds=rounds,
            formats=formats,
            releases=releases,
        )

        project_releases_output.additional_properties = d
        return project_releases_output

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
