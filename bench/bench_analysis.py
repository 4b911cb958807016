"""Analysis benchmark: ``release_report``'s error rates per summarizer on a large synthetic
release (issue 32: 200,000 summaries, 1,000 resamples, target < 2 s).

    .venv/bin/python bench/bench_analysis.py [--summaries 200000] [--systems 6]
                                             [--resamples 1000] [--repeat 3] [--seed 1]

Generates, seeded, a release's ``records.npz`` (formats/writers/record_arrays.py, version 1)
in memory: ``--summaries`` summaries by ``--systems`` summarizers of different quality over
two corpora, six summaries per (dialogue, topic) unit, three units in four main topics, 1-8
sentences each (~3 % not judged, ~15 % inconsistent, system- and topic-type-dependent),
inconsistent sentences with 0-2 of eight error types; and per summary a relevance (1-5),
completeness and conciseness (``nan`` for ~20 %), the values the native JSONL gives.

Timed, ``--repeat`` times (the target is held against the slowest run): loading the arrays
(``read_record_arrays``), building the analysis input (``analysis_input``) and the table
(``error_rates``: every figure of every system x corpus x topic type with its clustered
bootstrap interval), then writing the four ``analysis/`` files. Reading the native JSONL's
per-summary values is not in it (it depends on how much text a release holds; the build
collects them as the rows stream past). The point estimates are checked against pandas;
the script exits 1 if they differ by more than 1e-9, 0 otherwise, target met or not. No
database.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from annotations.analysis import error_rates  # noqa: E402  (needs the project root on sys.path)
from annotations.analysis.inputs import Extras, analysis_input  # noqa: E402
from annotations.analysis.tables import analysis_files  # noqa: E402
from annotations.formats.release_records import read_record_arrays  # noqa: E402
from annotations.formats.writers.record_arrays import FORMAT_VERSION  # noqa: E402

TARGET_SECONDS = 2.0
TYPES = [
    "Extrinsic Information",
    "Mis-Referencing",
    "Stating Opinion as Fact",
    "Reasoning Error",
    "Tense/Modality Error",
    "Contradiction",
    "Nuanced Meaning Shift",
    "Other",
]


def synthetic(n: int, n_systems: int, seed: int) -> tuple[bytes, Extras, pd.DataFrame]:
    rng = np.random.default_rng(seed)
    per_unit = 6
    unit = np.arange(n) // per_unit
    n_units = int(unit[-1]) + 1
    system = np.arange(n) % n_systems
    topic = unit % 3 + 3 * (unit // 3 % 4)  # topic names repeat across documents
    document = unit // 3
    corpus = (document % 2).astype(np.int32)
    category = np.where(rng.random(n_units) < 0.75, 0, 1)[unit]  # 0 main, 1 marginal
    sentences = rng.integers(1, 9, n).astype(np.int32)
    owner = np.repeat(np.arange(n), sentences)
    p_bad = (0.05 + 0.04 * system + 0.06 * category)[owner]
    draw = rng.random(len(owner))
    label = np.where(draw < 0.03, -1, np.where(draw < 0.03 + p_bad, 1, 0)).astype(np.int8)
    # Type sets: [] first, then single types and some pairs.
    sets = [[]] + [[t] for t in TYPES] + [[TYPES[i], TYPES[i + 1]] for i in range(0, 8, 2)]
    types = np.where(label == 1, rng.integers(0, len(sets), len(owner)), 0).astype(np.int32)
    ids = np.char.add(b"s", np.arange(len(owner)).astype("S12"))
    arrays = {
        "version": np.asarray(FORMAT_VERSION),
        "sentence_id": ids,
        "sentence_label": label,
        "sentence_types": types,
        "sentence_unified_types": np.zeros(len(owner), dtype=np.int32),
        "type_sets": np.array([json.dumps(s) for s in sets]),
        "summary_id": np.char.add(b"m", np.arange(n).astype("S12")),
        "summary_sentences": sentences,
        "corpus": corpus,
        "corpus_values": np.array(["mediasum", "meetingbank"]),
        "doc_id": document.astype(np.int32),
        "doc_id_values": np.array([f"doc-{d:07d}" for d in range(int(document[-1]) + 1)]),
        "topic": topic.astype(np.int32),
        "topic_values": np.array([f"topic {t:02d}" for t in range(12)]),
        "topic_category": category.astype(np.int32),
        "topic_category_values": np.array(["main", "marginal"]),
        "system": system.astype(np.int32),
        "system_values": np.array([f"model-{chr(65 + s)}" for s in range(n_systems)]),
        "split": np.zeros(n, dtype=np.int32),
        "split_values": np.array(["test"]),
    }
    packed = io.BytesIO()
    np.savez(packed, **arrays)
    relevance = rng.integers(1, 6, n).astype(float)
    completeness = rng.random(n)
    conciseness = rng.random(n)
    for values in (relevance, completeness, conciseness):
        values[rng.random(n) < 0.2] = np.nan
    frame = pd.DataFrame(
        {
            "system": system[owner],
            "corpus": corpus[owner],
            "category": category[owner],
            "bad": label == 1,
            "judged": label >= 0,
        }
    )
    return packed.getvalue(), Extras(relevance, completeness, conciseness), frame


def uptime() -> str:
    """The machine's load (`uptime`): a figure measured on a busy machine says so."""
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--summaries", type=int, default=200_000)
    parser.add_argument("--systems", type=int, default=6)
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    data, extras, frame = synthetic(args.summaries, args.systems, args.seed)
    print(f"python {platform.python_version()}, numpy {np.__version__}, {os.cpu_count()} CPUs")
    print(
        f"load before: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}"
    )
    print(
        f"{args.summaries:,} summaries, {len(frame):,} sentences, {args.systems} systems,"
        f" {args.summaries // 6:,} units, {args.resamples} resamples"
    )
    times: list[float] = []
    # CPU time beside wall time: on a shared machine (load above the cores) the wall time is
    # mostly waiting for a core; the CPU time is the work.
    cpus: list[float] = []
    table = None
    for _ in range(args.repeat):
        start = time.perf_counter()
        cpu = time.process_time()
        records = read_record_arrays(data)
        loaded = time.perf_counter()
        table = error_rates(
            analysis_input(records, extras), n_resamples=args.resamples, seed=args.seed
        )
        computed = time.perf_counter()
        files = analysis_files(table)
        end = time.perf_counter()
        cpu = time.process_time() - cpu
        times.append(end - start)
        cpus.append(cpu)
        print(
            f"  load {loaded - start:.2f} s, table {computed - loaded:.2f} s,"
            f" files {end - computed:.3f} s ({sum(len(t) for t in files.values()):,} bytes):"
            f" {end - start:.2f} s wall, {cpu:.2f} s CPU"
        )
    print(
        f"load after: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}"
    )
    slowest = max(times)
    verdict = "met" if slowest < TARGET_SECONDS else "NOT met"
    print(
        f"slowest {slowest:.2f} s wall ({max(cpus):.2f} s CPU), fastest {min(times):.2f} s:"
        f" target < {TARGET_SECONDS} s {verdict}"
    )
    # The point estimates against pandas.
    assert table is not None
    judged = frame[frame["judged"]]
    expected = judged.groupby(["system", "corpus", "category"])["bad"].mean()
    worst = 0.0
    corpora, categories = ["mediasum", "meetingbank"], ["main", "marginal"]
    rows = {(r.system, r.corpus, r.topic_type): r for r in table.rows}
    for (s, c, k), rate in expected.items():
        got = rows[f"model-{chr(65 + s)}", corpora[c], categories[k]]
        worst = max(worst, abs(got.metrics["sentence_inconsistency"].value - rate))
    print(f"largest difference from pandas: {worst:.2e}")
    return 0 if worst < 1e-9 else 1


if __name__ == "__main__":
    sys.exit(main())
