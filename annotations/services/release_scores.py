"""The scores every release carries, whatever its formats (docs/formats/scores.md):
``scores.csv`` (one row per summary), ``system_scores.csv`` (one row per system) and the
per-system table in the manifest (``scores``), which the release API serves to the
release page; and ``records.csv`` (one row per sentence with its gold,
formats/writers/records.py), what evaluators are scored against, with ``records.npz``, the
same table as the arrays the site loads to score them (formats/writers/record_arrays.py).

No extra pass over the database: ``tap`` wraps the rows of the build's first format pass,
writing each summary's scores and sentence records to scratch files as the row streams
past, and keeping its system and scores as arrays (~40 bytes a summary). ``finish`` then
adds the files to the archive and computes the table. Only when no format pass went through
``tap`` to the end (which the release build never does) are the rows read again, without
dialogue or annotators.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import BinaryIO, cast

from annotations.analysis import ErrorRateTable, error_rates
from annotations.analysis.error_rates import METHOD
from annotations.analysis.inputs import SummaryExtras, analysis_input
from annotations.analysis.tables import analysis_files
from annotations.formats.release_records import read_record_arrays
from annotations.formats.writers.record_arrays import RECORD_ARRAYS_FILE, RecordArraysWriter
from annotations.formats.writers.records import RECORDS_FILE, RecordsWriter
from annotations.formats.writers.rows import SummaryRow, record_ids_of
from annotations.formats.writers.scores import ScoreCollector, ScoresWriter, write_system_scores
from annotations.scoring import ScoreTable
from annotations.selectors.release_rows import summary_rows
from annotations.selectors.release_scope import ReleaseScope
from annotations.services.release_archive import ReleaseArchive

SCORES_FILE = "scores.csv"
SYSTEM_SCORES_FILE = "system_scores.csv"
# The interval of every release's table: fixed, so two releases of the same labels agree.
N_RESAMPLES = 1000
CONFIDENCE = 0.95
SEED = 0


class ReleaseScores:
    def __init__(self, scratch: Path) -> None:
        self._path = scratch / SCORES_FILE
        self._records_path = scratch / RECORDS_FILE
        self._arrays_path = scratch / RECORD_ARRAYS_FILE
        self._sentences: int | None = None
        self._collector = ScoreCollector()
        self._records: int | None = None  # set when a tapped pass has ended
        self._tapped = False
        self._extras = SummaryExtras()
        self.analysis: ErrorRateTable | None = None

    def tap(self, rows: Iterable[SummaryRow]) -> Iterator[SummaryRow]:
        """``rows`` unchanged; the first pass tapped also writes every row's scores."""
        if self._tapped:
            yield from rows
            return
        self._tapped = True
        with self._path.open("wb") as stream, self._records_path.open("wb") as records:
            writer = ScoresWriter(cast(BinaryIO, stream), collector=self._collector)
            sentences = RecordsWriter(cast(BinaryIO, records))
            arrays = RecordArraysWriter()
            for row in rows:
                writer.write(row)
                ids = record_ids_of(row)  # hashed once for both
                sentences.write(row, ids)
                arrays.write(row, ids)
                self._extras.add(row)
                yield row
        with self._arrays_path.open("wb") as stream:
            arrays.finish(cast(BinaryIO, stream))
        self._records = writer.records
        self._sentences = sentences.records

    def finish(self, archive: ReleaseArchive, scope: ReleaseScope) -> ScoreTable:
        """Add ``scores.csv``, ``system_scores.csv``, ``records.csv``, ``records.npz`` and the
        ``analysis/`` files (error rates per summarizer) to the archive; returns the score
        table (the error-rate table is ``self.analysis``)."""
        if self._records is None:
            self._tapped = False
            self._collector = ScoreCollector()
            self._extras = SummaryExtras()
            cheap = replace(scope, with_turns=False, with_annotators=False)
            for _ in self.tap(summary_rows(cheap)):
                pass
        archive.add(self._path, SCORES_FILE, records=self._records)
        self._path.unlink()
        archive.add(self._records_path, RECORDS_FILE, records=self._sentences)
        self._records_path.unlink()
        archive.add(self._arrays_path, RECORD_ARRAYS_FILE, records=self._sentences)
        # The error rates per summarizer, from the arrays just written (what release_report
        # reads back from a published release) and the summaries' extras.
        records = read_record_arrays(self._arrays_path.read_bytes())
        self._arrays_path.unlink()
        self.analysis = error_rates(
            analysis_input(records, self._extras.extras()),
            n_resamples=N_RESAMPLES,
            confidence=CONFIDENCE,
            seed=SEED,
        )
        # A release without a judged summary has no rows: no file (never one written empty).
        for name, text in analysis_files(self.analysis).items() if self.analysis.rows else ():
            with archive.entry(name) as stream:
                stream.write(text.encode("utf-8"))
                stream.records = text.count("\n") - 1 if name.endswith(".csv") else None
        table = self._collector.table(n_resamples=N_RESAMPLES, confidence=CONFIDENCE, seed=SEED)
        with archive.entry(SYSTEM_SCORES_FILE) as stream:
            stream.records = write_system_scores(cast(BinaryIO, stream), table)
        return table

    def analysis_summary(self) -> dict[str, object] | None:
        """What the manifest says of the analysis: how it was computed, and its files."""
        if self.analysis is None:
            return None
        return {
            "confidence": self.analysis.confidence,
            "n_resamples": self.analysis.n_resamples,
            "seed": self.analysis.seed,
            "method": METHOD,
            "files": sorted(analysis_files(self.analysis)) if self.analysis.rows else [],
        }
