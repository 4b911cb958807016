from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.queue_item_output import QueueItemOutput
    from ..models.round_name_output import RoundNameOutput


T = TypeVar("T", bound="AdjudicationQueueOutput")


@_attrs_define
class AdjudicationQueueOutput:
    """
    Attributes:
        count (int):
        page (int):
        page_size (int):
        questions (list[str]):
        rounds (list[RoundNameOutput]):
        hidden (int): Items the decided filter leaves out (decided ones when listing undecided).
        open_rounds (int): Annotation rounds not closed yet: their disagreements are listed on closing.
        items (list[QueueItemOutput]):
    """

    count: int
    page: int
    page_size: int
    questions: list[str]
    rounds: list[RoundNameOutput]
    hidden: int
    open_rounds: int
    items: list[QueueItemOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        page = self.page

        page_size = self.page_size

        questions = self.questions

        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item = rounds_item_data.to_dict()
            rounds.append(rounds_item)

        hidden = self.hidden

        open_rounds = self.open_rounds

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "count": count,
                "page": page,
                "page_size": page_size,
                "questions": questions,
                "rounds": rounds,
                "hidden": hidden,
                "open_rounds": open_rounds,
                "items": items,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.queue_item_output import QueueItemOutput
        from ..models.round_name_output import RoundNameOutput

        d = dict(src_dict)
        count = d.pop("count")

        page = d.pop("page")

        page_size = d.pop("page_size")

        questions = cast(list[str], d.pop("questions"))

        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in _rounds:
            rounds_item = RoundNameOutput.from_dict(rounds_item_data)

            rounds.append(rounds_item)

        hidden = d.pop("hidden")

        open_rounds = d.pop("open_rounds")

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = QueueItemOutput.from_dict(items_item_data)

            items.append(items_item)

        adjudication_queue_output = cls(
            count=count,
            page=page,
            page_size=page_size,
            questions=questions,
            rounds=rounds,
            hidden=hidden,
            open_rounds=open_rounds,
            items=items,
        )

        adjudication_queue_output.additional_properties = d
        return adjudication_queue_output

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
