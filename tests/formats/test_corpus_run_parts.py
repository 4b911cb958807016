"""A corpus run's records as stored parts (annotations/formats/corpus_run_parts.py): cut at
summary boundaries, read back exactly, extras kept by position."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from annotations.formats.corpus_predictions import CONSISTENT, INCONSISTENT, NO_LABEL
from annotations.formats.corpus_run_parts import (
    SUMMARY_LEVEL,
    Extra,
    RunRecords,
    part_records,
    parts_of,
    records_from_rows,
)
from annotations.formats.release_records import IdIndex


def _random_rows(seed: int, summaries: int) -> list[tuple]:
    rng = np.random.default_rng(seed)
    rows: list[tuple] = []
    sentence = 10_000
    for summary in rng.permutation(np.arange(100, 100 + summaries)).tolist():
        if rng.random() < 0.3:
            rows.append((summary, None, "consistent", None, False, None))
        for _ in range(int(rng.integers(1, 7))):
            sentence += int(rng.integers(1, 4))
            declined = rng.random() < 0.05
            extra = (
                Extra(f"why {sentence}", ("CorefE",), ((0, 4),), (1, 2))
                if rng.random() < 0.1
                else None
            )
            rows.append(
                (
                    summary,
                    sentence,
                    "" if declined else str(rng.choice(["", "consistent", "inconsistent"])),
                    None if declined or rng.random() < 0.2 else float(rng.random()),
                    declined,
                    extra,
                )
            )
    rng.shuffle(rows)
    return rows


def _as_tuples(records: RunRecords) -> list[tuple]:
    return [
        (
            int(records.summary[at]),
            int(records.sentence[at]),
            None if np.isnan(records.scores[at]) else float(records.scores[at]),
            int(records.labels[at]),
            bool(records.abstain[at]),
            records.extras.get(at),
        )
        for at in range(len(records))
    ]


@pytest.mark.parametrize("size", [1, 7, 64, 4096])
def test_parts_cut_between_summaries_and_read_back_every_record(size: int) -> None:
    rows = _random_rows(seed=size, summaries=300)
    records = records_from_rows(rows)
    parts = list(parts_of(records, size))
    back = RunRecords.joined([part_records(p.records, p.arrays, p.extras) for p in parts])
    assert _as_tuples(back) == _as_tuples(records)
    assert sum(p.records for p in parts) == len(rows)
    for earlier, later in itertools.pairwise(parts):
        assert earlier.last_summary < later.first_summary  # a summary is never split
    for part in parts:
        inside = part_records(part.records, part.arrays, part.extras)
        assert inside.summary.min() == part.first_summary
        assert inside.summary.max() == part.last_summary
        # Parts are about ``size`` records: only the last summary added may overshoot.
        assert part.records < size + 8
    # The rows' own values, looked up by (summary, sentence).
    codes = {"": NO_LABEL, "consistent": CONSISTENT, "inconsistent": INCONSISTENT}
    by_key = {(int(s), SUMMARY_LEVEL if x is None else int(x)): r for s, x, *r in _as_tuples(back)}
    for summary, sentence, label, score, declined, extra in rows:
        got = by_key[(summary, SUMMARY_LEVEL if sentence is None else sentence)]
        assert got[0] == score
        assert got[1] == codes[label]
        assert got[2] == declined
        assert got[3] == extra


def test_records_are_ordered_by_summary_with_its_own_verdict_first() -> None:
    records = records_from_rows(
        [
            (5, 12, "consistent", None, False, None),
            (5, None, "inconsistent", None, False, None),
            (3, 40, "", 0.5, False, None),
            (5, 11, "", None, True, None),
        ]
    )
    assert records.summary.tolist() == [3, 5, 5, 5]
    assert records.sentence.tolist() == [40, SUMMARY_LEVEL, 11, 12]


def test_a_part_whose_bytes_do_not_match_its_count_is_refused() -> None:
    (part,) = parts_of(records_from_rows([(1, 2, "consistent", None, False, None)]))
    with pytest.raises(ValueError, match="a part of 2 records has 26 bytes"):
        part_records(2, part.arrays, part.extras)


def test_selecting_summaries_keeps_their_extras_at_their_new_positions() -> None:
    why = Extra("because", ("NumE",), ((1, 3),), (0,))
    records = records_from_rows(
        [
            (1, 10, "consistent", None, False, None),
            (2, 20, "inconsistent", None, False, why),
            (3, 30, "consistent", None, False, None),
        ]
    )
    picked = records.of_summaries([2, 3])
    assert picked.sentence.tolist() == [20, 30]
    assert dict(picked.extras) == {0: why}


@pytest.mark.parametrize("width", [8, 12, 20])
def test_an_id_index_finds_every_id_whether_built_or_read_back_sorted(width: int) -> None:
    """The kept corpus ids come back sorted with their order (``IdIndex.from_sorted``) and
    their 8-byte prefixes are read in place: every id is found at its record, an unknown one
    nowhere, and a record's id is printed the same."""
    rng = np.random.default_rng(width)
    raw = {rng.bytes(width).replace(b"\x00", b"0") for _ in range(2_000)}
    raw |= {b"same-8b-" + bytes([65 + n]) * (width - 8) for n in range(5)}  # shared prefixes
    ids = np.array(sorted(raw, key=lambda _: rng.random()), dtype=f"S{width}")
    built = IdIndex(ids)
    order = np.argsort(ids, kind="stable")
    kept = IdIndex.from_sorted(ids[order], order)
    unknown = np.array(
        [b"\x01" * width] + ([b"same-8b-" + b"Z" * (width - 8)] if width > 8 else []),
        dtype=f"S{width}",
    )
    for index in (built, kept):
        assert index.find(ids).tolist() == list(range(len(ids)))
        assert (index.find(unknown) == -1).all()
        assert index.text(17) == ids[17].decode("utf-8", "replace")
    assert np.array_equal(kept.ids, ids)
