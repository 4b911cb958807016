"""AggreFact's optional system_category column: each summarizer's category kept with its
summary, for thresholds tuned per category (docs/formats/aggrefact.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotations.formats.benchmarks import read_aggrefact
from annotations.formats.errors import FormatError
from annotations.formats.records import ColumnLimits

HEADER = "dataset,origin,id,doc,summary,model_name,label,cut,system_category\n"


def categories(path: Path) -> dict[str, object]:
    imported = read_aggrefact(path, file=path.name, limits=ColumnLimits())
    return {
        summary.system: summary.metadata.get("system_category")
        for document in imported.documents
        for topic in document.topics
        for summary in topic.summaries
    }


def test_a_category_is_kept_per_summary_and_a_blank_one_is_none(tmp_path: Path) -> None:
    path = tmp_path / "aggre_fact_final.csv"
    path.write_text(
        HEADER
        + "XSumFaith,xsum,1,The council met.,The council met.,BART,1,val, SOTA \n"
        + "XSumFaith,xsum,1,The council met.,Nobody met.,PtGen,0,test,OLD\n"
        + "XSumFaith,xsum,1,The council met.,It met.,BertSum,1,test,\n"
    )
    assert categories(path) == {"BART": "SOTA", "PtGen": "OLD", "BertSum": None}


def test_an_overlong_category_is_refused_naming_its_line(tmp_path: Path) -> None:
    path = tmp_path / "aggre_fact_final.csv"
    path.write_text(HEADER + "XSumFaith,xsum,1,D.,S.,BART,1,val," + "x" * 101 + "\n")
    with pytest.raises(FormatError) as refused:
        categories(path)
    assert refused.value.field == "system_category"
    assert refused.value.line == 2
