from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.admin_document_output import AdminDocumentOutput
    from ..models.compared_summary_output import ComparedSummaryOutput
    from ..models.corpus_topic_output import CorpusTopicOutput
    from ..models.disagreement_unit_output_topic_category import DisagreementUnitOutputTopicCategory


T = TypeVar("T", bound="DisagreementUnitOutput")


@_attrs_define
class DisagreementUnitOutput:
    """
    Attributes:
        topic (CorpusTopicOutput):
        document (AdminDocumentOutput):
        annotators (list[str]):
        topic_category (DisagreementUnitOutputTopicCategory): By annotator.
        summaries (list[ComparedSummaryOutput]):
        next_topic (int | None): The unit after this one in the disagreement list; null after the last.
    """

    topic: CorpusTopicOutput
    document: AdminDocumentOutput
    annotators: list[str]
    topic_category: DisagreementUnitOutputTopicCategory
    summaries: list[ComparedSummaryOutput]
    next_topic: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        topic = self.topic.to_dict()

        document = self.document.to_dict()

        annotators = self.annotators

        topic_category = self.topic_category.to_dict()

        summaries = []
        for summaries_item_data in self.summaries:
            summaries_item = summaries_item_data.to_dict()
            summaries.append(summaries_item)

        next_topic: int | None
        next_topic = self.next_topic

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "topic": topic,
                "document": document,
                "annotators": annotators,
                "topic_category": topic_category,
                "summaries": summaries,
                "next_topic": next_topic,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.admin_document_output import AdminDocumentOutput
        from ..models.compared_summary_output import ComparedSummaryOutput
        from ..models.corpus_topic_output import CorpusTopicOutput
        from ..models.disagreement_unit_output_topic_category import (
            DisagreementUnitOutputTopicCategory,
        )

        d = dict(src_dict)
        topic = CorpusTopicOutput.from_dict(d.pop("topic"))

        document = AdminDocumentOutput.from_dict(d.pop("document"))

        annotators = cast(list[str], d.pop("annotators"))

        topic_category = DisagreementUnitOutputTopicCategory.from_dict(d.pop("topic_category"))

        summaries = []
        _summaries = d.pop("summaries")
        for summaries_item_data in _summaries:
            summaries_item = ComparedSummaryOutput.from_dict(summaries_item_data)

            summaries.append(summaries_item)

        def _parse_next_topic(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_topic = _parse_next_topic(d.pop("next_topic"))

        disagreement_unit_output = cls(
            topic=topic,
            document=document,
            annotators=annotators,
            topic_category=topic_category,
            summaries=summaries,
            next_topic=next_topic,
        )

        disagreement_unit_output.additional_properties = d
        return disagreement_unit_output

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
