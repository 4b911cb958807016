"""A release's evaluator figures beyond balanced accuracy (issue 32, docs/evaluation.md
"Beyond balanced accuracy"): the stored runs joined to the release's records and scored by
``annotations.evaluator_scores.correlations`` and ``.beyond``. No query: the caller loads the
records and the runs (``evaluator_leaderboard.release_leaderboard``).

Human scores per summary (FineSurE's, DESIGN.md "Derived scores"): faithfulness = consistent
sentences / sentences (every sentence judged); completeness = covered key facts / key facts
(every fact decided); conciseness = sentences stating a key fact / sentences (every sentence
judged); ACU score = supported ACUs / ACUs (every ACU verified).

An evaluator's faithfulness score per summary: its summary predictions when the run gives
them, else the mean of its sentence values (for labels: the share of sentences it calls
consistent, FineSurE's percentage). Its completeness and conciseness come from its key-fact
matches, its ACU score from its ACU verdicts.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from annotations.evaluator_scores.beyond import (
    UNDECIDED,
    acu_scores,
    key_fact_scores,
    span_scores,
    success_ratio,
    type_accuracy,
)
from annotations.evaluator_scores.correlations import ScoredSummaries, correlation_table
from annotations.formats.predictions import Predictions
from annotations.formats.release_records import UNJUDGED, ReleaseRecords

ASPECTS = ("faithfulness", "completeness", "conciseness", "acu_score")


def _shares(records: ReleaseRecords, name: str) -> np.ndarray:
    """Per summary, the share of ``true`` in its JSON list (key facts, ACUs); nan when it has
    none or one is undecided. Each distinct text is decoded once, by the codes the records
    keep (spelling the texts out and sorting them again took ~0.08 s a field over 200,000
    summaries)."""
    codes, distinct = records.summaries.coded[name]
    values = np.full(len(distinct), np.nan)
    for index, text in enumerate(distinct.tolist()):
        decided = json.loads(text) if text else []
        if decided and None not in decided:
            values[index] = sum(decided) / len(decided)
    return values[codes] if len(distinct) else np.full(len(codes), np.nan)


def human_scores(records: ReleaseRecords) -> dict[str, np.ndarray]:
    """Per summary, each aspect's human score (nan where unknown)."""
    sentences, summaries = records.sentences, records.summaries
    n = len(summaries)
    total = np.bincount(sentences.summary, minlength=n)
    judged = np.bincount(sentences.summary, weights=sentences.label != UNJUDGED, minlength=n)
    consistent = np.bincount(sentences.summary, weights=sentences.label == 0, minlength=n)
    known_covers = np.bincount(sentences.summary, weights=sentences.covers >= 0, minlength=n)
    covering = np.bincount(sentences.summary, weights=sentences.covers == 1, minlength=n)
    with np.errstate(divide="ignore", invalid="ignore"):
        faithfulness = np.where((total > 0) & (judged == total), consistent / total, np.nan)
        conciseness = np.where((total > 0) & (known_covers == total), covering / total, np.nan)
    return {
        "faithfulness": faithfulness,
        "completeness": _shares(records, "key_facts"),
        "conciseness": conciseness,
        "acu_score": _shares(records, "acus"),
    }


def faithfulness_scores(predictions: Predictions, records: ReleaseRecords) -> np.ndarray:
    """A run's faithfulness score per summary: given, else the mean of its sentence values."""
    if not np.isnan(predictions.summary_values).all():
        return predictions.summary_values
    n = len(records.summaries)
    values = predictions.sentence_values
    given = ~np.isnan(values)
    owner = records.sentences.summary
    count = np.bincount(owner, weights=given, minlength=n)
    total = np.bincount(owner, weights=np.where(given, values, 0.0), minlength=n)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(count == np.bincount(owner, minlength=n), total / count, np.nan)


def _table(
    human: np.ndarray,
    scores: dict[str, np.ndarray],
    records: ReleaseRecords,
    options: dict[str, Any],
) -> dict[str, Any] | None:
    """One aspect's correlation table: per evaluator over the summaries both sides scored.
    Evaluators that scored the same summaries (the usual case) are tabled together, so the
    human side and the resampling are done once for them."""
    summaries = records.summaries
    system_codes = summaries.coded["system"][0]
    together: dict[bytes, list[str]] = {}
    masks: dict[bytes, np.ndarray] = {}
    for name, values in scores.items():
        both = np.isfinite(human) & np.isfinite(values)
        if both.any():
            key = np.packbits(both).tobytes()
            together.setdefault(key, []).append(name)
            masks[key] = both
    if not together:
        return None
    merged: dict[str, Any] = {"evaluators": {}}
    for key, names in together.items():
        both = np.flatnonzero(masks[key])
        documents = np.unique(summaries.document[both], return_inverse=True)[1].reshape(-1)
        systems = np.unique(system_codes[both], return_inverse=True)[1].reshape(-1)
        table = correlation_table(
            ScoredSummaries(human=human[both], document=documents, system=systems),
            {name: scores[name][both] for name in names},
            **options,
        )
        for name in names:
            entry = table["evaluators"][name]
            entry.update(
                summaries=table["summaries"],
                documents=table["documents"],
                systems=table["systems"],
            )
            merged["evaluators"][name] = entry
    merged["evaluators"] = dict(sorted(merged["evaluators"].items()))
    return merged


def _decoded(texts: dict[int, str]) -> dict[int, Any]:
    """A run's structured outputs decoded: one JSON array of them all, parsed at once (a
    parse per record cost ~8x more over 200,000 summaries)."""
    decoded = json.loads("[" + ",".join(texts.values()) + "]")
    return dict(zip(texts, decoded, strict=True))


def _gold_lists(records: ReleaseRecords, name: str, at: np.ndarray) -> list[Any]:
    """The gold lists (key facts, ACUs) of the summaries at ``at``: each distinct text decoded
    once."""
    codes, values = records.summaries.coded[name]
    decoded = [json.loads(text) if text else [] for text in values.tolist()]
    return [decoded[code] for code in codes[at].tolist()]


def gold_key_facts(records: ReleaseRecords, at: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The gold key facts of the summaries at ``at`` as (offsets, values): summary ``k``'s
    are ``values[offsets[k]:offsets[k + 1]]``, 1 covered, 0 not, ``UNDECIDED``. Each
    distinct list (a topic's facts share a few) is decoded once, then gathered by array."""
    codes, texts = records.summaries.coded["key_facts"]
    decoded = [json.loads(text) if text else [] for text in texts.tolist()]
    lengths = np.array([len(facts) for facts in decoded], dtype=np.int64)
    flat = np.array(
        [UNDECIDED if fact is None else int(fact) for facts in decoded for fact in facts],
        dtype=np.int8,
    )
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int64)
    chosen = codes[at]
    counts = lengths[chosen]
    offsets = np.zeros(len(at) + 1, dtype=np.int64)
    np.cumsum(counts, out=offsets[1:])
    # Fact i of the result is fact (i - offsets[k]) of its summary k's distinct list.
    shift = np.repeat(starts[chosen] - offsets[:-1], counts)
    return offsets, flat[shift + np.arange(offsets[-1])]


def beyond_figures(
    records: ReleaseRecords,
    first_runs: dict[str, Predictions],
    *,
    n_resamples: int,
    confidence: float,
    seed: int,
) -> dict[str, Any]:
    """Every figure beyond the binary ones, for each evaluator's first run (``first_runs``,
    by evaluator name)."""
    options: dict[str, Any] = {"n_resamples": n_resamples, "confidence": confidence, "seed": seed}
    sentences, summaries = records.sentences, records.summaries
    n_documents = int(summaries.document.max()) + 1 if len(summaries) else 0
    sentence_documents = summaries.document[sentences.summary]
    human = human_scores(records)
    faithfulness = {name: faithfulness_scores(run, records) for name, run in first_runs.items()}
    completeness: dict[str, np.ndarray] = {}
    conciseness: dict[str, np.ndarray] = {}
    acu_score: dict[str, np.ndarray] = {}
    report: dict[str, Any] = {
        "correlations": {},
        "spans": {},
        "key_facts": {},
        "acus": {},
        "error_type_accuracy": {},
        "success": {},
    }
    sentence_counts = np.bincount(sentences.summary, minlength=len(summaries))
    gold: tuple[np.ndarray, tuple[np.ndarray, np.ndarray]] | None = None
    for name, run in first_runs.items():
        report["success"][name] = {
            "sentence": success_ratio(
                int(np.count_nonzero(~np.isnan(run.sentence_values))),
                len(run.sentence_abstained),
            ),
            "summary": success_ratio(
                int(np.count_nonzero(~np.isnan(run.summary_values))), len(run.summary_abstained)
            ),
        }
        if run.sentence_spans:
            predicted = _decoded(run.sentence_spans)
            judged = sentences.label != UNJUDGED
            gold_codes = sentences.spans.codes
            wanted = np.flatnonzero(
                judged & ((gold_codes != _empty_code(records)) | _mask(predicted, len(sentences)))
            )
            report["spans"][name] = span_scores(
                [sentences.spans_of(int(i)) for i in wanted],
                [predicted.get(int(i)) for i in wanted],
                sentence_documents[wanted],
                n_documents,
                **options,
            )
        if run.summary_key_facts:
            at = run.summary_key_facts.summaries
            # Runs usually match the same summaries: their gold is gathered once.
            if gold is None or not np.array_equal(gold[0], at):
                gold = (at, gold_key_facts(records, at))
            scored = key_fact_scores(
                *gold[1],
                run.summary_key_facts,
                sentence_counts[at],
                summaries.document[at],
                n_documents,
                **options,
            )
            completeness[name] = _spread(scored.pop("completeness"), at, len(summaries))
            conciseness[name] = _spread(scored.pop("conciseness"), at, len(summaries))
            report["key_facts"][name] = scored
        if run.summary_acus:
            given = _decoded(run.summary_acus)
            at = np.array(sorted(given), dtype=np.int64)
            scored = acu_scores(
                _gold_lists(records, "acus", at),
                [given[int(i)] for i in at],
                summaries.document[at],
                n_documents,
                **options,
            )
            acu_score[name] = _spread(scored.pop("score"), at, len(summaries))
            report["acus"][name] = scored
        if run.sentence_types:
            at = np.array(sorted(run.sentence_types), dtype=np.int64)
            at = at[sentences.label[at] == 1]
            report["error_type_accuracy"][name] = type_accuracy(
                [sentences.error_types[int(i)] for i in at],
                [run.sentence_types[int(i)] for i in at],
                sentence_documents[at],
                n_documents,
                **options,
            )
    for aspect, scores in (
        ("faithfulness", faithfulness),
        ("completeness", completeness),
        ("conciseness", conciseness),
        ("acu_score", acu_score),
    ):
        report["correlations"][aspect] = _table(human[aspect], scores, records, options)
    return report


def _empty_code(records: ReleaseRecords) -> int:
    """The code of "no spans" among the sentences' span texts."""
    values = records.sentences.spans.values.tolist()
    return values.index("") if "" in values else -1


def _mask(indices: dict[int, Any], size: int) -> np.ndarray:
    mask = np.zeros(size, dtype=bool)
    mask[list(indices)] = True
    return mask


def _spread(values: np.ndarray, at: np.ndarray, size: int) -> np.ndarray:
    out = np.full(size, np.nan)
    out[at] = values
    return out
