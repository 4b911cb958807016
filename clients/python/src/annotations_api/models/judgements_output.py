from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.atomic_facts_state import AtomicFactsState
    from ..models.key_facts_state import KeyFactsState
    from ..models.sentence_state import SentenceState
    from ..models.summary_state import SummaryState
    from ..models.topic_state import TopicState


T = TypeVar("T", bound="JudgementsOutput")


@_attrs_define
class JudgementsOutput:
    """
    Attributes:
        sentences (list[SentenceState]):
        summaries (list[SummaryState]):
        atomic_facts (list[AtomicFactsState]):
        topic (None | TopicState):
        key_facts (KeyFactsState | None):
    """

    sentences: list[SentenceState]
    summaries: list[SummaryState]
    atomic_facts: list[AtomicFactsState]
    topic: None | TopicState
    key_facts: KeyFactsState | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.key_facts_state import KeyFactsState
        from ..models.topic_state import TopicState

        sentences = []
        for sentences_item_data in self.sentences:
            sentences_item = sentences_item_data.to_dict()
            sentences.append(sentences_item)

        summaries = []
        for summaries_item_data in self.summaries:
            summaries_item = summaries_item_data.to_dict()
            summaries.append(summaries_item)

        atomic_facts = []
        for atomic_facts_item_data in self.atomic_facts:
            atomic_facts_item = atomic_facts_item_data.to_dict()
            atomic_facts.append(atomic_facts_item)

        topic: dict[str, Any] | None
        if isinstance(self.topic, TopicState):
            topic = self.topic.to_dict()
        else:
            topic = self.topic

        key_facts: dict[str, Any] | None
        if isinstance(self.key_facts, KeyFactsState):
            key_facts = self.key_facts.to_dict()
        else:
            key_facts = self.key_facts

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sentences": sentences,
                "summaries": summaries,
                "atomic_facts": atomic_facts,
                "topic": topic,
                "key_facts": key_facts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.atomic_facts_state import AtomicFactsState
        from ..models.key_facts_state import KeyFactsState
        from ..models.sentence_state import SentenceState
        from ..models.summary_state import SummaryState
        from ..models.topic_state import TopicState

        d = dict(src_dict)
        sentences = []
        _sentences = d.pop("sentences")
        for sentences_item_data in _sentences:
            sentences_item = SentenceState.from_dict(sentences_item_data)

            sentences.append(sentences_item)

        summaries = []
        _summaries = d.pop("summaries")
        for summaries_item_data in _summaries:
            summaries_item = SummaryState.from_dict(summaries_item_data)

            summaries.append(summaries_item)

        atomic_facts = []
        _atomic_facts = d.pop("atomic_facts")
        for atomic_facts_item_data in _atomic_facts:
            atomic_facts_item = AtomicFactsState.from_dict(atomic_facts_item_data)

            atomic_facts.append(atomic_facts_item)

        def _parse_topic(data: object) -> None | TopicState:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                topic_type_1 = TopicState.from_dict(data)

                return topic_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TopicState, data)

        topic = _parse_topic(d.pop("topic"))

        def _parse_key_facts(data: object) -> KeyFactsState | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                key_facts_type_1 = KeyFactsState.from_dict(data)

                return key_facts_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(KeyFactsState | None, data)

        key_facts = _parse_key_facts(d.pop("key_facts"))

        judgements_output = cls(
            sentences=sentences,
            summaries=summaries,
            atomic_facts=atomic_facts,
            topic=topic,
            key_facts=key_facts,
        )

        judgements_output.additional_properties = d
        return judgements_output

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
