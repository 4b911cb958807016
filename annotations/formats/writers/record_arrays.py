"""``records.npz``: the table of ``records.csv`` as NumPy arrays, what the site loads to
score an evaluator's run against a release (formats/release_records.py reads it).

Why a second copy: parsing a million-row CSV into arrays costs a worker ~240 MB and a few
seconds on every upload's first read of a release; loading these arrays costs about what
they hold (~100 MB for a million sentences) and a fraction of a second. The CSV stays the
readable, portable table; both are written from the same rows in the same pass, and the
manifest checksums both.

A plain ``.npz`` (``numpy.savez``: arrays only, no pickled objects, read back with
``allow_pickle=False``); the release zip deflates it. Its arrays, version 1:

- ``version``: 1;
- per sentence, in records.csv's order: ``sentence_id`` (the record id as UTF-8 bytes),
  ``sentence_label`` (int8: 1 inconsistent, 0 consistent, -1 not judged),
  ``sentence_types`` and ``sentence_unified_types`` (int32: an index into ``type_sets``);
- ``type_sets``: every distinct set of types as the JSON array records.csv prints, ``[]``
  first;
- per summary: ``summary_id`` (bytes), ``summary_sentences`` (int32: how many of the
  sentences that follow in order are its own), and for each of ``corpus``, ``doc_id``,
  ``topic``, ``topic_category``, ``system``, ``split``: ``<name>`` (int32 codes) with its
  distinct values in ``<name>_values``.

Since issue 32, optional to a reader (a release built before has none): ``system_category``,
``key_facts`` and ``acus`` per summary as codes and ``<name>_values`` as above (the key-fact
coverage and ACU verdicts as records.csv's JSON text); per sentence ``sentence_covers``
(int8: 1 states a key fact, 0 not, -1 not judged) and ``sentence_spans`` (int32: an index into
``span_sets``, the distinct gold-span lists as records.csv's JSON text, "" first).

A push writer beside ``RecordsWriter``; no Django here.
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Iterable
from typing import BinaryIO

import numpy as np

from annotations.formats.writers.records import acus_json, key_facts_json, spans_json
from annotations.formats.writers.rows import RecordIds, SummaryRow, record_ids_of

RECORD_ARRAYS_FILE = "records.npz"
FORMAT_VERSION = 1
SUMMARY_FIELDS = ("corpus", "doc_id", "topic", "topic_category", "system", "split")
# Written since issue 32, optional to the reader (records.csv's optional columns): the
# summarizer's category, and the summary's gold key-fact coverage and ACU verdicts as the JSON
# text records.csv prints.
OPTIONAL_SUMMARY_FIELDS = ("system_category", "key_facts", "acus")
# Ids are turned into fixed-width bytes this many at a time, so no list of a million Python
# strings is ever held.
ID_BATCH = 50_000


def as_id_bytes(ids: Iterable[str]) -> np.ndarray:
    """Ids as UTF-8 bytes (dtype S, as wide as the longest), the form ``IdIndex`` searches. A
    lone surrogate (which JSON can spell) is kept as its bytes: such an id is unknown."""
    encoded = [value.encode("utf-8", "surrogatepass") for value in ids]
    return np.array(encoded, dtype=bytes) if encoded else np.empty(0, dtype="S1")


class _Coded:
    """Distinct values, each given the next code on first sight."""

    def __init__(self, *first: str) -> None:
        self.values: dict[str, int] = {value: code for code, value in enumerate(first)}
        self.codes = array("i")

    def code(self, value: str) -> int:
        code = self.values.get(value)
        if code is None:
            code = self.values[value] = len(self.values)
        return code

    def add(self, value: str) -> None:
        self.codes.append(self.code(value))

    def vocabulary(self) -> np.ndarray:
        return np.asarray(list(self.values), dtype=str)


class _Ids:
    """Record ids as fixed-width UTF-8 bytes, packed a batch at a time."""

    def __init__(self) -> None:
        self._pending: list[str] = []
        self._packed: list[np.ndarray] = []

    def add(self, value: str) -> None:
        self._pending.append(value)
        if len(self._pending) == ID_BATCH:
            self._pack()

    def _pack(self) -> None:
        if self._pending:
            self._packed.append(as_id_bytes(self._pending))
            self._pending = []

    def array(self) -> np.ndarray:
        self._pack()
        if not self._packed:
            return np.empty(0, dtype="S1")
        # Concatenation widens every batch to the longest id.
        return np.concatenate(self._packed)


class RecordArraysWriter:
    """Collects one summary at a time; ``finish(stream)`` writes the ``.npz``."""

    def __init__(self) -> None:
        self._sentence_ids = _Ids()
        self._labels = array("b")
        self._type_sets = _Coded("[]")
        self._types = array("i")
        self._unified = array("i")
        self._summary_ids = _Ids()
        self._counts = array("i")
        self._fields = {name: _Coded() for name in (*SUMMARY_FIELDS, *OPTIONAL_SUMMARY_FIELDS)}
        self._covers = array("b")
        self._span_sets = _Coded("")
        self._spans = array("i")
        self.records = 0

    def write(self, summary: SummaryRow, ids: RecordIds | None = None) -> None:
        """``ids``: the row's record ids, when the caller has them already."""
        if not summary.sentences:
            return  # records.csv has no row for it either: no record to predict
        ids = ids or record_ids_of(summary)
        self._summary_ids.add(ids.summary)
        self._counts.append(len(summary.sentences))
        for name in SUMMARY_FIELDS:
            self._fields[name].add(getattr(summary, name))
        self._fields["system_category"].add(summary.system_category)
        self._fields["key_facts"].add(key_facts_json(summary))
        self._fields["acus"].add(acus_json(summary))
        for sentence, sentence_id in zip(summary.sentences, ids.sentences, strict=True):
            self._sentence_ids.add(sentence_id)
            self._labels.append(
                1
                if sentence.label == "inconsistent"
                else 0
                if sentence.label == "consistent"
                else -1
            )
            self._types.append(self._type_set(sentence.error_types))
            self._unified.append(self._type_set(sentence.unified_types))
            covers = sentence.covers_key_fact
            self._covers.append(-1 if covers is None else int(covers))
            self._spans.append(self._span_sets.code(spans_json(sentence)))
        self.records += len(summary.sentences)

    def _type_set(self, types: tuple[str, ...]) -> int:
        return self._type_sets.code(json.dumps(list(types), ensure_ascii=False)) if types else 0

    def finish(self, stream: BinaryIO) -> None:
        arrays: dict[str, np.ndarray] = {
            "version": np.asarray(FORMAT_VERSION),
            "sentence_id": self._sentence_ids.array(),
            "sentence_label": np.frombuffer(self._labels, dtype=np.int8),
            "sentence_types": np.frombuffer(self._types, dtype=np.int32),
            "sentence_unified_types": np.frombuffer(self._unified, dtype=np.int32),
            "type_sets": self._type_sets.vocabulary(),
            "summary_id": self._summary_ids.array(),
            "summary_sentences": np.frombuffer(self._counts, dtype=np.int32),
            "sentence_covers": np.frombuffer(self._covers, dtype=np.int8),
            "sentence_spans": np.frombuffer(self._spans, dtype=np.int32),
            "span_sets": self._span_sets.vocabulary(),
        }
        for name, coded in self._fields.items():
            arrays[name] = np.frombuffer(coded.codes, dtype=np.int32)
            arrays[f"{name}_values"] = coded.vocabulary()
        np.savez(stream, **arrays)  # type: ignore[arg-type]
