from __future__ import annotations

from collections.abc import Mapping
from io import BytesIO
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from .. import types
from ..models.admin_projects_imports_create_body_format import AdminProjectsImportsCreateBodyFormat
from ..types import UNSET, File, Unset

T = TypeVar("T", bound="AdminProjectsImportsCreateBody")


@_attrs_define
class AdminProjectsImportsCreateBody:
    """
    Attributes:
        file (File): The corpus file, a file part with its filename (any name).
        format_ (AdminProjectsImportsCreateBodyFormat | Unset): One of the import formats GET /api/admin/import-formats/
            lists (docs/formats/imports.md); a layout that is a folder is uploaded as its .zip. Default:
            AdminProjectsImportsCreateBodyFormat.NATIVE.
        lenient (bool | Unset): circumstantial only: import the study's own file as published and report, row by row,
            what was not imported as written. Default: False.
    """

    file: File
    format_: AdminProjectsImportsCreateBodyFormat | Unset = (
        AdminProjectsImportsCreateBodyFormat.NATIVE
    )
    lenient: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        file = self.file.to_tuple()

        format_: str | Unset = UNSET
        if not isinstance(self.format_, Unset):
            format_ = self.format_.value

        lenient = self.lenient

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "file": file,
            }
        )
        if format_ is not UNSET:
            field_dict["format"] = format_
        if lenient is not UNSET:
            field_dict["lenient"] = lenient

        return field_dict

    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        files.append(("file", self.file.to_tuple()))

        if not isinstance(self.format_, Unset):
            files.append(("format", (None, str(self.format_.value).encode(), "text/plain")))

        if not isinstance(self.lenient, Unset):
            files.append(("lenient", (None, str(self.lenient).encode(), "text/plain")))

        for prop_name, prop in self.additional_properties.items():
            files.append((prop_name, (None, str(prop).encode(), "text/plain")))

        return files

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        file = File(payload=BytesIO(d.pop("file")))

        _format_ = d.pop("format", UNSET)
        format_: AdminProjectsImportsCreateBodyFormat | Unset
        if isinstance(_format_, Unset):
            format_ = UNSET
        else:
            format_ = AdminProjectsImportsCreateBodyFormat(_format_)

        lenient = d.pop("lenient", UNSET)

        admin_projects_imports_create_body = cls(
            file=file,
            format_=format_,
            lenient=lenient,
        )

        admin_projects_imports_create_body.additional_properties = d
        return admin_projects_imports_create_body

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
