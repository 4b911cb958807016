from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.assignment_status_enum import AssignmentStatusEnum

if TYPE_CHECKING:
    from ..models.answer_key_output import AnswerKeyOutput
    from ..models.document_output import DocumentOutput
    from ..models.feedback_item_output import FeedbackItemOutput
    from ..models.given_fact_output import GivenFactOutput
    from ..models.guideline_output import GuidelineOutput
    from ..models.judgements_output import JudgementsOutput
    from ..models.project_name import ProjectName
    from ..models.relevance_anchor_output import RelevanceAnchorOutput
    from ..models.review_outcome_output import ReviewOutcomeOutput
    from ..models.round_ref_output import RoundRefOutput
    from ..models.scheme_output import SchemeOutput
    from ..models.summary_output import SummaryOutput
    from ..models.taxonomy_output import TaxonomyOutput
    from ..models.topic_category_output import TopicCategoryOutput
    from ..models.topic_output import TopicOutput


T = TypeVar("T", bound="WorkspacePayloadOutput")


@_attrs_define
class WorkspacePayloadOutput:
    """
    Attributes:
        id (int):
        status (AssignmentStatusEnum): * `assigned` - assigned
            * `in_progress` - in progress
            * `submitted` - submitted
        round_ (RoundRefOutput):
        project (ProjectName):
        read_only (bool):
        position (int):
        count (int):
        next_assignment (int | None):
        guideline (GuidelineOutput | None):
        scheme (SchemeOutput):
        relevance_anchors (list[RelevanceAnchorOutput]):
        topic_categories (list[TopicCategoryOutput]):
        taxonomy (TaxonomyOutput):
        document (DocumentOutput):
        topic (TopicOutput):
        summaries (list[SummaryOutput]):
        key_fact_source (str): Empty: the linguist writes the key facts; else the given list's source.
        given_key_facts (list[GivenFactOutput]): The given key-fact list, in order.
        given_atomic_facts (bool): Whether atomic facts are given (verify) rather than written.
        judgements (JudgementsOutput):
        review_outcomes (list[ReviewOutcomeOutput]): What review decided about your labels; empty until you submit.
        answer_key (AnswerKeyOutput | None): Practice and qualification: the answer key beside your answers, once you
            submit (docs/api/quality.md).
        active_seconds (int):
        feedback (list[FeedbackItemOutput]):
    """

    id: int
    status: AssignmentStatusEnum
    round_: RoundRefOutput
    project: ProjectName
    read_only: bool
    position: int
    count: int
    next_assignment: int | None
    guideline: GuidelineOutput | None
    scheme: SchemeOutput
    relevance_anchors: list[RelevanceAnchorOutput]
    topic_categories: list[TopicCategoryOutput]
    taxonomy: TaxonomyOutput
    document: DocumentOutput
    topic: TopicOutput
    summaries: list[SummaryOutput]
    key_fact_source: str
    given_key_facts: list[GivenFactOutput]
    given_atomic_facts: bool
    judgements: JudgementsOutput
    review_outcomes: list[ReviewOutcomeOutput]
    answer_key: AnswerKeyOutput | None
    active_seconds: int
    feedback: list[FeedbackItemOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.answer_key_output import AnswerKeyOutput
        from ..models.guideline_output import GuidelineOutput

        id = self.id

        status = self.status.value

        round_ = self.round_.to_dict()

        project = self.project.to_dict()

        read_only = self.read_only

        position = self.position

        count = self.count

        next_assignment: int | None
        next_assignment = self.next_assignment

        guideline: dict[str, Any] | None
        if isinstance(self.guideline, GuidelineOutput):
            guideline = self.guideline.to_dict()
        else:
            guideline = self.guideline

        scheme = self.scheme.to_dict()

        relevance_anchors = []
        for relevance_anchors_item_data in self.relevance_anchors:
            relevance_anchors_item = relevance_anchors_item_data.to_dict()
            relevance_anchors.append(relevance_anchors_item)

        topic_categories = []
        for topic_categories_item_data in self.topic_categories:
            topic_categories_item = topic_categories_item_data.to_dict()
            topic_categories.append(topic_categories_item)

        taxonomy = self.taxonomy.to_dict()

        document = self.document.to_dict()

        topic = self.topic.to_dict()

        summaries = []
        for summaries_item_data in self.summaries:
            summaries_item = summaries_item_data.to_dict()
            summaries.append(summaries_item)

        key_fact_source = self.key_fact_source

        given_key_facts = []
        for given_key_facts_item_data in self.given_key_facts:
            given_key_facts_item = given_key_facts_item_data.to_dict()
            given_key_facts.append(given_key_facts_item)

        given_atomic_facts = self.given_atomic_facts

        judgements = self.judgements.to_dict()

        review_outcomes = []
        for review_outcomes_item_data in self.review_outcomes:
            review_outcomes_item = review_outcomes_item_data.to_dict()
            review_outcomes.append(review_outcomes_item)

        answer_key: dict[str, Any] | None
        if isinstance(self.answer_key, AnswerKeyOutput):
            answer_key = self.answer_key.to_dict()
        else:
            answer_key = self.answer_key

        active_seconds = self.active_seconds

        feedback = []
        for feedback_item_data in self.feedback:
            feedback_item = feedback_item_data.to_dict()
            feedback.append(feedback_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
                "round": round_,
                "project": project,
                "read_only": read_only,
                "position": position,
                "count": count,
                "next_assignment": next_assignment,
                "guideline": guideline,
                "scheme": scheme,
                "relevance_anchors": relevance_anchors,
                "topic_categories": topic_categories,
                "taxonomy": taxonomy,
                "document": document,
                "topic": topic,
                "summaries": summaries,
                "key_fact_source": key_fact_source,
                "given_key_facts": given_key_facts,
                "given_atomic_facts": given_atomic_facts,
                "judgements": judgements,
                "review_outcomes": review_outcomes,
                "answer_key": answer_key,
                "active_seconds": active_seconds,
                "feedback": feedback,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.answer_key_output import AnswerKeyOutput
        from ..models.document_output import DocumentOutput
        from ..models.feedback_item_output import FeedbackItemOutput
        from ..models.given_fact_output import GivenFactOutput
        from ..models.guideline_output import GuidelineOutput
        from ..models.judgements_output import JudgementsOutput
        from ..models.project_name import ProjectName
        from ..models.relevance_anchor_output import RelevanceAnchorOutput
        from ..models.review_outcome_output import ReviewOutcomeOutput
        from ..models.round_ref_output import RoundRefOutput
        from ..models.scheme_output import SchemeOutput
        from ..models.summary_output import SummaryOutput
        from ..models.taxonomy_output import TaxonomyOutput
        from ..models.topic_category_output import TopicCategoryOutput
        from ..models.topic_output import TopicOutput

        d = dict(src_dict)
        id = d.pop("id")

        status = AssignmentStatusEnum(d.pop("status"))

        round_ = RoundRefOutput.from_dict(d.pop("round"))

        project = ProjectName.from_dict(d.pop("project"))

        read_only = d.pop("read_only")

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

        scheme = SchemeOutput.from_dict(d.pop("scheme"))

        relevance_anchors = []
        _relevance_anchors = d.pop("relevance_anchors")
        for relevance_anchors_item_data in _relevance_anchors:
            relevance_anchors_item = RelevanceAnchorOutput.from_dict(relevance_anchors_item_data)

            relevance_anchors.append(relevance_anchors_item)

        topic_categories = []
        _topic_categories = d.pop("topic_categories")
        for topic_categories_item_data in _topic_categories:
            topic_categories_item = TopicCategoryOutput.from_dict(topic_categories_item_data)

            topic_categories.append(topic_categories_item)

        taxonomy = TaxonomyOutput.from_dict(d.pop("taxonomy"))

        document = DocumentOutput.from_dict(d.pop("document"))

        topic = TopicOutput.from_dict(d.pop("topic"))

        summaries = []
        _summaries = d.pop("summaries")
        for summaries_item_data in _summaries:
            summaries_item = SummaryOutput.from_dict(summaries_item_data)

            summaries.append(summaries_item)

        key_fact_source = d.pop("key_fact_source")

        given_key_facts = []
        _given_key_facts = d.pop("given_key_facts")
        for given_key_facts_item_data in _given_key_facts:
            given_key_facts_item = GivenFactOutput.from_dict(given_key_facts_item_data)

            given_key_facts.append(given_key_facts_item)

        given_atomic_facts = d.pop("given_atomic_facts")

        judgements = JudgementsOutput.from_dict(d.pop("judgements"))

        review_outcomes = []
        _review_outcomes = d.pop("review_outcomes")
        for review_outcomes_item_data in _review_outcomes:
            review_outcomes_item = ReviewOutcomeOutput.from_dict(review_outcomes_item_data)

            review_outcomes.append(review_outcomes_item)

        def _parse_answer_key(data: object) -> AnswerKeyOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                answer_key_type_1 = AnswerKeyOutput.from_dict(data)

                return answer_key_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AnswerKeyOutput | None, data)

        answer_key = _parse_answer_key(d.pop("answer_key"))

        active_seconds = d.pop("active_seconds")

        feedback = []
        _feedback = d.pop("feedback")
        for feedback_item_data in _feedback:
            feedback_item = FeedbackItemOutput.from_dict(feedback_item_data)

            feedback.append(feedback_item)

        workspace_payload_output = cls(
            id=id,
            status=status,
            round_=round_,
            project=project,
            read_only=read_only,
            position=position,
            count=count,
            next_assignment=next_assignment,
            guideline=guideline,
            scheme=scheme,
            relevance_anchors=relevance_anchors,
            topic_categories=topic_categories,
            taxonomy=taxonomy,
            document=document,
            topic=topic,
            summaries=summaries,
            key_fact_source=key_fact_source,
            given_key_facts=given_key_facts,
            given_atomic_facts=given_atomic_facts,
            judgements=judgements,
            review_outcomes=review_outcomes,
            answer_key=answer_key,
            active_seconds=active_seconds,
            feedback=feedback,
        )

        workspace_payload_output.additional_properties = d
        return workspace_payload_output

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
