"""The report's figures beyond balanced accuracy from a release's records and a run's file
(key-fact matches, ACU verdicts, spans), against scipy and scikit-learn. No database: the
records are written from rows as a release writes them."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest
from scipy import stats
from sklearn.metrics import accuracy_score

from annotations.formats.predictions import read_predictions
from annotations.formats.release_records import ReleaseRecords, read_release_records
from annotations.formats.writers.records import write_records
from annotations.formats.writers.rows import (
    AtomicFactRow,
    FactCoverage,
    KeyFactRow,
    SentenceRow,
    SpanRow,
    SummaryRow,
    sentence_record_id,
    summary_record_id,
)
from annotations.selectors.evaluator_beyond import beyond_figures

FACTS = tuple(KeyFactRow(f"Fact {k}.") for k in range(4))
SYSTEMS = ("bart", "pegasus", "gpt", "llama")


def rows(seed: int = 0) -> list[SummaryRow]:
    rng = np.random.default_rng(seed)
    out = []
    for d in range(12):
        for system in SYSTEMS:
            n = int(rng.integers(2, 5))
            coverage = [bool(v) for v in rng.random(len(FACTS)) < 0.5]
            out.append(
                SummaryRow(
                    corpus="mediasum",
                    doc_id=f"d{d}",
                    topic="t",
                    system=system,
                    split="test",
                    key_facts=FACTS,
                    key_fact_coverage=tuple(
                        FactCoverage(f, c) for f, c in zip(FACTS, coverage, strict=True)
                    ),
                    atomic_facts=tuple(
                        AtomicFactRow(f"acu {k}", supported=bool(rng.random() < 0.7))
                        for k in range(int(rng.integers(1, 5)))
                    ),
                    sentences=tuple(
                        SentenceRow(
                            s,
                            f"Sentence number {s} of the summary.",
                            label="inconsistent" if rng.random() < 0.3 else "consistent",
                            covers_key_fact=bool(rng.random() < 0.6),
                            spans=(
                                (SpanRow(9, 15, "number", error_type="Logical Error"),)
                                if rng.random() < 0.3
                                else ()
                            ),
                        )
                        for s in range(n)
                    ),
                )
            )
    return out


def records_of(written: list[SummaryRow]) -> ReleaseRecords:
    stream = io.BytesIO()
    write_records(stream, written)
    return read_release_records(stream.getvalue())


def test_key_facts_acus_and_spans_are_scored_from_the_runs_file() -> None:
    written = rows()
    records = records_of(written)
    rng = np.random.default_rng(1)
    lines = []
    model_completeness, model_acu = [], []
    predicted_coverage, gold_coverage, predicted_acus, gold_acus = [], [], [], []
    for row in written:
        for sentence in row.sentences:
            line: dict = {
                "record_id": sentence_record_id(row, sentence.number),
                "label": 0 if sentence.label == "inconsistent" else 1,
            }
            if sentence.spans and rng.random() < 0.8:
                line["spans"] = [[9, 15, "Logical Error"]]
            lines.append(line)
        matches = []
        for coverage in row.key_fact_coverage:
            right = rng.random() < 0.8
            call = coverage.covered if right else not coverage.covered
            matches.append([1] if call else [])
            predicted_coverage.append(call)
            gold_coverage.append(coverage.covered)
        verdicts = [
            f.supported if rng.random() < 0.75 else not f.supported for f in row.atomic_facts
        ]
        predicted_acus += verdicts
        gold_acus += [f.supported for f in row.atomic_facts]
        model_completeness.append(np.mean([bool(m) for m in matches]))
        model_acu.append(np.mean(verdicts))
        lines.append(
            {
                "record_id": summary_record_id(row),
                "label": 0 if row.gold_label == "inconsistent" else 1,
                "key_facts": matches,
                "acus": verdicts,
            }
        )
    run = read_predictions(
        "".join(json.dumps(line) + "\n" for line in lines).encode(),
        file="run.jsonl",
        records=records,
    )
    report = beyond_figures(records, {"Judge": run}, n_resamples=100, confidence=0.95, seed=0)
    assert report["key_facts"]["Judge"]["accuracy"]["value"] == pytest.approx(
        accuracy_score(gold_coverage, predicted_coverage), abs=1e-6
    )
    assert report["acus"]["Judge"]["accuracy"]["value"] == pytest.approx(
        accuracy_score(gold_acus, predicted_acus), abs=1e-6
    )
    # Completeness from the model's matches against the gold completeness, system level.
    systems = np.array([row.system for row in written])
    human = np.array([row.completeness for row in written])
    means = [
        (human[systems == s].mean(), np.mean(np.array(model_completeness)[systems == s]))
        for s in SYSTEMS
    ]
    table = report["correlations"]["completeness"]["evaluators"]["Judge"]
    assert table["system_level"]["pearson"]["value"] == pytest.approx(
        stats.pearsonr([h for h, _ in means], [m for _, m in means])[0], abs=1e-6
    )
    # The ACU score, summary level: per document, then averaged.
    documents = np.array([row.doc_id for row in written])
    acu_human = np.array([row.acu_score for row in written])
    expected = []
    for d in np.unique(documents):
        x, y = acu_human[documents == d], np.array(model_acu)[documents == d]
        if np.ptp(x) > 0 and np.ptp(y) > 0:
            expected.append(stats.spearmanr(x, y)[0])
    acu_table = report["correlations"]["acu_score"]["evaluators"]["Judge"]
    assert acu_table["summary_level"]["spearman"]["value"] == pytest.approx(
        np.mean(expected), abs=1e-6
    )
    # Conciseness: the model's matches name sentence 1 of each summary when it covers a fact.
    assert report["correlations"]["conciseness"]["evaluators"]["Judge"]["summaries"] > 0
    # Spans: every predicted span is a gold one (exact precision 1), some gold ones missed.
    spans = report["spans"]["Judge"]
    gold_spans = sum(len(s.spans) for row in written for s in row.sentences)
    assert spans["all"]["gold_spans"] == gold_spans
    found = spans["all"]["predicted_spans"]
    assert spans["Logical Error"]["exact"]["value"] == pytest.approx(
        2 * found / (found + gold_spans)
    )
    assert report["success"]["Judge"]["summary"]["ratio"] == 1.0
    # Faithfulness is there for every run.
    assert report["correlations"]["faithfulness"]["evaluators"]["Judge"]["systems"] == 4


def test_an_old_release_without_the_scoring_columns_has_faithfulness_only() -> None:
    written = [
        SummaryRow(
            corpus="c",
            doc_id=f"d{n // 2}",
            topic="t",
            system=f"s{n % 2}",
            sentences=(
                SentenceRow(0, "One.", label="consistent"),
                SentenceRow(1, "Two.", label=("consistent", "inconsistent")[n % 3 == 0]),
            ),
        )
        for n in range(8)
    ]
    records = records_of(written)
    data = "record_id,score\n" + "".join(
        f"{sentence_record_id(row, s.number)},{0.5 + 0.1 * n}\n"
        for n, row in enumerate(written)
        for s in row.sentences
    )
    run = read_predictions(data.encode(), file="run.csv", records=records)
    report = beyond_figures(records, {"M": run}, n_resamples=50, confidence=0.95, seed=0)
    assert report["correlations"]["faithfulness"]["evaluators"]["M"]["summaries"] == 8
    for aspect in ("completeness", "conciseness", "acu_score"):
        assert report["correlations"][aspect] is None
    assert report["spans"] == report["key_facts"] == report["acus"] == {}
