"""Every writer writes a record as soon as its row arrives, so a release job can feed it from
a database cursor without holding the export in memory."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

import pytest

from annotations.formats.writers.aggrefact import write_aggrefact
from annotations.formats.writers.finesure import write_finesure
from annotations.formats.writers.llm_aggrefact import write_llm_aggrefact
from annotations.formats.writers.native import write_native
from annotations.formats.writers.rows import SummaryRow
from annotations.formats.writers.tofueval import write_tofueval
from tests.formats.writers.builders import consistent_summary, inconsistent_summary

WRITERS: dict[str, Callable[[BinaryIO, Iterator[SummaryRow]], int]] = {
    "native": write_native,
    "aggrefact": lambda stream, rows: write_aggrefact(stream, rows, dataset="x"),
    "llm_aggrefact": lambda stream, rows: write_llm_aggrefact(stream, rows, dataset="x"),
    "finesure": write_finesure,
}


@pytest.mark.parametrize("name", list(WRITERS))
def test_a_record_is_written_before_the_next_row_is_asked_for(name: str) -> None:
    stream = io.BytesIO()
    sizes = []

    def rows() -> Iterator[SummaryRow]:
        for row in (consistent_summary(), inconsistent_summary(), consistent_summary()):
            yield row
            sizes.append(len(stream.getvalue()))

    WRITERS[name](stream, rows())

    assert sizes[0] > 0
    assert sizes[0] < sizes[1] < sizes[2]


def test_the_tofueval_writer_writes_rows_before_reading_them_all(tmp_path: Path) -> None:
    def rows() -> Iterator[SummaryRow]:
        yield consistent_summary()
        raise RuntimeError("the database went away")

    with pytest.raises(RuntimeError):
        write_tofueval(tmp_path, rows(), [])

    written = (tmp_path / "factual_consistency/demo_factual_eval_dev.csv").read_bytes()
    assert written.count(b"\n") == 3  # header and the first summary's two sentences
