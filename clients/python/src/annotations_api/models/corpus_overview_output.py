from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.corpus_count_output import CorpusCountOutput
    from ..models.published_labels_output import PublishedLabelsOutput


T = TypeVar("T", bound="CorpusOverviewOutput")


@_attrs_define
class CorpusOverviewOutput:
    """
    Attributes:
        corpora (list[CorpusCountOutput]):
        published (PublishedLabelsOutput):
    """

    corpora: list[CorpusCountOutput]
    published: PublishedLabelsOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        corpora = []
        for corpora_item_data in self.corpora:
            corpora_item = corpora_item_data.to_dict()
            corpora.append(corpora_item)

        published = self.published.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "corpora": corpora,
                "published": published,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.corpus_count_output import CorpusCountOutput
        from ..models.published_labels_output import PublishedLabelsOutput

        d = dict(src_dict)
        corpora = []
        _corpora = d.pop("corpora")
        for corpora_item_data in _corpora:
            corpora_item = CorpusCountOutput.from_dict(corpora_item_data)

            corpora.append(corpora_item)

        published = PublishedLabelsOutput.from_dict(d.pop("published"))

        corpus_overview_output = cls(
            corpora=corpora,
            published=published,
        )

        corpus_overview_output.additional_properties = d
        return corpus_overview_output

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
