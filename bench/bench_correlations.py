"""Correlation benchmark (issue 32): the correlation tables of ``--evaluators`` evaluators over
a release of ``--summaries`` summaries with ``--resamples`` bootstrap resamples by document.

    python bench/bench_correlations.py [--summaries 200000] [--evaluators 10]
                                       [--resamples 1000] [--seed 1]

The release is synthesised in TofuEval's shape (a dialogue has 3 topics x 5 systems, so
200,000 summaries are 13,334 dialogues; 3 sentences a summary, 20% of them inconsistent; every
sentence judged for key facts; 4 key facts per topic) and loaded as the site loads it, from a
``records.npz`` (``read_record_arrays``). Each evaluator's run gives a score per sentence and
a key-fact match per summary. Timed, as ``manage.py evaluator_report`` computes them
(``selectors/evaluator_beyond.beyond_figures``), on the three aspects FineSurE reports:

- **faithfulness**: the human share of consistent sentences against each run's mean
  sentence score;
- **completeness** and **conciseness**: the human ones from the gold key facts against each
  run's key-fact matches.

Also timed: the key-fact step (each run's matches read from the arrays of its stored
``.npz``, as ``unpack_predictions`` reads them, and scored: accuracy, completeness,
conciseness), and ``beyond_figures`` as a whole.

Each table: Pearson, Spearman, Kendall at the summary level (per document, then averaged)
and the system level, with intervals. Target < 2 s for the tables. Prints wall-clock and CPU
seconds (the process's own, all threads): on a shared machine the wall clock also counts the
other processes' turns. Exits non-zero only if the harness fails. See bench/README.md.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from annotations.evaluator_scores.beyond import key_fact_scores  # noqa: E402
from annotations.formats.key_fact_matches import matches_from_json  # noqa: E402
from annotations.formats.predictions import (  # noqa: E402
    Predictions,
    pack_predictions,
    unpack_predictions,
)
from annotations.formats.release_records import ReleaseRecords, read_record_arrays  # noqa: E402
from annotations.selectors.evaluator_beyond import (  # noqa: E402
    _table,
    beyond_figures,
    faithfulness_scores,
    gold_key_facts,
    human_scores,
)

TOPICS, SYSTEMS, SENTENCES, FACTS = 3, 5, 3, 4


def release_arrays(n_summaries: int, rng: np.random.Generator) -> bytes:
    """A records.npz of ``n_summaries`` summaries, built as arrays (record_arrays.py's layout)."""
    n = n_summaries * SENTENCES
    per_document = TOPICS * SYSTEMS
    documents = -(-n_summaries // per_document)
    document = np.arange(n_summaries) // per_document
    coverage = rng.random((n_summaries, FACTS)) < 0.5
    distinct_facts, fact_codes = np.unique(coverage, axis=0, return_inverse=True)
    stream = io.BytesIO()
    np.savez(
        stream,
        version=np.asarray(1),
        sentence_id=np.char.encode(np.char.add("s", np.arange(n).astype(str)), "utf-8"),
        sentence_label=(rng.random(n) < 0.2).astype(np.int8),
        sentence_types=np.zeros(n, dtype=np.int32),
        sentence_unified_types=np.zeros(n, dtype=np.int32),
        type_sets=np.array(["[]"]),
        summary_id=np.char.encode(np.char.add("m", np.arange(n_summaries).astype(str)), "utf-8"),
        summary_sentences=np.full(n_summaries, SENTENCES, dtype=np.int32),
        corpus=np.zeros(n_summaries, dtype=np.int32),
        corpus_values=np.array(["mediasum"]),
        doc_id=document.astype(np.int32),
        doc_id_values=np.array([f"d{d:06d}" for d in range(documents)]),
        topic=(np.arange(n_summaries) // SYSTEMS % TOPICS).astype(np.int32),
        topic_values=np.array([f"topic {t}" for t in range(TOPICS)]),
        topic_category=np.zeros(n_summaries, dtype=np.int32),
        topic_category_values=np.array(["main"]),
        system=(np.arange(n_summaries) % SYSTEMS).astype(np.int32),
        system_values=np.array([f"system-{s}" for s in range(SYSTEMS)]),
        split=np.zeros(n_summaries, dtype=np.int32),
        split_values=np.array(["test"]),
        system_category=np.zeros(n_summaries, dtype=np.int32),
        system_category_values=np.array([""]),
        key_facts=fact_codes.reshape(-1).astype(np.int32),
        key_facts_values=np.array([json.dumps(row.tolist()) for row in distinct_facts]),
        acus=np.zeros(n_summaries, dtype=np.int32),
        acus_values=np.array([""]),
        sentence_covers=(rng.random(n) < 0.6).astype(np.int8),
        sentence_spans=np.zeros(n, dtype=np.int32),
        span_sets=np.array([""]),
    )
    return stream.getvalue()


def runs(records, n_evaluators: int, rng: np.random.Generator) -> dict[str, Predictions]:
    """Runs of scores per sentence (noisier with each evaluator) and key-fact matches."""
    sentences = records.sentences
    gold = np.array(
        [json.loads(text) for text in records.summaries.field("key_facts").tolist()], dtype=bool
    )
    out = {}
    for e in range(n_evaluators):
        noise = 0.2 + 0.1 * e
        values = (sentences.label == 0) + rng.normal(0, noise, len(sentences))
        matches = np.where(rng.random(gold.shape) < 0.8 - 0.03 * e, gold, ~gold)
        out[f"evaluator-{e}"] = Predictions(
            "score",
            values,
            np.full(len(records.summaries), np.nan),
            summary_key_facts=matches_from_json(
                {
                    index: json.dumps(
                        [[1 + f % SENTENCES] if hit else [] for f, hit in enumerate(row)]
                    )
                    for index, row in enumerate(matches.tolist())
                }
            ),
        )
    return out


def scored_key_facts(records: ReleaseRecords, run: Predictions, options: dict) -> dict:
    """One run's key-fact figures, as ``beyond_figures`` computes them."""
    matches = run.summary_key_facts
    at = matches.summaries
    return key_fact_scores(
        *gold_key_facts(records, at),
        matches,
        np.bincount(records.sentences.summary, minlength=len(records.summaries))[at],
        records.summaries.document[at],
        int(records.summaries.document.max()) + 1,
        **options,
    )


def timed(work):  # type: ignore[no-untyped-def]
    wall, cpu = time.perf_counter(), time.process_time()
    result = work()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--summaries", type=int, default=200_000)
    parser.add_argument("--evaluators", type=int, default=10)
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    records = read_record_arrays(release_arrays(args.summaries, rng))
    first_runs = runs(records, args.evaluators, rng)
    options = {"n_resamples": args.resamples, "confidence": 0.95, "seed": args.seed}
    print(
        f"{len(records.summaries):,} summaries, {len(records.sentences):,} sentences,"
        f" {int(records.summaries.document.max()) + 1:,} documents; {args.evaluators}"
        f" evaluators; {args.resamples} resamples"
    )
    # 1. The correlation tables: every evaluator's scores per summary against the human
    # scores, three aspects, each at the summary and the system level with intervals.
    human = human_scores(records)
    faithfulness = {name: faithfulness_scores(run, records) for name, run in first_runs.items()}
    scored = {name: scored_key_facts(records, run, options) for name, run in first_runs.items()}
    aspects = {
        "faithfulness": faithfulness,
        "completeness": {name: s["completeness"] for name, s in scored.items()},
        "conciseness": {name: s["conciseness"] for name, s in scored.items()},
    }
    tables, wall, cpu = timed(
        lambda: {
            aspect: _table(human[aspect], scores, records, options)
            for aspect, scores in aspects.items()
        }
    )
    for aspect, table in tables.items():
        assert table is not None, aspect
        assert len(table["evaluators"]) == args.evaluators, aspect
        best = table["evaluators"]["evaluator-0"]
        print(
            f"  {aspect}: evaluator-0 system-level Kendall"
            f" {best['system_level']['kendall']['value']}, summary-level Pearson"
            f" {best['summary_level']['pearson']['value']}"
        )
    print(
        f"correlation tables (3 aspects x {args.evaluators} evaluators x 2 levels x 3"
        f" coefficients): {wall:.2f} s wall clock, {cpu:.2f} s CPU (target < 2 s)"
    )
    # 2. The key-fact matches read from the runs' stored arrays and scored (accuracy,
    # completeness, conciseness per summary): what the tables above start from.
    stored = [pack_predictions(run) for run in first_runs.values()]
    _, wall, cpu = timed(
        lambda: [scored_key_facts(records, unpack_predictions(data), options) for data in stored]
    )
    print(
        f"key-fact matches read from the stored arrays and scored, {args.evaluators} runs:"
        f" {wall:.2f} s wall, {cpu:.2f} s CPU"
    )
    # 3. The whole report's part beyond balanced accuracy, as evaluator_report runs it.
    _, wall, cpu = timed(lambda: beyond_figures(records, first_runs, **options))
    print(
        f"beyond_figures (all of the above, from the stored runs): {wall:.2f} s wall,"
        f" {cpu:.2f} s CPU"
    )


if __name__ == "__main__":
    main()
