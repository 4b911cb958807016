from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.atomic_facts_batch_entry import AtomicFactsBatchEntry
    from ..models.explanations_batch_entry import ExplanationsBatchEntry
    from ..models.key_facts_batch_entry import KeyFactsBatchEntry
    from ..models.review_batch_entry import ReviewBatchEntry
    from ..models.second_review_batch_entry import SecondReviewBatchEntry
    from ..models.sentence_batch_entry import SentenceBatchEntry
    from ..models.summary_batch_entry import SummaryBatchEntry
    from ..models.topic_batch_entry import TopicBatchEntry
    from ..models.typing_batch_entry import TypingBatchEntry


T = TypeVar("T", bound="BatchSaveInput")


@_attrs_define
class BatchSaveInput:
    """
    Attributes:
        entries (list[AtomicFactsBatchEntry | ExplanationsBatchEntry | KeyFactsBatchEntry | ReviewBatchEntry |
            SecondReviewBatchEntry | SentenceBatchEntry | SummaryBatchEntry | TopicBatchEntry | TypingBatchEntry]):
    """

    entries: list[
        AtomicFactsBatchEntry
        | ExplanationsBatchEntry
        | KeyFactsBatchEntry
        | ReviewBatchEntry
        | SecondReviewBatchEntry
        | SentenceBatchEntry
        | SummaryBatchEntry
        | TopicBatchEntry
        | TypingBatchEntry
    ]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.atomic_facts_batch_entry import AtomicFactsBatchEntry
        from ..models.key_facts_batch_entry import KeyFactsBatchEntry
        from ..models.review_batch_entry import ReviewBatchEntry
        from ..models.second_review_batch_entry import SecondReviewBatchEntry
        from ..models.sentence_batch_entry import SentenceBatchEntry
        from ..models.summary_batch_entry import SummaryBatchEntry
        from ..models.topic_batch_entry import TopicBatchEntry
        from ..models.typing_batch_entry import TypingBatchEntry

        entries = []
        for entries_item_data in self.entries:
            entries_item: dict[str, Any]
            if (
                isinstance(entries_item_data, SentenceBatchEntry)
                or isinstance(entries_item_data, SummaryBatchEntry)
                or isinstance(entries_item_data, TopicBatchEntry)
                or isinstance(entries_item_data, KeyFactsBatchEntry)
                or isinstance(entries_item_data, AtomicFactsBatchEntry)
                or isinstance(entries_item_data, ReviewBatchEntry)
                or isinstance(entries_item_data, SecondReviewBatchEntry)
                or isinstance(entries_item_data, TypingBatchEntry)
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
        from ..models.atomic_facts_batch_entry import AtomicFactsBatchEntry
        from ..models.explanations_batch_entry import ExplanationsBatchEntry
        from ..models.key_facts_batch_entry import KeyFactsBatchEntry
        from ..models.review_batch_entry import ReviewBatchEntry
        from ..models.second_review_batch_entry import SecondReviewBatchEntry
        from ..models.sentence_batch_entry import SentenceBatchEntry
        from ..models.summary_batch_entry import SummaryBatchEntry
        from ..models.topic_batch_entry import TopicBatchEntry
        from ..models.typing_batch_entry import TypingBatchEntry

        d = dict(src_dict)
        entries = []
        _entries = d.pop("entries")
        for entries_item_data in _entries:

            def _parse_entries_item(
                data: object,
            ) -> (
                AtomicFactsBatchEntry
                | ExplanationsBatchEntry
                | KeyFactsBatchEntry
                | ReviewBatchEntry
                | SecondReviewBatchEntry
                | SentenceBatchEntry
                | SummaryBatchEntry
                | TopicBatchEntry
                | TypingBatchEntry
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_batch_entry_type_0 = SentenceBatchEntry.from_dict(data)

                    return componentsschemas_batch_entry_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_batch_entry_type_1 = SummaryBatchEntry.from_dict(data)

                    return componentsschemas_batch_entry_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_batch_entry_type_2 = TopicBatchEntry.from_dict(data)

                    return componentsschemas_batch_entry_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_batch_entry_type_3 = KeyFactsBatchEntry.from_dict(data)

                    return componentsschemas_batch_entry_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_batch_entry_type_4 = AtomicFactsBatchEntry.from_dict(data)

                    return componentsschemas_batch_entry_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_batch_entry_type_5 = ReviewBatchEntry.from_dict(data)

                    return componentsschemas_batch_entry_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_batch_entry_type_6 = SecondReviewBatchEntry.from_dict(data)

                    return componentsschemas_batch_entry_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_batch_entry_type_7 = TypingBatchEntry.from_dict(data)

                    return componentsschemas_batch_entry_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_batch_entry_type_8 = ExplanationsBatchEntry.from_dict(data)

                return componentsschemas_batch_entry_type_8

            entries_item = _parse_entries_item(entries_item_data)

            entries.append(entries_item)

        batch_save_input = cls(
            entries=entries,
        )

        batch_save_input.additional_properties = d
        return batch_save_input

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
