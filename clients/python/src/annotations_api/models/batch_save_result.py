from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.atomic_facts_batch_result import AtomicFactsBatchResult
    from ..models.explanations_batch_result import ExplanationsBatchResult
    from ..models.key_facts_batch_result import KeyFactsBatchResult
    from ..models.review_batch_result import ReviewBatchResult
    from ..models.second_review_batch_result import SecondReviewBatchResult
    from ..models.sentence_batch_result import SentenceBatchResult
    from ..models.summary_batch_result import SummaryBatchResult
    from ..models.topic_batch_result import TopicBatchResult
    from ..models.typing_batch_result import TypingBatchResult


T = TypeVar("T", bound="BatchSaveResult")


@_attrs_define
class BatchSaveResult:
    """
    Attributes:
        entries (list[AtomicFactsBatchResult | ExplanationsBatchResult | KeyFactsBatchResult | ReviewBatchResult |
            SecondReviewBatchResult | SentenceBatchResult | SummaryBatchResult | TopicBatchResult | TypingBatchResult]):
    """

    entries: list[
        AtomicFactsBatchResult
        | ExplanationsBatchResult
        | KeyFactsBatchResult
        | ReviewBatchResult
        | SecondReviewBatchResult
        | SentenceBatchResult
        | SummaryBatchResult
        | TopicBatchResult
        | TypingBatchResult
    ]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.atomic_facts_batch_result import AtomicFactsBatchResult
        from ..models.key_facts_batch_result import KeyFactsBatchResult
        from ..models.review_batch_result import ReviewBatchResult
        from ..models.second_review_batch_result import SecondReviewBatchResult
        from ..models.sentence_batch_result import SentenceBatchResult
        from ..models.summary_batch_result import SummaryBatchResult
        from ..models.topic_batch_result import TopicBatchResult
        from ..models.typing_batch_result import TypingBatchResult

        entries = []
        for entries_item_data in self.entries:
            entries_item: dict[str, Any]
            if (
                isinstance(entries_item_data, SentenceBatchResult)
                or isinstance(entries_item_data, SummaryBatchResult)
                or isinstance(entries_item_data, TopicBatchResult)
                or isinstance(entries_item_data, KeyFactsBatchResult)
                or isinstance(entries_item_data, AtomicFactsBatchResult)
                or isinstance(entries_item_data, ReviewBatchResult)
                or isinstance(entries_item_data, SecondReviewBatchResult)
                or isinstance(entries_item_data, TypingBatchResult)
            ):
                entries_item = entries_item_data.to_dict()
            else:
                entries_item = entries_item_data.to_dict()

            entries.append(entries_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "entries": entries,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.atomic_facts_batch_result import AtomicFactsBatchResult
        from ..models.explanations_batch_result import ExplanationsBatchResult
        from ..models.key_facts_batch_result import KeyFactsBatchResult
        from ..models.review_batch_result import ReviewBatchResult
        from ..models.second_review_batch_result import SecondReviewBatchResult
        from ..models.sentence_batch_result import SentenceBatchResult
        from ..models.summary_batch_result import SummaryBatchResult
        from ..models.topic_batch_result import TopicBatchResult
        from ..models.typing_batch_result import TypingBatchResult

        d = dict(src_dict)
        entries = []
        _entries = d.pop("entries")
        for entries_item_data in _entries:

            def _parse_entries_item(
                data: object,
            ) -> (
                AtomicFactsBatchResult
                | ExplanationsBatchResult
                | KeyFactsBatchResult
                | ReviewBatchResult
                | SecondReviewBatchResult
                | SentenceBatchResult
                | SummaryBatchResult
                | TopicBatchResult
                | TypingBatchResult
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_batch_entry_result_type_0 = SentenceBatchResult.from_dict(
                        data
                    )

                    return componentsschemas_batch_entry_result_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_batch_entry_result_type_1 = SummaryBatchResult.from_dict(data)

                    return componentsschemas_batch_entry_result_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_batch_entry_result_type_2 = TopicBatchResult.from_dict(data)

                    return componentsschemas_batch_entry_result_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_batch_entry_result_type_3 = KeyFactsBatchResult.from_dict(
                        data
                    )

                    return componentsschemas_batch_entry_result_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_batch_entry_result_type_4 = AtomicFactsBatchResult.from_dict(
                        data
                    )

                    return componentsschemas_batch_entry_result_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_batch_entry_result_type_5 = ReviewBatchResult.from_dict(data)

                    return componentsschemas_batch_entry_result_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_batch_entry_result_type_6 = SecondReviewBatchResult.from_dict(
                        data
                    )

                    return componentsschemas_batch_entry_result_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_batch_entry_result_type_7 = TypingBatchResult.from_dict(data)

                    return componentsschemas_batch_entry_result_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_batch_entry_result_type_8 = ExplanationsBatchResult.from_dict(
                    data
                )

                return componentsschemas_batch_entry_result_type_8

            entries_item = _parse_entries_item(entries_item_data)

            entries.append(entries_item)

        batch_save_result = cls(
            entries=entries,
        )

        batch_save_result.additional_properties = d
        return batch_save_result

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
