"""Evaluator benchmark (issue 15): upload and score evaluator runs over a million sentence
records.

    python bench/bench_evaluators.py [--documents 22223] [--evaluators 10] [--runs 3]
                                     [--resamples 1000] [--seed 1]

A release's records are synthesised in TofuEval's shape (a dialogue has 3 topics x 5
systems x 3 sentences, so 22,223 dialogues give 1,000,035 sentence records; half the
dialogues dev, half test; 20% of sentences inconsistent, each with one of 8 types) and
written as a release build writes them, ``records.csv`` and ``records.npz``, by its writers
(real 20-character record ids). Then, without a database (the service around these steps
writes one row per run):

- **upload**: ``--runs`` runs of one evaluator, each a 1M-row CSV of scores, through
  ``read_predictions`` (parse, join, every check) and the ``.npz`` packing the service stores;
  predictions/s per run. Target >= 200,000/s.
- **memory**: each upload runs in a fresh process that first loads Django and the upload
  service, as a worker has them, then the release's records from ``records.npz`` (as the
  service does, once per release); its peak RSS is VmHWM, target < 400 MB. One more upload
  loads the records from ``records.csv``, as for a release built before records.npz (no
  target: shown for comparison).
- **leaderboard**: ``--evaluators`` evaluators at both levels (sentence, and summary derived
  from the sentences) with every figure and ``--resamples`` resamples by document, plus the
  self-agreement of the evaluator with ``--runs`` runs: the same work as
  ``manage.py evaluator_report``. Target < 3 s.

Prints figures; exits non-zero only if the harness fails. See bench/README.md.
"""

from __future__ import annotations

import argparse
import io
import multiprocessing
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from annotations.evaluator_scores import (  # noqa: E402
    LevelRecords,
    RunValues,
    flags,
    level_leaderboard,
    self_agreement,
    tune_threshold,
)
from annotations.formats.predictions import (  # noqa: E402
    pack_predictions,
    read_predictions,
    unpack_predictions,
)
from annotations.formats.release_records import (  # noqa: E402
    read_record_arrays,
    read_release_records,
)
from annotations.formats.writers.record_arrays import (  # noqa: E402
    RECORD_ARRAYS_FILE,
    RecordArraysWriter,
)
from annotations.formats.writers.records import RECORDS_FILE, RecordsWriter  # noqa: E402
from annotations.formats.writers.rows import SentenceRow, SummaryRow, record_ids_of  # noqa: E402

TOPICS, SYSTEMS, SENTENCES = 3, 5, 3
TYPES = [f"Type {i}" for i in range(8)]


def write_release_records(documents: int, rng: np.random.Generator, folder: Path) -> np.ndarray:
    """records.csv and records.npz of the synthetic release, written by the release build's
    own writers from rows (so the record ids are the real 20-hex-character ones); returns
    the sentence labels (True: inconsistent), in the records' order."""
    bad = rng.random(documents * TOPICS * SYSTEMS * SENTENCES) < 0.2
    kinds = rng.integers(0, len(TYPES), len(bad))
    arrays = RecordArraysWriter()
    with (folder / RECORDS_FILE).open("wb") as stream:
        records = RecordsWriter(stream)
        index = 0
        for document in range(documents):
            for topic in range(TOPICS):
                for system in range(SYSTEMS):
                    sentences = []
                    for number in range(SENTENCES):
                        wrong = bool(bad[index])
                        sentences.append(
                            SentenceRow(
                                number,
                                "",
                                label="inconsistent" if wrong else "consistent",
                                error_types=(TYPES[kinds[index]],) if wrong else (),
                            )
                        )
                        index += 1
                    row = SummaryRow(
                        corpus="mediasum",
                        doc_id=f"d{document}",
                        topic=f"t{topic}",
                        system=f"sys{system}",
                        sentences=tuple(sentences),
                        topic_category="marginal" if topic == 2 else "main",
                        split="dev" if document % 2 == 0 else "test",
                    )
                    ids = record_ids_of(row)
                    records.write(row, ids)
                    arrays.write(row, ids)
    with (folder / RECORD_ARRAYS_FILE).open("wb") as stream:
        arrays.finish(stream)
    return bad


def run_csv(ids: list[str], bad: np.ndarray, rng: np.random.Generator, skill: float) -> bytes:
    scores = np.where(bad, rng.normal(0.5 - skill, 0.2, len(bad)), rng.normal(0.5, 0.2, len(bad)))
    body = io.StringIO()
    body.write("record_id,score\n")
    body.write("".join(f"{i},{s:.4f}\n" for i, s in zip(ids, scores.tolist(), strict=True)))
    return body.getvalue().encode()


def peak_mb() -> float:
    """This process's peak resident memory (VmHWM). Not ``ru_maxrss``, which a spawned child
    inherits from its parent (bench/README.md)."""
    status = Path("/proc/self/status").read_text()
    return int(status.split("VmHWM:")[1].split()[0]) / 1024


def upload(folder: Path, number: int, source: str) -> tuple[float, float, float, float, int, int]:
    """In a fresh process with the site loaded (Django and the upload service imported, as
    in a worker): load the release's records from ``source`` (records.npz, as the service
    does; records.csv for a release built before it), then time one run's check and
    packing. Returns the records' load seconds, the check's seconds, the peak RSS in MB once
    the records are loaded and at the end, the CSV's and the stored file's sizes."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "annotation_site.settings")
    django.setup()
    import annotations.services.evaluator_runs  # noqa: F401  (the worker's imports)

    started = time.perf_counter()
    with (folder / source).open("rb") as stream:
        read = read_record_arrays if source == RECORD_ARRAYS_FILE else read_release_records
        records = read(stream)
    loaded = time.perf_counter() - started
    after_records = peak_mb()
    content = (folder / f"run{number}.csv").read_bytes()
    started = time.perf_counter()
    predictions = read_predictions(content, file=f"run{number}.csv", records=records)
    packed = pack_predictions(predictions)  # the bytes the service stores
    took = time.perf_counter() - started
    (folder / f"run{number}.npz").write_bytes(packed)
    return loaded, took, after_records, peak_mb(), len(content), len(packed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--documents", type=int, default=22_223)
    parser.add_argument("--evaluators", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)

    folder = Path(tempfile.mkdtemp(prefix="bench-evaluators-"))
    bad = write_release_records(args.documents, rng, folder)
    records = read_record_arrays((folder / RECORD_ARRAYS_FILE).read_bytes())
    n = len(records.sentences)
    sizes = {
        name: (folder / name).stat().st_size / 2**20 for name in (RECORDS_FILE, RECORD_ARRAYS_FILE)
    }
    print(
        f"bench: {n} sentence records in {len(records.summaries)} summaries of"
        f" {args.documents} dialogues ({RECORDS_FILE} {sizes[RECORDS_FILE]:.0f} MB,"
        f" {RECORD_ARRAYS_FILE} {sizes[RECORD_ARRAYS_FILE]:.0f} MB; not timed)"
    )
    ids = records.sentences.record_id.tolist()
    for number in range(1, args.runs + 1):
        (folder / f"run{number}.csv").write_bytes(run_csv(ids, bad, rng, skill=0.2))
    del ids
    # Each upload in a fresh process, so its peak memory is the upload's own; the last one
    # loads the records from the CSV, as for a release built before records.npz.
    context = multiprocessing.get_context("spawn")
    with context.Pool(1, maxtasksperchild=1) as pool:
        measured = [
            (number, source, pool.apply(upload, (folder, number, source)))
            for number, source in [
                *((number, RECORD_ARRAYS_FILE) for number in range(1, args.runs + 1)),
                (1, RECORDS_FILE),
            ]
        ]
    for number, source, (loaded, took, records_peak, peak, size, stored) in measured:
        print(
            f"upload run {number}: {n} predictions ({size / 2**20:.0f} MB CSV,"
            f" {stored / 2**20:.0f} MB stored) in {took:.2f} s: {n / took:,.0f} predictions/s"
            f" (target >= 200,000); records from {source} in {loaded:.2f} s; peak RSS"
            f" {peak:.0f} MB{' (target < 400 MB)' if source == RECORD_ARRAYS_FILE else ''},"
            f" {records_peak:.0f} MB once the records are loaded"
        )
    runs = [
        unpack_predictions((folder / f"run{number}.npz").read_bytes())
        for number in range(1, args.runs + 1)
    ]
    shutil.rmtree(folder)

    # Ten evaluators of varied skill; the first is the uploaded one with its runs.
    values = [runs[0].sentence_values] + [
        np.where(bad, rng.normal(0.5 - s, 0.2, n), rng.normal(0.5, 0.2, n))
        for s in np.linspace(0.0, 0.4, args.evaluators - 1)
    ]
    summaries = records.summaries
    owner = records.sentences.summary
    sentence_level = LevelRecords(
        inconsistent=records.sentences.label == 1,
        document=summaries.document[owner],
        split=summaries.field("split", owner),
        groups={
            "corpus": summaries.coded_field("corpus", owner),
            "topic_type": summaries.coded_field("topic_category", owner),
            "system": summaries.coded_field("system", owner),
        },
        types=records.sentences.error_types,
    )
    summary_level = LevelRecords(
        inconsistent=summaries.label == 1,
        document=summaries.document,
        split=summaries.field("split"),
        groups={
            "topic_type": summaries.coded_field("topic_category"),
            "system": summaries.coded_field("system"),
        },
    )
    started = time.perf_counter()
    sentence_runs = {f"e{i}": RunValues("score", v) for i, v in enumerate(values)}
    board = level_leaderboard(sentence_level, sentence_runs, n_resamples=args.resamples)
    derived = {}
    for name, run in sentence_runs.items():
        lowest = np.full(len(summaries), np.inf)
        np.minimum.at(lowest, owner, run.values)
        derived[name] = RunValues("score", lowest)
    summary_board = level_leaderboard(summary_level, derived, n_resamples=args.resamples)
    dev = sentence_level.split == "dev"
    calls = [
        flags(
            RunValues("score", run.sentence_values),
            tune_threshold(run.sentence_values[dev], sentence_level.inconsistent[dev]).value,
        )
        for run in runs
    ]
    agreement = self_agreement(calls, sentence_level.document, n_resamples=args.resamples)
    took = time.perf_counter() - started
    best = max(board["evaluators"].items(), key=lambda item: item[1]["balanced_accuracy"]["value"])
    print(
        f"leaderboard: {args.evaluators} evaluators x 2 levels, {len(board['comparisons'])}"
        f" pairs, {args.resamples} resamples of {board['documents']} documents, self-agreement"
        f" of {args.runs} runs: {took:.2f} s (target < 3 s)"
    )
    print(
        f"  best {best[0]}: sentence balanced accuracy {best[1]['balanced_accuracy']['value']:.3f}"
        f" [{best[1]['balanced_accuracy']['low']:.3f}, {best[1]['balanced_accuracy']['high']:.3f}];"
        f" summary level {summary_board['evaluators'][best[0]]['balanced_accuracy']['value']:.3f};"
        f" {agreement['coefficient']} {agreement['value']}"
    )


if __name__ == "__main__":
    main()
