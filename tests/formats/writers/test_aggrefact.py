"""The AggreFact export: one CSV row per summary, label 1 = consistent, cut val/test, and
the unified error types as AggreFact writes them."""

from __future__ import annotations

import io

import pandas as pd
import pytest

from annotations.formats.writers.aggrefact import (
    AGGREFACT_SPELLING,
    COLUMNS,
    summary_label,
    write_aggrefact,
)
from annotations.formats.writers.rows import ExportError, SentenceRow
from tests.formats.writers.builders import consistent_summary, inconsistent_summary

DOC = (
    b'"MAYA ORTIZ (host): Tonight the council votes on the river bus.\n'
    b'DEV PATEL: It costs $4M, paid by the port."'
)


def written(*rows) -> bytes:
    stream = io.BytesIO()
    write_aggrefact(stream, rows, dataset="river-bus-v1")
    return stream.getvalue()


def test_each_summary_is_one_row_with_its_label_cut_and_unified_types() -> None:
    data = written(consistent_summary(), inconsistent_summary(split="test"))

    assert data == (
        b"dataset,origin,id,doc,summary,model_name,label,cut,error_type,topic\n"
        b"river-bus-v1,demo,council-1," + DOC + b","
        b'"The council votes tonight. The line costs ""$4M"".",Quillon-13B,1,val,correct,'
        b"Funding for the river bus\n"
        b"river-bus-v1,demo,council-1," + DOC + b","
        b'"It is paid by the city, and by a new tax. The vote is tonight.",Parrot-XL,0,test,'
        b"\"['extrinsic-entire_sent', 'intrinsic-NP']\",Funding for the river bus\n"
    )


def test_pandas_reads_the_file_back() -> None:
    frame = pd.read_csv(io.BytesIO(written(consistent_summary(), inconsistent_summary())))

    assert list(frame["label"]) == [1, 0]
    assert list(frame["cut"]) == ["val", "val"]
    assert frame["doc"][0].splitlines()[1] == "DEV PATEL: It costs $4M, paid by the port."


def test_one_inconsistent_sentence_makes_the_summary_inconsistent() -> None:
    sentences = (SentenceRow(0, "a", label="inconsistent"), SentenceRow(1, "b"))

    assert summary_label(consistent_summary(sentences=sentences)) == 0


def test_a_summary_whose_label_is_unknown_is_refused() -> None:
    sentences = (SentenceRow(0, "a", label="consistent"), SentenceRow(1, "b"))

    with pytest.raises(ExportError, match="some sentence has no gold label"):
        written(consistent_summary(sentences=sentences))
    with pytest.raises(ExportError, match="some sentence has no gold label"):
        written(consistent_summary(sentences=()))


def test_a_document_outside_dev_and_test_or_without_dialogue_is_refused() -> None:
    with pytest.raises(ExportError, match="cut is val or test; the document's split is 'none'"):
        written(consistent_summary(split="none"))
    with pytest.raises(ExportError, match="no dialogue turns for `doc`"):
        written(consistent_summary(turns=()))


def test_the_writer_counts_rows_without_the_header() -> None:
    assert write_aggrefact(io.BytesIO(), [consistent_summary()] * 4, dataset="x") == 4


def test_the_dialogue_quoted_once_per_document_gives_the_rows_csv_would_write() -> None:
    import csv
    from dataclasses import replace

    from annotations.formats.writers.rows import TurnRow, dialogue_text

    plain = (TurnRow("ANA", "no special characters here"),)
    tricky = (TurnRow("BO", 'He said "yes", then left.'), TurnRow("CY", "Two\nlines"))
    rows = [
        consistent_summary(doc_id="d1", turns=plain),
        inconsistent_summary(doc_id="d1", turns=plain),
        consistent_summary(doc_id="d2", turns=tricky, topic="a, b"),
        inconsistent_summary(doc_id="d2", turns=tricky),
        replace(consistent_summary(doc_id="d3"), turns=plain),
    ]
    expected = io.StringIO()
    writer = csv.writer(expected, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        types = sorted({t for s in row.sentences for t in s.unified_types})
        writer.writerow(
            [
                "river-bus-v1",
                row.corpus,
                row.doc_id,
                dialogue_text(row.turns),
                row.summary_text,
                row.system,
                summary_label(row),
                {"dev": "val", "test": "test"}[row.split],
                "correct"
                if summary_label(row) == 1
                else repr([AGGREFACT_SPELLING.get(t, t) for t in types])
                if types
                else "",
                row.topic,
            ]
        )

    assert written(*rows) == expected.getvalue().encode("utf-8")


def test_every_unified_code_is_written_in_aggrefacts_own_spelling() -> None:
    # AggreFact's data (data/error_type_mapping/*.csv) spells its six leaves like this.
    assert sorted(AGGREFACT_SPELLING.values()) == sorted(
        [
            "intrinsic-NP",
            "extrinsic-NP",
            "intrinsic-predicate",
            "extrinsic-predicate",
            "intrinsic-entire_sent",
            "extrinsic-entire_sent",
        ]
    )
    from annotations.taxonomy_catalogue import TAXONOMIES, UNIFIED_SLUG

    unified = next(t for t in TAXONOMIES if t["slug"] == UNIFIED_SLUG)
    leaves = {t["code"] for t in unified["types"]} - {"intrinsic", "extrinsic"}
    assert leaves == set(AGGREFACT_SPELLING)
