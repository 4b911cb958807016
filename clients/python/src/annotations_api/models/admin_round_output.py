from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.round_status_enum import RoundStatusEnum

T = TypeVar("T", bound="AdminRoundOutput")


@_attrs_define
class AdminRoundOutput:
    """
    Attributes:
        id (int):
        project (str):
        name (str):
        kind (str):
        status (RoundStatusEnum): * `draft` - draft
            * `open` - open
            * `closed` - closed
        overlap (int):
        guideline_version (int | None):
        units (int):
        assignments (int):
        submitted (int):
        created_at (datetime.datetime):
        opened_at (datetime.datetime | None):
        closed_at (datetime.datetime | None):
        evidence_hints (bool): The round shows evidence hints.
        key_fact_source (str): Blank: key facts written; else the given list aligned.
        given_atomic_facts (bool): Atomic facts given, to verify.
    """

    id: int
    project: str
    name: str
    kind: str
    status: RoundStatusEnum
    overlap: int
    guideline_version: int | None
    units: int
    assignments: int
    submitted: int
    created_at: datetime.datetime
    opened_at: datetime.datetime | None
    closed_at: datetime.datetime | None
    evidence_hints: bool
    key_fact_source: str
    given_atomic_facts: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        project = self.project

        name = self.name

        kind = self.kind

        status = self.status.value

        overlap = self.overlap

        guideline_version: int | None
        guideline_version = self.guideline_version

        units = self.units

        assignments = self.assignments

        submitted = self.submitted

        created_at = self.created_at.isoformat()

        opened_at: None | str
        if isinstance(self.opened_at, datetime.datetime):
            opened_at = self.opened_at.isoformat()
        else:
            opened_at = self.opened_at

        closed_at: None | str
        if isinstance(self.closed_at, datetime.datetime):
            closed_at = self.closed_at.isoformat()
        else:
            closed_at = self.closed_at

        evidence_hints = self.evidence_hints

        key_fact_source = self.key_fact_source

        given_atomic_facts = self.given_atomic_facts

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "project": project,
                "name": name,
                "kind": kind,
                "status": status,
                "overlap": overlap,
                "guideline_version": guideline_version,
                "units": units,
                "assignments": assignments,
                "submitted": submitted,
                "created_at": created_at,
                "opened_at": opened_at,
                "closed_at": closed_at,
                "evidence_hints": evidence_hints,
                "key_fact_source": key_fact_source,
                "given_atomic_facts": given_atomic_facts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        project = d.pop("project")

        name = d.pop("name")

        kind = d.pop("kind")

        status = RoundStatusEnum(d.pop("status"))

        overlap = d.pop("overlap")

        def _parse_guideline_version(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        guideline_version = _parse_guideline_version(d.pop("guideline_version"))

        units = d.pop("units")

        assignments = d.pop("assignments")

        submitted = d.pop("submitted")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_opened_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                opened_at_type_0 = datetime.datetime.fromisoformat(data)

                return opened_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        opened_at = _parse_opened_at(d.pop("opened_at"))

        def _parse_closed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                closed_at_type_0 = datetime.datetime.fromisoformat(data)

                return closed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        closed_at = _parse_closed_at(d.pop("closed_at"))

        evidence_hints = d.pop("evidence_hints")

        key_fact_source = d.pop("key_fact_source")

        given_atomic_facts = d.pop("given_atomic_facts")

        admin_round_output = cls(
            id=id,
            project=project,
            name=name,
            kind=kind,
            status=status,
            overlap=overlap,
            guideline_version=guideline_version,
            units=units,
            assignments=assignments,
            submitted=submitted,
            created_at=created_at,
            opened_at=opened_at,
            closed_at=closed_at,
            evidence_hints=evidence_hints,
            key_fact_source=key_fact_source,
            given_atomic_facts=given_atomic_facts,
        )

        admin_round_output.additional_properties = d
        return admin_round_output

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
