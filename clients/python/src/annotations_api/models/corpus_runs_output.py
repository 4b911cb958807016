from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.corpus_run_output import CorpusRunOutput


T = TypeVar("T", bound="CorpusRunsOutput")


@_attrs_define
class CorpusRunsOutput:
    """
    Attributes:
        corpus_sentences (int): Sentences in the project's corpus.
        corpus_summaries (int): Summaries in the project's corpus.
        runs (list[CorpusRunOutput]):
    """

    corpus_sentences: int
    corpus_summaries: int
    runs: list[CorpusRunOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        corpus_sentences = self.corpus_sentences

        corpus_summaries = self.corpus_summaries

        runs = []
        for runs_item_data in self.runs:
            runs_item = runs_item_data.to_dict()
            runs.append(runs_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "corpus_sentences": corpus_sentences,
                "corpus_summaries": corpus_summaries,
                "runs": runs,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.corpus_run_output import CorpusRunOutput

        d = dict(src_dict)
        corpus_sentences = d.pop("corpus_sentences")

        corpus_summaries = d.pop("corpus_summaries")

        runs = []
        _runs = d.pop("runs")
        for runs_item_data in _runs:
            runs_item = CorpusRunOutput.from_dict(runs_item_data)

            runs.append(runs_item)

        corpus_runs_output = cls(
            corpus_sentences=corpus_sentences,
            corpus_summaries=corpus_summaries,
            runs=runs,
        )

        corpus_runs_output.additional_properties = d
        return corpus_runs_output

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
