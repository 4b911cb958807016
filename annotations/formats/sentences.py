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
    segmenter = _segmenter()
    # The processor's sentences, located by us: Segmenter.segment() would also locate them,
    # compiling a regex per sentence, which costs ~40% of the split and which we redo anyway.
    pieces = [p.strip() for p in segmenter.processor(text).process() if p.strip()]
    located = locate_sentences(text, pieces)
    if isinstance(located, int):
        # The processor rewrote something; segment() maps its output back onto the text.
        pieces = [p.strip() for p in segmenter.segment(text) if p.strip()]
        located = locate_sentences(text, pieces)
        if isinstance(located, int):
            raise ValueError(f"pysbd returned a sentence not in the text: {pieces[located]!r}")
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
