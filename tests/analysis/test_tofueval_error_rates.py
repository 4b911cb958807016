"""The error rates of the public TofuEval release, as the site computes them from a release's
arrays, against a pandas computation straight from the published CSV files."""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from annotations.analysis import error_rates
from annotations.analysis.error_rates import NO_TYPE, ErrorRateTable
from annotations.analysis.inputs import SummaryExtras, analysis_input
from annotations.formats.release_records import read_record_arrays
from annotations.formats.tofueval import placeholder_documents, read_tofueval
from annotations.formats.writers.record_arrays import RecordArraysWriter
from annotations.formats.writers.tofueval import rows_from_tofueval_release
from annotations.taxonomy_catalogue import TAXONOMIES
from tests.conftest import TOFUEVAL_DIR

TOFUEVAL = next(x for x in TAXONOMIES if x["slug"] == "tofueval")


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> ErrorRateTable:
    """The release's arrays as a release build writes them (records.npz), read back."""
    if not TOFUEVAL_DIR.is_dir():
        pytest.fail(f"the public TofuEval release is expected at {TOFUEVAL_DIR}")
    documents = tmp_path_factory.mktemp("tofueval") / "documents.jsonl"
    documents.write_text(
        "".join(json.dumps(line) + "\n" for line in placeholder_documents(TOFUEVAL_DIR)), "utf-8"
    )
    release = read_tofueval(
        TOFUEVAL_DIR, documents, allowed_types=[t["name"] for t in TOFUEVAL["types"]]
    )
    rows = rows_from_tofueval_release(
        release, unified_codes={t["name"]: t["unified"] for t in TOFUEVAL["types"]}
    )
    writer = RecordArraysWriter()
    extras = SummaryExtras()
    for row in rows.summaries:
        writer.write(row)
        extras.add(row)
    packed = io.BytesIO()
    writer.finish(packed)
    records = read_record_arrays(packed.getvalue())
    return error_rates(analysis_input(records, extras.extras()), n_resamples=1000, seed=0)


def published(root: Path) -> pd.DataFrame:
    """Every published sentence with its corpus and its topic's type (TofuEval merges
    irrelevant into marginal)."""
    frames = []
    for corpus in ("mediasum", "meetingbank"):
        categories = json.loads((root / f"topic_category/{corpus}_topic_category.json").read_text())
        for split in ("dev", "test"):
            frame = pd.read_csv(
                root / f"factual_consistency/{corpus}_factual_eval_{split}.csv",
                dtype=str,
                keep_default_na=False,
            )
            frame["corpus"] = corpus
            frame["topic_type"] = frame["topic"].map(categories).replace("irrelevant", "marginal")
            frames.append(frame)
    sentences = pd.concat(frames, ignore_index=True)
    # The one row the release prints twice (docs/formats/exports.md) is one sentence.
    return sentences.drop_duplicates(["corpus", "doc_id", "topic", "model_name", "sent_idx"])


def by_key(table: ErrorRateTable) -> dict[tuple[str, str, str], object]:
    return {(r.system, r.corpus, r.topic_type): r for r in table.rows}


def test_the_rates_per_system_corpus_and_topic_type_are_pandas(table: ErrorRateTable) -> None:
    sentences = published(TOFUEVAL_DIR)
    sentences["bad"] = sentences["sent_label"] == "no"
    rows = by_key(table)
    keys = ["model_name", "corpus", "topic_type"]
    sentence_rate = sentences.groupby(keys)["bad"].agg(["mean", "size"])
    summary_rate = (
        sentences.groupby([*keys, "doc_id", "topic"])["bad"]
        .any()
        .groupby(keys)
        .agg(["mean", "size"])
    )
    assert len(sentence_rate) == 6 * 2 * 2
    for (system, corpus, topic_type), expected in sentence_rate.iterrows():
        estimate = rows[system, corpus, topic_type].metrics["sentence_inconsistency"]  # type: ignore[attr-defined]
        assert estimate.value == pytest.approx(expected["mean"])
        assert estimate.n == expected["size"]
        summary = rows[system, corpus, topic_type].metrics["summary_inconsistency"]  # type: ignore[attr-defined]
        assert summary.value == pytest.approx(
            summary_rate.loc[(system, corpus, topic_type), "mean"]
        )
        assert summary.n == summary_rate.loc[(system, corpus, topic_type), "size"]
        assert summary.low <= summary.value <= summary.high
    # Over both corpora and both topic types.
    overall = sentences.groupby("model_name")["bad"].mean()
    for system, rate in overall.items():
        assert rows[system, "all", "all"].metrics["sentence_inconsistency"].value == pytest.approx(
            rate
        )  # type: ignore[attr-defined]


def test_the_error_type_shares_are_pandas(table: ErrorRateTable) -> None:
    sentences = published(TOFUEVAL_DIR)
    bad = sentences[sentences["sent_label"] == "no"].copy()
    bad["types"] = bad["type"].map(lambda text: {t.strip() for t in text.split(",") if t.strip()})
    rows = by_key(table)
    for (system, topic_type), group in bad.groupby(["model_name", "topic_type"]):
        row = rows[system, "all", topic_type]
        assert row.inconsistent_sentences == len(group)  # type: ignore[attr-defined]
        shares = {s.type: s for s in row.types}  # type: ignore[attr-defined]
        names = {name for types in group["types"] for name in types}
        assert names <= set(shares)
        for name in names:
            assert shares[name].count == sum(name in types for types in group["types"])
            assert shares[name].share.value == pytest.approx(shares[name].count / len(group))
        assert shares[NO_TYPE].count == sum(not types for types in group["types"])


def test_the_interval_is_a_pandas_bootstrap_over_dialogue_topic_units(
    table: ErrorRateTable,
) -> None:
    """An independent bootstrap (its own generator, resampling the stratum's units with
    pandas) gives the same interval up to Monte Carlo error."""
    sentences = published(TOFUEVAL_DIR)
    sentences["bad"] = sentences["sent_label"] == "no"
    stratum = sentences[(sentences["corpus"] == "mediasum") & (sentences["topic_type"] == "main")]
    units = stratum.groupby(["doc_id", "topic"]).ngroup().to_numpy()
    system = stratum["model_name"].to_numpy() == "model_A"
    per_unit = pd.DataFrame({"unit": units, "bad": stratum["bad"] & system, "n": system})
    sums = per_unit.groupby("unit")[["bad", "n"]].sum().to_numpy(dtype=float)
    rng = np.random.default_rng(2024)
    draws = rng.integers(0, len(sums), size=(4000, len(sums)))
    rates = sums[draws, 0].sum(axis=1) / sums[draws, 1].sum(axis=1)
    low, high = np.percentile(rates, [2.5, 97.5])
    estimate = by_key(table)["model_A", "mediasum", "main"].metrics["sentence_inconsistency"]  # type: ignore[attr-defined]
    assert estimate.low == pytest.approx(low, abs=0.012)
    assert estimate.high == pytest.approx(high, abs=0.012)
    assert estimate.high - estimate.low > 0.02
