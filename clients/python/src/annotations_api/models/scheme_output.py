from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SchemeOutput")


@_attrs_define
class SchemeOutput:
    """
    Attributes:
        consistency (bool):
        error_types (bool):
        error_spans (bool):
        require_error_spans (bool):
        evidence (bool):
        require_evidence (bool):
        relevance (bool):
        not_a_summary (bool):
        comment (bool):
        sentence_comment (bool):
        confidence (bool):
        topic_category (bool):
        completeness (bool):
        atomic_facts (bool):
        show_fact_scores (bool):
    """

    consistency: bool
    error_types: bool
    error_spans: bool
    require_error_spans: bool
    evidence: bool
    require_evidence: bool
    relevance: bool
    not_a_summary: bool
    comment: bool
    sentence_comment: bool
    confidence: bool
    topic_category: bool
    completeness: bool
    atomic_facts: bool
    show_fact_scores: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        consistency = self.consistency

        error_types = self.error_types

        error_spans = self.error_spans

        require_error_spans = self.require_error_spans

        evidence = self.evidence

        require_evidence = self.require_evidence

        relevance = self.relevance

        not_a_summary = self.not_a_summary

        comment = self.comment

        sentence_comment = self.sentence_comment

        confidence = self.confidence

        topic_category = self.topic_category

        completeness = self.completeness

        atomic_facts = self.atomic_facts

        show_fact_scores = self.show_fact_scores

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "consistency": consistency,
                "error_types": error_types,
                "error_spans": error_spans,
                "require_error_spans": require_error_spans,
                "evidence": evidence,
                "require_evidence": require_evidence,
                "relevance": relevance,
                "not_a_summary": not_a_summary,
                "comment": comment,
                "sentence_comment": sentence_comment,
                "confidence": confidence,
                "topic_category": topic_category,
                "completeness": completeness,
                "atomic_facts": atomic_facts,
                "show_fact_scores": show_fact_scores,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        consistency = d.pop("consistency")

        error_types = d.pop("error_types")

        error_spans = d.pop("error_spans")

        require_error_spans = d.pop("require_error_spans")

        evidence = d.pop("evidence")

        require_evidence = d.pop("require_evidence")

        relevance = d.pop("relevance")

        not_a_summary = d.pop("not_a_summary")

        comment = d.pop("comment")

        sentence_comment = d.pop("sentence_comment")

        confidence = d.pop("confidence")

        topic_category = d.pop("topic_category")

        completeness = d.pop("completeness")

        atomic_facts = d.pop("atomic_facts")

        show_fact_scores = d.pop("show_fact_scores")

        scheme_output = cls(
            consistency=consistency,
            error_types=error_types,
            error_spans=error_spans,
            require_error_spans=require_error_spans,
            evidence=evidence,
            require_evidence=require_evidence,
            relevance=relevance,
            not_a_summary=not_a_summary,
            comment=comment,
            sentence_comment=sentence_comment,
            confidence=confidence,
            topic_category=topic_category,
            completeness=completeness,
            atomic_facts=atomic_facts,
            show_fact_scores=show_fact_scores,
        )

        scheme_output.additional_properties = d
        return scheme_output

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
