from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.adjudicated_category_output import AdjudicatedCategoryOutput
    from ..models.adjudicated_key_facts_output import AdjudicatedKeyFactsOutput
    from ..models.adjudicated_summary_output import AdjudicatedSummaryOutput
    from ..models.adjudication_payload_output_atomic_facts import (
        AdjudicationPayloadOutputAtomicFacts,
    )
    from ..models.admin_document_output import AdminDocumentOutput
    from ..models.case_output import CaseOutput
    from ..models.corpus_topic_output import CorpusTopicOutput
    from ..models.judgements_output import JudgementsOutput
    from ..models.round_name_output import RoundNameOutput
    from ..models.taxonomy_output import TaxonomyOutput


T = TypeVar("T", bound="AdjudicationPayloadOutput")


@_attrs_define
class AdjudicationPayloadOutput:
    """
    Attributes:
        assignment (int):
        round_ (None | RoundNameOutput):
        topic (CorpusTopicOutput):
        document (AdminDocumentOutput):
        raters (list[str]):
        taxonomy (TaxonomyOutput):
        summaries (list[AdjudicatedSummaryOutput]):
        topic_category (AdjudicatedCategoryOutput):
        judgements (JudgementsOutput):
        key_facts (AdjudicatedKeyFactsOutput):
        atomic_facts (AdjudicationPayloadOutputAtomicFacts): By summary handle.
        cases (list[CaseOutput]):
    """

    assignment: int
    round_: None | RoundNameOutput
    topic: CorpusTopicOutput
    document: AdminDocumentOutput
    raters: list[str]
    taxonomy: TaxonomyOutput
    summaries: list[AdjudicatedSummaryOutput]
    topic_category: AdjudicatedCategoryOutput
    judgements: JudgementsOutput
    key_facts: AdjudicatedKeyFactsOutput
    atomic_facts: AdjudicationPayloadOutputAtomicFacts
    cases: list[CaseOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.round_name_output import RoundNameOutput

        assignment = self.assignment

        round_: dict[str, Any] | None
        if isinstance(self.round_, RoundNameOutput):
            round_ = self.round_.to_dict()
        else:
            round_ = self.round_

        topic = self.topic.to_dict()

        document = self.document.to_dict()

        raters = self.raters

        taxonomy = self.taxonomy.to_dict()

        summaries = []
        for summaries_item_data in self.summaries:
            summaries_item = summaries_item_data.to_dict()
            summaries.append(summaries_item)

        topic_category = self.topic_category.to_dict()

        judgements = self.judgements.to_dict()

        key_facts = self.key_facts.to_dict()

        atomic_facts = self.atomic_facts.to_dict()

        cases = []
        for cases_item_data in self.cases:
            cases_item = cases_item_data.to_dict()
            cases.append(cases_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "assignment": assignment,
                "round": round_,
                "topic": topic,
                "document": document,
                "raters": raters,
                "taxonomy": taxonomy,
                "summaries": summaries,
                "topic_category": topic_category,
                "judgements": judgements,
                "key_facts": key_facts,
                "atomic_facts": atomic_facts,
                "cases": cases,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.adjudicated_category_output import AdjudicatedCategoryOutput
        from ..models.adjudicated_key_facts_output import AdjudicatedKeyFactsOutput
        from ..models.adjudicated_summary_output import AdjudicatedSummaryOutput
        from ..models.adjudication_payload_output_atomic_facts import (
            AdjudicationPayloadOutputAtomicFacts,
        )
        from ..models.admin_document_output import AdminDocumentOutput
        from ..models.case_output import CaseOutput
        from ..models.corpus_topic_output import CorpusTopicOutput
        from ..models.judgements_output import JudgementsOutput
        from ..models.round_name_output import RoundNameOutput
        from ..models.taxonomy_output import TaxonomyOutput

        d = dict(src_dict)
        assignment = d.pop("assignment")

        def _parse_round_(data: object) -> None | RoundNameOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                round_type_1 = RoundNameOutput.from_dict(data)

                return round_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RoundNameOutput, data)

        round_ = _parse_round_(d.pop("round"))

        topic = CorpusTopicOutput.from_dict(d.pop("topic"))

        document = AdminDocumentOutput.from_dict(d.pop("document"))

        raters = cast(list[str], d.pop("raters"))

        taxonomy = TaxonomyOutput.from_dict(d.pop("taxonomy"))

        summaries = []
        _summaries = d.pop("summaries")
        for summaries_item_data in _summaries:
            summaries_item = AdjudicatedSummaryOutput.from_dict(summaries_item_data)

            summaries.append(summaries_item)

        topic_category = AdjudicatedCategoryOutput.from_dict(d.pop("topic_category"))

        judgements = JudgementsOutput.from_dict(d.pop("judgements"))

        key_facts = AdjudicatedKeyFactsOutput.from_dict(d.pop("key_facts"))

        atomic_facts = AdjudicationPayloadOutputAtomicFacts.from_dict(d.pop("atomic_facts"))

        cases = []
        _cases = d.pop("cases")
        for cases_item_data in _cases:
            cases_item = CaseOutput.from_dict(cases_item_data)

            cases.append(cases_item)

        adjudication_payload_output = cls(
            assignment=assignment,
            round_=round_,
            topic=topic,
            document=document,
            raters=raters,
            taxonomy=taxonomy,
            summaries=summaries,
            topic_category=topic_category,
            judgements=judgements,
            key_facts=key_facts,
            atomic_facts=atomic_facts,
            cases=cases,
        )

        adjudication_payload_output.additional_properties = d
        return adjudication_payload_output

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
