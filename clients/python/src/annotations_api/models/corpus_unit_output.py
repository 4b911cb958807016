from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.corpus_document_output import CorpusDocumentOutput
    from ..models.corpus_summary_output import CorpusSummaryOutput
    from ..models.corpus_topic_output import CorpusTopicOutput


T = TypeVar("T", bound="CorpusUnitOutput")


@_attrs_define
class CorpusUnitOutput:
    """
    Attributes:
        topic (CorpusTopicOutput):
        document (CorpusDocumentOutput):
        summaries (list[CorpusSummaryOutput]):
    """

    topic: CorpusTopicOutput
    document: CorpusDocumentOutput
    summaries: list[CorpusSummaryOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        topic = self.topic.to_dict()

        document = self.document.to_dict()

        summaries = []
        for summaries_item_data in self.summaries:
            summaries_item = summaries_item_data.to_dict()
            summaries.append(summaries_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "topic": topic,
                "document": document,
                "summaries": summaries,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.corpus_document_output import CorpusDocumentOutput
        from ..models.corpus_summary_output import CorpusSummaryOutput
        from ..models.corpus_topic_output import CorpusTopicOutput

        d = dict(src_dict)
        topic = CorpusTopicOutput.from_dict(d.pop("topic"))

        document = CorpusDocumentOutput.from_dict(d.pop("document"))

        summaries = []
        _summaries = d.pop("summaries")
        for summaries_item_data in _summaries:
            summaries_item = CorpusSummaryOutput.from_dict(summaries_item_data)

            summaries.append(summaries_item)

        corpus_unit_output = cls(
            topic=topic,
            document=document,
            summaries=summaries,
        )

        corpus_unit_output.additional_properties = d
        return corpus_unit_output

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
