from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TargetsOutput")


@_attrs_define
class TargetsOutput:
    """
    Attributes:
        sentence_consistency (float | None | Unset):
        summary_consistency (float | None | Unset):
        error_types (float | None | Unset):
        relevance (float | None | Unset):
        relevance_binned (float | None | Unset):
        topic_category (float | None | Unset):
        topic_category_merged (float | None | Unset):
        not_a_summary (float | None | Unset):
        span_exact (float | None | Unset):
        span_overlap (float | None | Unset):
        span_character (float | None | Unset):
        evidence_turns (float | None | Unset):
        key_fact_coverage (float | None | Unset):
        key_fact_alignment (float | None | Unset):
        key_fact_completeness (float | None | Unset):
        key_fact_count (float | None | Unset):
        acu_verdict (float | None | Unset):
        acu_score (float | None | Unset):
    """

    sentence_consistency: float | None | Unset = UNSET
    summary_consistency: float | None | Unset = UNSET
    error_types: float | None | Unset = UNSET
    relevance: float | None | Unset = UNSET
    relevance_binned: float | None | Unset = UNSET
    topic_category: float | None | Unset = UNSET
    topic_category_merged: float | None | Unset = UNSET
    not_a_summary: float | None | Unset = UNSET
    span_exact: float | None | Unset = UNSET
    span_overlap: float | None | Unset = UNSET
    span_character: float | None | Unset = UNSET
    evidence_turns: float | None | Unset = UNSET
    key_fact_coverage: float | None | Unset = UNSET
    key_fact_alignment: float | None | Unset = UNSET
    key_fact_completeness: float | None | Unset = UNSET
    key_fact_count: float | None | Unset = UNSET
    acu_verdict: float | None | Unset = UNSET
    acu_score: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        sentence_consistency: float | None | Unset
        if isinstance(self.sentence_consistency, Unset):
            sentence_consistency = UNSET
        else:
            sentence_consistency = self.sentence_consistency

        summary_consistency: float | None | Unset
        if isinstance(self.summary_consistency, Unset):
            summary_consistency = UNSET
        else:
            summary_consistency = self.summary_consistency

        error_types: float | None | Unset
        if isinstance(self.error_types, Unset):
            error_types = UNSET
        else:
            error_types = self.error_types

        relevance: float | None | Unset
        if isinstance(self.relevance, Unset):
            relevance = UNSET
        else:
            relevance = self.relevance

        relevance_binned: float | None | Unset
        if isinstance(self.relevance_binned, Unset):
            relevance_binned = UNSET
        else:
            relevance_binned = self.relevance_binned

        topic_category: float | None | Unset
        if isinstance(self.topic_category, Unset):
            topic_category = UNSET
        else:
            topic_category = self.topic_category

        topic_category_merged: float | None | Unset
        if isinstance(self.topic_category_merged, Unset):
            topic_category_merged = UNSET
        else:
            topic_category_merged = self.topic_category_merged

        not_a_summary: float | None | Unset
        if isinstance(self.not_a_summary, Unset):
            not_a_summary = UNSET
        else:
            not_a_summary = self.not_a_summary

        span_exact: float | None | Unset
        if isinstance(self.span_exact, Unset):
            span_exact = UNSET
        else:
            span_exact = self.span_exact

        span_overlap: float | None | Unset
        if isinstance(self.span_overlap, Unset):
            span_overlap = UNSET
        else:
            span_overlap = self.span_overlap

        span_character: float | None | Unset
        if isinstance(self.span_character, Unset):
            span_character = UNSET
        else:
            span_character = self.span_character

        evidence_turns: float | None | Unset
        if isinstance(self.evidence_turns, Unset):
            evidence_turns = UNSET
        else:
            evidence_turns = self.evidence_turns

        key_fact_coverage: float | None | Unset
        if isinstance(self.key_fact_coverage, Unset):
            key_fact_coverage = UNSET
        else:
            key_fact_coverage = self.key_fact_coverage

        key_fact_alignment: float | None | Unset
        if isinstance(self.key_fact_alignment, Unset):
            key_fact_alignment = UNSET
        else:
            key_fact_alignment = self.key_fact_alignment

        key_fact_completeness: float | None | Unset
        if isinstance(self.key_fact_completeness, Unset):
            key_fact_completeness = UNSET
        else:
            key_fact_completeness = self.key_fact_completeness

        key_fact_count: float | None | Unset
        if isinstance(self.key_fact_count, Unset):
            key_fact_count = UNSET
        else:
            key_fact_count = self.key_fact_count

        acu_verdict: float | None | Unset
        if isinstance(self.acu_verdict, Unset):
            acu_verdict = UNSET
        else:
            acu_verdict = self.acu_verdict

        acu_score: float | None | Unset
        if isinstance(self.acu_score, Unset):
            acu_score = UNSET
        else:
            acu_score = self.acu_score

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if sentence_consistency is not UNSET:
            field_dict["sentence_consistency"] = sentence_consistency
        if summary_consistency is not UNSET:
            field_dict["summary_consistency"] = summary_consistency
        if error_types is not UNSET:
            field_dict["error_types"] = error_types
        if relevance is not UNSET:
            field_dict["relevance"] = relevance
        if relevance_binned is not UNSET:
            field_dict["relevance_binned"] = relevance_binned
        if topic_category is not UNSET:
            field_dict["topic_category"] = topic_category
        if topic_category_merged is not UNSET:
            field_dict["topic_category_merged"] = topic_category_merged
        if not_a_summary is not UNSET:
            field_dict["not_a_summary"] = not_a_summary
        if span_exact is not UNSET:
            field_dict["span_exact"] = span_exact
        if span_overlap is not UNSET:
            field_dict["span_overlap"] = span_overlap
        if span_character is not UNSET:
            field_dict["span_character"] = span_character
        if evidence_turns is not UNSET:
            field_dict["evidence_turns"] = evidence_turns
        if key_fact_coverage is not UNSET:
            field_dict["key_fact_coverage"] = key_fact_coverage
        if key_fact_alignment is not UNSET:
            field_dict["key_fact_alignment"] = key_fact_alignment
        if key_fact_completeness is not UNSET:
            field_dict["key_fact_completeness"] = key_fact_completeness
        if key_fact_count is not UNSET:
            field_dict["key_fact_count"] = key_fact_count
        if acu_verdict is not UNSET:
            field_dict["acu_verdict"] = acu_verdict
        if acu_score is not UNSET:
            field_dict["acu_score"] = acu_score

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_sentence_consistency(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        sentence_consistency = _parse_sentence_consistency(d.pop("sentence_consistency", UNSET))

        def _parse_summary_consistency(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        summary_consistency = _parse_summary_consistency(d.pop("summary_consistency", UNSET))

        def _parse_error_types(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        error_types = _parse_error_types(d.pop("error_types", UNSET))

        def _parse_relevance(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        relevance = _parse_relevance(d.pop("relevance", UNSET))

        def _parse_relevance_binned(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        relevance_binned = _parse_relevance_binned(d.pop("relevance_binned", UNSET))

        def _parse_topic_category(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        topic_category = _parse_topic_category(d.pop("topic_category", UNSET))

        def _parse_topic_category_merged(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        topic_category_merged = _parse_topic_category_merged(d.pop("topic_category_merged", UNSET))

        def _parse_not_a_summary(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        not_a_summary = _parse_not_a_summary(d.pop("not_a_summary", UNSET))

        def _parse_span_exact(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        span_exact = _parse_span_exact(d.pop("span_exact", UNSET))

        def _parse_span_overlap(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        span_overlap = _parse_span_overlap(d.pop("span_overlap", UNSET))

        def _parse_span_character(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        span_character = _parse_span_character(d.pop("span_character", UNSET))

        def _parse_evidence_turns(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        evidence_turns = _parse_evidence_turns(d.pop("evidence_turns", UNSET))

        def _parse_key_fact_coverage(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        key_fact_coverage = _parse_key_fact_coverage(d.pop("key_fact_coverage", UNSET))

        def _parse_key_fact_alignment(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        key_fact_alignment = _parse_key_fact_alignment(d.pop("key_fact_alignment", UNSET))

        def _parse_key_fact_completeness(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        key_fact_completeness = _parse_key_fact_completeness(d.pop("key_fact_completeness", UNSET))

        def _parse_key_fact_count(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        key_fact_count = _parse_key_fact_count(d.pop("key_fact_count", UNSET))

        def _parse_acu_verdict(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        acu_verdict = _parse_acu_verdict(d.pop("acu_verdict", UNSET))

        def _parse_acu_score(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        acu_score = _parse_acu_score(d.pop("acu_score", UNSET))

        targets_output = cls(
            sentence_consistency=sentence_consistency,
            summary_consistency=summary_consistency,
            error_types=error_types,
            relevance=relevance,
            relevance_binned=relevance_binned,
            topic_category=topic_category,
            topic_category_merged=topic_category_merged,
            not_a_summary=not_a_summary,
            span_exact=span_exact,
            span_overlap=span_overlap,
            span_character=span_character,
            evidence_turns=evidence_turns,
            key_fact_coverage=key_fact_coverage,
            key_fact_alignment=key_fact_alignment,
            key_fact_completeness=key_fact_completeness,
            key_fact_count=key_fact_count,
            acu_verdict=acu_verdict,
            acu_score=acu_score,
        )

        return targets_output
