from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ImportFormatOutput")


@_attrs_define
class ImportFormatOutput:
    """
    Attributes:
        name (str): The value of the import's `format`.
        label (str):
        what (str): What the file holds, in one sentence.
        doc (str): Its page: docs/formats/{doc}.md.
        accept (list[str]): The file suffixes an upload may have.
        folder (bool): A folder, uploaded as its .zip.
        lenient (bool): Whether the import takes `lenient`.
    """

    name: str
    label: str
    what: str
    doc: str
    accept: list[str]
    folder: bool
    lenient: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        label = self.label

        what = self.what

        doc = self.doc

        accept = self.accept

        folder = self.folder

        lenient = self.lenient

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "label": label,
                "what": what,
                "doc": doc,
                "accept": accept,
                "folder": folder,
                "lenient": lenient,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        label = d.pop("label")

        what = d.pop("what")

        doc = d.pop("doc")

        accept = cast(list[str], d.pop("accept"))

        folder = d.pop("folder")

        lenient = d.pop("lenient")

        import_format_output = cls(
            name=name,
            label=label,
            what=what,
            doc=doc,
            accept=accept,
            folder=folder,
            lenient=lenient,
        )

        import_format_output.additional_properties = d
        return import_format_output

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
