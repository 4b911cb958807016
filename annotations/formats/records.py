"""Plain records that readers produce and the import service writes."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

SPLITS = ("dev", "test", "none")


@dataclass(frozen=True, slots=True)
class TurnRecord:
    speaker: str
    text: str
    role: str = ""


@dataclass(frozen=True, slots=True)
class SentenceRecord:
    text: str
    start: int
    end: int
    source_index: int | None = None


@dataclass(slots=True)
class SummaryRecord:
    external_id: str
    system: str
    text: str
    sentences: list[SentenceRecord]
    metadata: dict[str, Any] = field(default_factory=dict)
    # Given atomic facts to verify (a reference summary's ACUs, as RoSE gives them).
    atomic_facts: list[str] = field(default_factory=list)


@dataclass(slots=True)
class TopicRecord:
    name: str
    summaries: list[SummaryRecord]
    # A given key-fact list that rounds can align (docs/completeness.md).
    key_facts: list[str] = field(default_factory=list)


@dataclass(slots=True)
class DocumentRecord:
    corpus: str
    external_id: str
    turns: list[TurnRecord]
    topics: list[TopicRecord] = field(default_factory=list)
    title: str = ""
    split: str = "none"
    metadata: dict[str, Any] = field(default_factory=dict)
    # Where the record came from, for error messages raised while writing it.
    origin: str = ""
    line: int = 0

    def content_hash(self) -> str:
        """sha256 of everything a judgement could depend on, in a canonical encoding."""
        # Built by hand: dataclasses.asdict deep-copies every record, which tripled the
        # hashing cost of a large import. Keys and order match the stored hashes.
        content = {
            "corpus": self.corpus,
            "external_id": self.external_id,
            "turns": [{"speaker": t.speaker, "text": t.text, "role": t.role} for t in self.turns],
            "topics": [
                {
                    "name": topic.name,
                    "summaries": [
                        {
                            "external_id": s.external_id,
                            "system": s.system,
                            "text": s.text,
                            "sentences": [
                                {
                                    "text": x.text,
                                    "start": x.start,
                                    "end": x.end,
                                    "source_index": x.source_index,
                                }
                                for x in s.sentences
                            ],
                            "metadata": s.metadata,
                            # Only when given, so the hashes stored before they existed hold.
                            **({"atomic_facts": s.atomic_facts} if s.atomic_facts else {}),
                        }
                        for s in topic.summaries
                    ],
                    **({"key_facts": topic.key_facts} if topic.key_facts else {}),
                }
                for topic in self.topics
            ],
            "title": self.title,
            "split": self.split,
            "metadata": self.metadata,
        }
        encoded = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return hashlib.sha256(encoded.encode("utf-8")).hexdigest()


def turn_offsets(turns: list[TurnRecord]) -> list[tuple[int, int]]:
    """[start, end) of each turn's text in the transcript (texts joined by a newline)."""
    offsets = []
    position = 0
    for turn in turns:
        offsets.append((position, position + len(turn.text)))
        position += len(turn.text) + 1
    return offsets


@dataclass(frozen=True, slots=True)
class ColumnLimits:
    """The longest value each stored text field takes, and the largest stored number: the
    service passes its model columns' max_length and integer range (services/corpus_import.py
    ``column_limits``), so a reader refuses an over-long or out-of-range value with its line and
    field instead of the database refusing the whole import."""

    corpus: int = 100
    document_id: int = 200
    title: int = 300
    speaker: int = 200
    role: int = 200
    topic: int = 300
    system: int = 200
    summary_id: int = 200
    # SummarySentence.source_index (TofuEval's sent_idx), a PositiveIntegerField.
    source_index: int = 2_147_483_647
