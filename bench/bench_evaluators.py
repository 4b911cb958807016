"""Evaluator benchmark (issue 15): upload and score evaluator runs over a million sentence
records.

    python bench/bench_evaluators.py [--documents 22223] [--evaluators 10] [--runs 3]
                                     [--resamples 1000] [--seed 1]

A release's ``records.csv`` is synthesised in TofuEval's shape (a dialogue has 3 topics x 5
systems x 3 sentences, so 22,223 dialogues give 1,000,035 sentence records; half the
dialogues dev, half test; 20% of sentences inconsistent, each with one of 8 types) and read
as the release's records. Then, in this process (no database: the service around these steps
writes one row per run):

- **upload**: ``--runs`` runs of one evaluator, each a 1M-row CSV of scores, through
  ``read_predictions`` (parse, join, every check) and the ``.npz`` packing the service stores;
  predictions/s per run. Target >= 200,000/s.
- **memory**: each upload runs in a fresh process; its peak RSS (ru_maxrss), which includes
  reading ``records.csv`` (done once per release and cached by the site); target < 400 MB.
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
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from annotations.evaluator_scores import (  # noqa: E402  # noqa: E402
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
from annotations.formats.release_records import read_release_records  # noqa: E402
from annotations.formats.writers.records import COLUMNS  # noqa: E402

TOPICS, SYSTEMS, SENTENCES = 3, 5, 3
TYPES = [f"Type {i}" for i in range(8)]


def records_csv(documents: int, rng: np.random.Generator) -> tuple[bytes, np.ndarray]:
    """records.csv for the synthetic release, and its sentence labels (1 inconsistent)."""
    per_document = TOPICS * SYSTEMS * SENTENCES
    n = documents * per_document
    index = np.arange(n)
    document = index // per_document
    topic = (index // (SYSTEMS * SENTENCES)) % TOPICS
    system = (index // SENTENCES) % SYSTEMS
    sentence = index % SENTENCES + 1
    bad = rng.random(n) < 0.2
    kinds = rng.integers(0, len(TYPES), n)
    lines = [",".join(COLUMNS)]
    split = np.where(document % 2 == 0, "dev", "test")
    category = np.where(topic == 2, "marginal", "main")
    for i in range(n):
        summary = f"s{document[i]}-{topic[i]}-{system[i]}"
        types = f'"[""{TYPES[kinds[i]]}""]"' if bad[i] else "[]"
        lines.append(
            f"r{i},{summary},mediasum,d{document[i]},t{topic[i]},{category[i]},sys{system[i]},"
            f"{split[i]},{sentence[i]},{'inconsistent' if bad[i] else 'consistent'},{types},[]"
        )
    return ("\n".join(lines) + "\n").encode(), bad


def run_csv(bad: np.ndarray, rng: np.random.Generator, skill: float) -> bytes:
    scores = np.where(bad, rng.normal(0.5 - skill, 0.2, len(bad)), rng.normal(0.5, 0.2, len(bad)))
    body = io.StringIO()
    body.write("record_id,score\n")
    body.write("".join(f"r{i},{s:.4f}\n" for i, s in enumerate(scores.tolist())))
    return body.getvalue().encode()


def upload(folder: Path, number: int) -> tuple[float, float, float, int, int]:
    """In a child process: read the release's records (as the service does, cached across
    uploads there), then time one run's check and packing; returns the seconds, the peak RSS
    in MB after reading the records and at the end, the CSV's and the stored file's sizes."""
    with (folder / "records.csv").open("rb") as stream:
        records = read_release_records(stream)
    after_records = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    content = (folder / f"run{number}.csv").read_bytes()
    started = time.perf_counter()
    predictions = read_predictions(content, file=f"run{number}.csv", records=records)
    packed = pack_predictions(predictions)  # the bytes the service stores
    took = time.perf_counter() - started
    (folder / f"run{number}.npz").write_bytes(packed)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return took, after_records, peak, len(content), len(packed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--documents", type=int, default=22_223)
    parser.add_argument("--evaluators", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)

    data, bad = records_csv(args.documents, rng)
    records = read_release_records(data)
    n = len(records.sentences)
    print(
        f"bench: {n} sentence records in {len(records.summaries)} summaries of"
        f" {args.documents} dialogues (not timed)"
    )
    folder = Path(tempfile.mkdtemp(prefix="bench-evaluators-"))
    (folder / "records.csv").write_bytes(data)
    for number in range(1, args.runs + 1):
        (folder / f"run{number}.csv").write_bytes(run_csv(bad, rng, skill=0.2))
    # Each upload in a fresh process, so its peak memory is the upload's own.
    context = multiprocessing.get_context("spawn")
    with context.Pool(1, maxtasksperchild=1) as pool:
        measured = [pool.apply(upload, (folder, number)) for number in range(1, args.runs + 1)]
    for number, (took, records_peak, peak, size, stored) in enumerate(measured, start=1):
        print(
            f"upload run {number}: {n} predictions ({size / 2**20:.0f} MB CSV,"
            f" {stored / 2**20:.0f} MB stored) in {took:.2f} s: {n / took:,.0f} predictions/s"
            f" (target >= 200,000); peak RSS {peak:.0f} MB (target < 400 MB), of which"
            f" {records_peak:.0f} MB once records.csv is read"
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
        split=summaries.split[owner],
        groups={
            "corpus": summaries.corpus[owner],
            "topic_type": summaries.topic_category[owner],
            "system": summaries.system[owner],
        },
        types=records.sentences.error_types,
    )
    summary_level = LevelRecords(
        inconsistent=summaries.label == 1,
        document=summaries.document,
        split=summaries.split,
        groups={"topic_type": summaries.topic_category, "system": summaries.system},
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
