from __future__ import annotations

from collections.abc import Mapping
from io import BytesIO
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from .. import types
from ..models.evaluator_kind_enum import EvaluatorKindEnum
from ..types import UNSET, File, Unset

T = TypeVar("T", bound="CorpusRunUploadInput")


@_attrs_define
class CorpusRunUploadInput:
    """
    Attributes:
        file (File):
        evaluator (str):
        version (str):
        kind (EvaluatorKindEnum | Unset): * `metric` - metric
            * `llm` - LLM Default: EvaluatorKindEnum.METRIC.
        notes (str | Unset):  Default: ''.
    """

    file: File
    evaluator: str
    version: str
    kind: EvaluatorKindEnum | Unset = EvaluatorKindEnum.METRIC
    notes: str | Unset = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        file = self.file.to_tuple()

        evaluator = self.evaluator

        version = self.version

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value

        notes = self.notes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "file": file,
                "evaluator": evaluator,
                "version": version,
            }
        )
        if kind is not UNSET:
            field_dict["kind"] = kind
        if notes is not UNSET:
            field_dict["notes"] = notes

        return field_dict

    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        files.append(("file", self.file.to_tuple()))

        files.append(("evaluator", (None, str(self.evaluator).encode(), "text/plain")))

        files.append(("version", (None, str(self.version).encode(), "text/plain")))

        if not isinstance(self.kind, Unset):
            files.append(("kind", (None, str(self.kind.value).encode(), "text/plain")))

        if not isinstance(self.notes, Unset):
            files.append(("notes", (None, str(self.notes).encode(), "text/plain")))

        for prop_name, prop in self.additional_properties.items():
            files.append((prop_name, (None, str(prop).encode(), "text/plain")))

        return files

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        file = File(payload=BytesIO(d.pop("file")))

        evaluator = d.pop("evaluator")

        version = d.pop("version")

        _kind = d.pop("kind", UNSET)
        kind: EvaluatorKindEnum | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = EvaluatorKindEnum(_kind)

        notes = d.pop("notes", UNSET)

        corpus_run_upload_input = cls(
            file=file,
            evaluator=evaluator,
            version=version,
            kind=kind,
            notes=notes,
        )

        corpus_run_upload_input.additional_properties = d
        return corpus_run_upload_input

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
