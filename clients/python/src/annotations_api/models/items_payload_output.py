from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.stage_enum import StageEnum

if TYPE_CHECKING:
    from ..models.document_output import DocumentOutput
    from ..models.guideline_output import GuidelineOutput
    from ..models.item_judgements_output import ItemJudgementsOutput
    from ..models.item_output import ItemOutput
    from ..models.item_summary_output import ItemSummaryOutput
    from ..models.project_name import ProjectName
    from ..models.round_ref_output import RoundRefOutput
    from ..models.taxonomy_output import TaxonomyOutput
    from ..models.topic_output import TopicOutput


T = TypeVar("T", bound="ItemsPayloadOutput")


@_attrs_define
class ItemsPayloadOutput:
    """
    Attributes:
        id (int):
        stage (StageEnum): * `review` - review
            * `second_review` - second_review
            * `error_typing` - error_typing
            * `explanation` - explanation
        status (str):
        read_only (bool):
        round_ (RoundRefOutput):
        project (ProjectName):
        position (int):
        count (int):
        next_assignment (int | None):
        guideline (GuidelineOutput | None):
        taxonomy (TaxonomyOutput):
        topic (TopicOutput):
        document (DocumentOutput):
        summaries (list[ItemSummaryOutput]):
        items (list[ItemOutput]):
        judgements (ItemJudgementsOutput):
    """

    id: int
    stage: StageEnum
    status: str
    read_only: bool
    round_: RoundRefOutput
    project: ProjectName
    position: int
    count: int
    next_assignment: int | None
    guideline: GuidelineOutput | None
    taxonomy: TaxonomyOutput
    topic: TopicOutput
    document: DocumentOutput
    summaries: list[ItemSummaryOutput]
    items: list[ItemOutput]
    judgements: ItemJudgementsOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.guideline_output import GuidelineOutput

        id = self.id

        stage = self.stage.value

        status = self.status

        read_only = self.read_only

        round_ = self.round_.to_dict()

        project = self.project.to_dict()

        position = self.position

        count = self.count

        next_assignment: int | None
        next_assignment = self.next_assignment

        guideline: dict[str, Any] | None
        if isinstance(self.guideline, GuidelineOutput):
            guideline = self.guideline.to_dict()
        else:
            guideline = self.guideline

        taxonomy = self.taxonomy.to_dict()

        topic = self.topic.to_dict()

        document = self.document.to_dict()

        summaries = []
        for summaries_item_data in self.summaries:
            summaries_item = summaries_item_data.to_dict()
            summaries.append(summaries_item)

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        judgements = self.judgements.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "stage": stage,
                "status": status,
                "read_only": read_only,
                "round": round_,
                "project": project,
                "position": position,
                "count": count,
                "next_assignment": next_assignment,
                "guideline": guideline,
                "taxonomy": taxonomy,
                "topic": topic,
                "document": document,
                "summaries": summaries,
                "items": items,
                "judgements": judgements,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.document_output import DocumentOutput
        from ..models.guideline_output import GuidelineOutput
        from ..models.item_judgements_output import ItemJudgementsOutput
        from ..models.item_output import ItemOutput
        from ..models.item_summary_output import ItemSummaryOutput
        from ..models.project_name import ProjectName
        from ..models.round_ref_output import RoundRefOutput
        from ..models.taxonomy_output import TaxonomyOutput
        from ..models.topic_output import TopicOutput

        d = dict(src_dict)
        id = d.pop("id")

        stage = StageEnum(d.pop("stage"))

        status = d.pop("status")

        read_only = d.pop("read_only")

        round_ = RoundRefOutput.from_dict(d.pop("round"))

        project = ProjectName.from_dict(d.pop("project"))

        position = d.pop("position")

        count = d.pop("count")

        def _parse_next_assignment(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_assignment = _parse_next_assignment(d.pop("next_assignment"))

        def _parse_guideline(data: object) -> GuidelineOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                guideline_type_1 = GuidelineOutput.from_dict(data)

                return guideline_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GuidelineOutput | None, data)

        guideline = _parse_guideline(d.pop("guideline"))

        taxonomy = TaxonomyOutput.from_dict(d.pop("taxonomy"))

        topic = TopicOutput.from_dict(d.pop("topic"))

        document = DocumentOutput.from_dict(d.pop("document"))

        summaries = []
        _summaries = d.pop("summaries")
        for summaries_item_data in _summaries:
            summaries_item = ItemSummaryOutput.from_dict(summaries_item_data)

            summaries.append(summaries_item)

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = ItemOutput.from_dict(items_item_data)

            items.append(items_item)

        judgements = ItemJudgementsOutput.from_dict(d.pop("judgements"))

        items_payload_output = cls(
            id=id,
            stage=stage,
            status=status,
            read_only=read_only,
            round_=round_,
            project=project,
            position=position,
            count=count,
            next_assignment=next_assignment,
            guideline=guideline,
            taxonomy=taxonomy,
            topic=topic,
            document=document,
            summaries=summaries,
            items=items,
            judgements=judgements,
        )

        items_payload_output.additional_properties = d
        return items_payload_output

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
