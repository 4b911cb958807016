"""scores.csv and system_scores.csv from hand-built rows, read back with the csv module and
pandas."""

from __future__ import annotations

import csv
import io

import pandas as pd
import pytest

from annotations.formats.writers.rows import (
    AtomicFactRow,
    FactCoverage,
    KeyFactRow,
    SentenceRow,
    SummaryRow,
)
from annotations.formats.writers.scores import (
    COLUMNS,
    SYSTEM_COLUMNS,
    ScoreCollector,
    write_scores,
    write_system_scores,
)

C, X = "consistent", "inconsistent"


def summary(
    system: str,
    labels: list[str | None],
    *,
    covered: tuple[bool | None, ...] = (),
    aligned: list[bool | None] | None = None,
    acus: tuple[bool | None, ...] = (),
    topic: str = "budget, 2024",
    summary_id: str = "",
    split: str = "dev",
) -> SummaryRow:
    aligned = aligned if aligned is not None else [None] * len(labels)
    return SummaryRow(
        corpus="mediasum",
        doc_id="NPR-1",
        topic=topic,
        system=system,
        summary_id=summary_id,
        split=split,
        sentences=tuple(
            SentenceRow(i, f"Sentence {i}.", label=label, covers_key_fact=covers)
            for i, (label, covers) in enumerate(zip(labels, aligned, strict=True))
        ),
        key_fact_coverage=tuple(
            FactCoverage(KeyFactRow(f"fact {k}"), value) for k, value in enumerate(covered)
        ),
        key_facts=tuple(KeyFactRow(f"fact {k}") for k in range(len(covered))),
        atomic_facts=tuple(AtomicFactRow(f"acu {j}", supported=v) for j, v in enumerate(acus)),
    )


ROWS = [
    # 3 of 4 sentences consistent, 2 of 5 key facts, 1 of 4 sentences aligned, 5 of 6 ACUs.
    summary(
        "model-a",
        [C, C, X, C],
        covered=(True, False, False, True, False),
        aligned=[False, True, False, False],
        acus=(True, True, False, True, True, True),
        summary_id="a-1",
    ),
    # Every sentence consistent; nothing else judged.
    summary("model-a", [C, C], split="test"),
    # An unlabelled sentence: faithfulness undefined. 1 of 2 key facts.
    summary("model-b", [C, None], covered=(True, False), aligned=[True, False]),
]


def test_one_row_per_summary_with_empty_cells_for_undefined_scores() -> None:
    stream = io.BytesIO()
    collector = ScoreCollector()
    assert write_scores(stream, ROWS, collector=collector) == 3
    text = stream.getvalue().decode("utf-8")
    assert text.endswith("\n")
    assert "\r" not in text
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == COLUMNS
    assert rows[0][:9] == [
        "corpus",
        "doc_id",
        "topic",
        "system",
        "summary_id",
        "faithfulness",
        "completeness",
        "conciseness",
        "acu_score",
    ]
    assert rows[1] == [
        "mediasum",
        "NPR-1",
        "budget, 2024",
        "model-a",
        "a-1",
        "0.75",
        "0.4",
        "0.25",
        "0.8333333333333334",
        "dev",
    ]
    # No summary id: the system's name, as the native JSONL writes it.
    assert rows[2] == [
        "mediasum",
        "NPR-1",
        "budget, 2024",
        "model-a",
        "model-a",
        "1.0",
        "",
        "",
        "",
        "test",
    ]
    assert rows[3][5:9] == ["", "0.5", "0.5", ""]
    frame = pd.read_csv(io.StringIO(text))
    assert frame["faithfulness"].tolist()[:2] == [0.75, 1.0]
    assert frame["completeness"].isna().tolist() == [False, True, False]
    assert len(collector) == 3


def test_the_system_file_from_the_collected_scores() -> None:
    collector = ScoreCollector()
    write_scores(io.BytesIO(), ROWS, collector=collector)
    table = collector.table()
    stream = io.BytesIO()
    assert write_system_scores(stream, table) == 2
    rows = list(csv.DictReader(io.StringIO(stream.getvalue().decode("utf-8"))))
    assert list(rows[0]) == SYSTEM_COLUMNS
    a, b = rows
    assert (a["system"], a["summaries"]) == ("model-a", "2")
    # faithfulness: (0.75 + 1.0) / 2; completeness only from the first summary.
    assert float(a["faithfulness"]) == pytest.approx(0.875)
    assert a["faithfulness_n"] == "2"
    assert float(a["faithfulness_low"]) >= 0.75
    assert float(a["faithfulness_high"]) <= 1.0
    assert (a["completeness"], a["completeness_low"], a["completeness_high"]) == ("0.4",) * 3
    assert a["completeness_n"] == "1"
    assert (a["acu_score_n"], float(a["acu_score"])) == ("1", pytest.approx(5 / 6))
    assert (b["system"], b["summaries"], b["faithfulness"], b["faithfulness_n"]) == (
        "model-b",
        "1",
        "",
        "0",
    )
    assert (b["completeness"], b["conciseness"]) == ("0.5", "0.5")
