from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.assisted_labels_enum import AssistedLabelsEnum
from ..models.formats_enum import FormatsEnum
from ..models.gold_enum import GoldEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.release_mappings_input import ReleaseMappingsInput
    from ..models.release_split_input import ReleaseSplitInput


T = TypeVar("T", bound="ReleaseConfigInput")


@_attrs_define
class ReleaseConfigInput:
    """The shape and types of a release request; the service checks what needs the database.

    Attributes:
        version (str):
        rounds (list[int]):
        formats (list[FormatsEnum]):
        gold (GoldEnum | Unset): * `majority` - majority
            * `posterior_mode` - posterior_mode
        mappings (ReleaseMappingsInput | Unset):
        split (ReleaseSplitInput | Unset):
        only_complete (bool | Unset):
        drop_not_a_summary (bool | Unset): Leave out the summaries whose gold flag says they are not a summary (TofuEval
            removed 23 such).
        assisted_labels (AssistedLabelsEnum | Unset): * `both` - both
            * `final` - final
            * `pre_reveal` - pre_reveal
    """

    version: str
    rounds: list[int]
    formats: list[FormatsEnum]
    gold: GoldEnum | Unset = UNSET
    mappings: ReleaseMappingsInput | Unset = UNSET
    split: ReleaseSplitInput | Unset = UNSET
    only_complete: bool | Unset = UNSET
    drop_not_a_summary: bool | Unset = UNSET
    assisted_labels: AssistedLabelsEnum | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        rounds = self.rounds

        formats = []
        for formats_item_data in self.formats:
            formats_item = formats_item_data.value
            formats.append(formats_item)

        gold: str | Unset = UNSET
        if not isinstance(self.gold, Unset):
            gold = self.gold.value

        mappings: dict[str, Any] | Unset = UNSET
        if not isinstance(self.mappings, Unset):
            mappings = self.mappings.to_dict()

        split: dict[str, Any] | Unset = UNSET
        if not isinstance(self.split, Unset):
            split = self.split.to_dict()

        only_complete = self.only_complete

        drop_not_a_summary = self.drop_not_a_summary

        assisted_labels: str | Unset = UNSET
        if not isinstance(self.assisted_labels, Unset):
            assisted_labels = self.assisted_labels.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "rounds": rounds,
                "formats": formats,
            }
        )
        if gold is not UNSET:
            field_dict["gold"] = gold
        if mappings is not UNSET:
            field_dict["mappings"] = mappings
        if split is not UNSET:
            field_dict["split"] = split
        if only_complete is not UNSET:
            field_dict["only_complete"] = only_complete
        if drop_not_a_summary is not UNSET:
            field_dict["drop_not_a_summary"] = drop_not_a_summary
        if assisted_labels is not UNSET:
            field_dict["assisted_labels"] = assisted_labels

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.release_mappings_input import ReleaseMappingsInput
        from ..models.release_split_input import ReleaseSplitInput

        d = dict(src_dict)
        version = d.pop("version")

        rounds = cast(list[int], d.pop("rounds"))

        formats = []
        _formats = d.pop("formats")
        for formats_item_data in _formats:
            formats_item = FormatsEnum(formats_item_data)

            formats.append(formats_item)

        _gold = d.pop("gold", UNSET)
        gold: GoldEnum | Unset
        if isinstance(_gold, Unset):
            gold = UNSET
        else:
            gold = GoldEnum(_gold)

        _mappings = d.pop("mappings", UNSET)
        mappings: ReleaseMappingsInput | Unset
        if isinstance(_mappings, Unset):
            mappings = UNSET
        else:
            mappings = ReleaseMappingsInput.from_dict(_mappings)

        _split = d.pop("split", UNSET)
        split: ReleaseSplitInput | Unset
        if isinstance(_split, Unset):
            split = UNSET
        else:
            split = ReleaseSplitInput.from_dict(_split)

        only_complete = d.pop("only_complete", UNSET)

        drop_not_a_summary = d.pop("drop_not_a_summary", UNSET)

        _assisted_labels = d.pop("assisted_labels", UNSET)
        assisted_labels: AssistedLabelsEnum | Unset
        if isinstance(_assisted_labels, Unset):
            assisted_labels = UNSET
        else:
            assisted_labels = AssistedLabelsEnum(_assisted_labels)

        release_config_input = cls(
            version=version,
            rounds=rounds,
            formats=formats,
            gold=gold,
            mappings=mappings,
            split=split,
            only_complete=only_complete,
            drop_not_a_summary=drop_not_a_summary,
            assisted_labels=assisted_labels,
        )

        release_config_input.additional_properties = d
        return release_config_input

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
