"""Sentence splitting of summaries with pysbd (rule-based, needs no downloads)."""

from __future__ import annotations

from functools import lru_cache

import pysbd

from annotations.formats.records import SentenceRecord


@lru_cache(maxsize=1)
def _segmenter() -> pysbd.Segmenter:
    # Not char_span=True: pysbd locates spans with a regex search over the whole text, which
    # gives wrong offsets when a sentence occurs twice. We locate them in order ourselves.
    return pysbd.Segmenter(language="en", clean=False)


def split_sentences(text: str) -> list[SentenceRecord]:
    """Split ``text`` into sentences with offsets; white space around a sentence is not part
    of it, and white-space-only pieces are dropped."""
    pieces = [piece.strip() for piece in _segmenter().segment(text) if piece.strip()]
    located = locate_sentences(text, pieces)
    if isinstance(located, int):  # pysbd with clean=False returns substrings; never expected
        raise ValueError(f"pysbd returned a sentence that is not in the text: {pieces[located]!r}")
    return located


def locate_sentences(text: str, sentences: list[str]) -> list[SentenceRecord] | int:
    """Find each given sentence in ``text``, in order and without overlap. Returns the
    records, or the index of the first sentence that cannot be found."""
    records = []
    cursor = 0
    for index, sentence in enumerate(sentences):
        start = text.find(sentence, cursor)
        if start < 0:
            return index
        end = start + len(sentence)
        records.append(SentenceRecord(text=sentence, start=start, end=end))
        cursor = end
    return records


def join_sentences(sentences: list[str]) -> tuple[str, list[SentenceRecord]]:
    """The text of a summary given only as sentences: joined by one space."""
    records = []
    position = 0
    for sentence in sentences:
        records.append(SentenceRecord(text=sentence, start=position, end=position + len(sentence)))
        position += len(sentence) + 1
    return " ".join(sentences), records
