"""The Judges page (docs/models-in-the-loop.md, "Judges"): every corpus run of a project's
evaluators scored live against the current gold of the project's rounds.

The gold is the release's, by construction: the rows a release build streams
(``release_rows.summary_rows``: adjudicated, else confirmed review, else the raters' vote, a tie
counting as inconsistent; gold error types chosen by at least ``TYPE_MIN_COUNT`` flaggers) are
packed by the release's own ``records.npz`` writer and read back by the reader evaluator runs
are scored with, and each run is scored by the leaderboard's ``level_leaderboard``. So a
release built now from the same rounds, with the same split, gives ``evaluator_report`` the same
figures (tests/evaluators/test_judges.py builds one and compares).

Computed by a Celery task, never in a web request (services/judges_live.py): the figures are
persisted per project (``JudgesReport``) with the key of what they were computed from (the rounds,
the latest change and count of every kind of judgement, decision and submission in them, and the
runs), so the page answers from that row at once and says whether a newer recompute is pending.
Within a worker the gold is also kept (per process) under its key, so a new corpus run does not
rebuild it; corpus runs never change (a correction is a new version), so each run's predictions
are kept by their file's checksum. Queries of a recompute: a fixed number for the key, the gold
(a constant number per thousand units) and the runs, whatever their number and size.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from django.db.models import Count, Max, QuerySet
from django.utils import timezone

from annotations.content_cache import ContentCache
from annotations.evaluator_scores import (
    Coded,
    EvaluatorScoreError,
    LevelRecords,
    RunValues,
    level_leaderboard,
)
from annotations.evaluator_scores.calibration import binary_kappa, reliability
from annotations.formats.corpus_predictions import CONSISTENT, INCONSISTENT
from annotations.formats.corpus_run_parts import SUMMARY_LEVEL, RunRecords
from annotations.formats.release_records import ReleaseRecords, read_record_arrays
from annotations.formats.writers.record_arrays import RecordArraysWriter
from annotations.formats.writers.rows import RecordIds
from annotations.models import (
    Assignment,
    AssignmentStatus,
    CorpusRun,
    Project,
    ReviewDecision,
    Round,
    RoundKind,
    SecondReview,
    SentenceJudgement,
    SummarySentence,
    TopicJudgement,
    TypingJudgement,
)
from annotations.selectors.corpus_run_records import runs_records
from annotations.selectors.evaluator_leaderboard import levels_of
from annotations.selectors.release_rows import summary_rows
from annotations.selectors.release_scope import ReleaseScope, release_topic_ids
from annotations.services.releases import _splitter

# The rounds whose labels are the study's gold (practice and qualification rounds train).
GOLD_ROUND_KINDS = (RoundKind.PILOT, RoundKind.PRODUCTION, RoundKind.REFERENCE)
# A gold error type needs this many of the flaggers, as a release's default (docs/review.md).
TYPE_MIN_COUNT = 2
# When the corpus has no dev/test split of its own: this share of documents, seeded, tunes a
# score's threshold; the rest measures it.
DEV_SHARE = 0.3
SPLIT_SEED = 0
N_RESAMPLES = 1000
# Disagreements listed per run and level (all are counted).
SHOWN_DISAGREEMENTS = 50
LEVELS = ("sentence", "summary")


@dataclass(frozen=True, slots=True)
class ProjectGold:
    records: ReleaseRecords
    sentence_pk: np.ndarray  # per sentence record: its SummarySentence id
    summary_pk: np.ndarray  # per summary record: its Summary id
    topic_pk: np.ndarray  # per summary record: its unit (Topic id)
    split: dict[str, Any]  # the release split config it was built with
    round_ids: tuple[int, ...]


def gold_rounds(project: Project) -> list[Round]:
    return list(
        Round.objects.filter(project=project, kind__in=GOLD_ROUND_KINDS).order_by(
            "created_at", "id"
        )
    )


def _stamp(queryset: QuerySet[Any], field: str) -> tuple[str, int]:
    got = queryset.order_by().aggregate(latest=Max(field), count=Count("pk"))
    latest = got["latest"]
    return (latest.isoformat() if latest else "", int(got["count"]))


def gold_key(project: Project, rounds: list[Round]) -> tuple[Any, ...]:
    """What the gold is computed from, by content (never database ids: content_cache.py):
    the rounds by name and creation, and the latest change and count of each kind of answer
    in them. Six queries."""
    in_project = {"assignment__round__project": project}
    return (
        project.slug,
        project.created_at.isoformat(),
        tuple((r.name, r.kind, r.created_at.isoformat()) for r in rounds),
        _stamp(SentenceJudgement.objects.filter(**in_project), "updated_at"),
        _stamp(
            Assignment.objects.filter(round__project=project, status=AssignmentStatus.SUBMITTED),
            "submitted_at",
        ),
        _stamp(ReviewDecision.objects.filter(**in_project), "updated_at"),
        _stamp(SecondReview.objects.filter(**in_project), "updated_at"),
        _stamp(TypingJudgement.objects.filter(**in_project), "updated_at"),
        _stamp(TopicJudgement.objects.filter(**in_project), "updated_at"),
    )


def judges_split(project: Project, round_ids: list[int]) -> dict[str, Any]:
    """The corpus's own split when its documents have both dev and test, else a seeded share
    of documents (a release's "document" split)."""
    splits = set(
        Assignment.objects.filter(round_id__in=round_ids)
        .values_list("topic__document__split", flat=True)
        .distinct()
    )
    if {"dev", "test"} <= splits:
        return {"method": "corpus"}
    return {"method": "document", "dev": DEV_SHARE, "seed": SPLIT_SEED}


def _build_gold(project: Project, rounds: list[Round]) -> ProjectGold:
    round_ids = [r.pk for r in rounds]
    split = judges_split(project, round_ids)
    scope = ReleaseScope(
        project=project,
        round_ids=round_ids,
        split_of=_splitter(project, {"rounds": round_ids, "split": split}),
        with_annotators=False,
        type_min_count=TYPE_MIN_COUNT,
    )
    # Each record's database rows, by what names it in a release (corpus, document, topic,
    # summary, sentence number: formats/writers/rows.py), from one query over the units.
    topic_set = set(release_topic_ids(round_ids))
    sentence_of: dict[tuple[Any, ...], int] = {}
    summary_of: dict[tuple[Any, ...], tuple[int, int]] = {}
    for pk, summary, topic, corpus, doc, name, external, system, position, source in (
        SummarySentence.objects.filter(summary__topic_id__any=topic_set)
        .order_by()
        .values_list(
            "pk",
            "summary_id",
            "summary__topic_id",
            "summary__topic__document__corpus__slug",
            "summary__topic__document__external_id",
            "summary__topic__name",
            "summary__external_id",
            "summary__system",
            "position",
            "source_index",
        )
        .iterator(chunk_size=20_000)
    ):
        named = (corpus, doc, name, external or system)
        sentence_of[(*named, source if source is not None else position + 1)] = pk
        summary_of[named] = (summary, topic)
    # The release's rows through the release's own writer of records.npz. The records are
    # named by their position here, not hashed into record ids: nothing here is joined by
    # record id (the runs are joined by database ids), and hashing was half the time.
    writer = RecordArraysWriter()
    sentence_pks: list[int] = []
    owners: list[tuple[int, int]] = []
    for row in summary_rows(scope):
        if not row.sentences:
            continue  # the writer keeps no record of it either
        named = (row.corpus, row.doc_id, row.topic, row.summary_id or row.system)
        number = len(owners)
        writer.write(
            row,
            RecordIds(str(number), tuple(f"{number}.{i}" for i in range(len(row.sentences)))),
        )
        owners.append(summary_of.get(named, (-1, -1)))
        sentence_pks += [
            sentence_of.get((*named, sentence.number), -1) for sentence in row.sentences
        ]
    packed = io.BytesIO()
    writer.finish(packed)
    records = read_record_arrays(packed.getvalue())
    sentence_pk = np.asarray(sentence_pks, dtype=np.int64)
    pairs = np.asarray(owners, dtype=np.int64).reshape(-1, 2)
    summary_pk, topic_pk = pairs[:, 0].copy(), pairs[:, 1].copy()
    return ProjectGold(records, sentence_pk, summary_pk, topic_pk, split, tuple(round_ids))


GOLD_CACHE: ContentCache[ProjectGold] = ContentCache(4)


def project_gold(project: Project) -> tuple[ProjectGold, list[Round]]:
    """The project's current gold, rebuilt when a judgement, decision or submission changed
    since it was last built."""
    rounds = gold_rounds(project)
    gold = GOLD_CACHE.get(gold_key(project, rounds), lambda: _build_gold(project, rounds))
    return gold, rounds


@dataclass(frozen=True, slots=True)
class RunArrays:
    kind: str  # score | label
    sentence_pk: np.ndarray  # sorted
    sentence_values: np.ndarray  # nan: abstained
    summary_pk: np.ndarray  # sorted
    summary_values: np.ndarray


RUN_CACHE: ContentCache[RunArrays] = ContentCache(64)


def run_key(run: CorpusRun) -> tuple[Any, ...]:
    return (
        run.project.slug,
        run.evaluator.name,
        run.version,
        run.sha256,
        run.created_at.isoformat(),
    )


def _run_arrays(kind: str, records: RunRecords) -> RunArrays:
    """One run's values per sentence and per summary, each level sorted by id: its score for
    a score run, else 1 (consistent) / 0 (inconsistent); nan where it abstained or said
    nothing at that level's kind."""
    if kind == "score":
        values = records.scores.copy()
    else:
        values = np.select(
            [records.labels == CONSISTENT, records.labels == INCONSISTENT], [1.0, 0.0], np.nan
        )
    values[records.abstain] = np.nan
    is_summary = records.sentence == SUMMARY_LEVEL

    def level(mask: np.ndarray, ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        pks = ids[mask]
        order = np.argsort(pks, kind="stable")
        return pks[order], values[mask][order]

    return RunArrays(
        kind,
        *level(~is_summary, records.sentence),
        *level(is_summary, records.summary),
    )


def _read_runs(runs: list[CorpusRun], kind: dict[int, str]) -> dict[int, RunArrays]:
    read = runs_records([run.pk for run in runs])
    return {run.pk: _run_arrays(kind[run.pk], read[run.pk]) for run in runs}


def runs_arrays(runs: list[CorpusRun]) -> list[RunArrays]:
    """Each run's predictions, read in one query for the runs not kept yet."""
    kind = {run.pk: ("score" if run.has_scores else "label") for run in runs}
    missing = [run for run in runs if run_key(run) not in RUN_CACHE]
    loaded = _read_runs(missing, kind) if missing else {}

    def compute(run: CorpusRun) -> Callable[[], RunArrays]:
        # Dropped from the cache since the check (another request's runs): read again.
        return lambda: loaded[run.pk] if run.pk in loaded else _read_runs([run], kind)[run.pk]

    return [RUN_CACHE.get(run_key(run), compute(run)) for run in runs]


def _aligned(pks: np.ndarray, values: np.ndarray, wanted: np.ndarray) -> np.ndarray:
    """``values`` (by sorted ``pks``) at each of ``wanted`` (nan where none)."""
    out = np.full(len(wanted), np.nan)
    if not len(pks):
        return out
    at = np.minimum(np.searchsorted(pks, wanted), len(pks) - 1)
    hit = pks[at] == wanted
    out[hit] = values[at[hit]]
    return out


def _level_values(arrays: RunArrays, gold: ProjectGold, level: str) -> np.ndarray:
    sentence_values = _aligned(arrays.sentence_pk, arrays.sentence_values, gold.sentence_pk)
    if level == "sentence":
        return sentence_values
    if len(arrays.summary_pk):
        return _aligned(arrays.summary_pk, arrays.summary_values, gold.summary_pk)
    # As the release leaderboard does: a summary is as consistent as its least consistent
    # sentence; a summary with a sentence the run did not predict has no value.
    derived = np.full(len(gold.summary_pk), np.inf)
    with np.errstate(invalid="ignore"):
        np.minimum.at(derived, gold.records.sentences.summary, sentence_values)
    derived[np.isinf(derived)] = np.nan
    return derived


def _subset(level: LevelRecords, keep: np.ndarray) -> LevelRecords:
    groups: dict[str, np.ndarray | Coded] = {
        name: Coded(values.codes[keep], values.values)
        if isinstance(values, Coded)
        else np.asarray(values)[keep]
        for name, values in level.groups.items()
    }
    return LevelRecords(
        inconsistent=level.inconsistent[keep],
        document=np.asarray(level.document)[keep],
        split=np.asarray(level.split)[keep],
        groups=groups,
        types=level.types.take(keep) if level.types is not None else None,
    )


def _calls(kind: str, values: np.ndarray, threshold: float | None) -> np.ndarray:
    return values == 0.0 if kind == "label" else values < threshold


def _score_level(
    name: str,
    arrays: RunArrays,
    gold: ProjectGold,
    level: str,
    index: np.ndarray,
    records: LevelRecords,
) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """One run's figures at one level, and its disagreements (record positions)."""
    values = _level_values(arrays, gold, level)[index]
    keep = ~np.isnan(values)
    if not keep.any():
        return None, []
    measured = _subset(records, keep)
    run = RunValues(arrays.kind, values[keep])  # type: ignore[arg-type]
    try:
        board = level_leaderboard(measured, {name: run}, n_resamples=N_RESAMPLES, seed=0)
    except EvaluatorScoreError as error:
        return {"predicted": int(keep.sum()), "error": str(error)}, []
    entry = board["evaluators"][name]
    confusion = entry["confusion"]
    figures: dict[str, Any] = {
        "predicted": int(keep.sum()),
        "gold_records": len(index),
        "protocol": board["protocol"],
        "tuned_on": board["tuned_on"],
        "measured_on": board["measured_on"],
        "documents": board["documents"],
        "warning": board["warning"],
        **entry,
        "kappa": _clean(
            binary_kappa(confusion["tp"], confusion["fp"], confusion["fn"], confusion["tn"])
        ),
        "ece": None,
        "reliability": None,
        "calibration_note": None,
    }
    split = measured.split
    measure = (
        split == "test" if board["protocol"] == "dev_test" else np.ones(len(split), dtype=bool)
    )
    if arrays.kind == "score":
        try:
            diagram = reliability(run.values[measure], ~measured.inconsistent[measure])
            figures["ece"] = _clean(diagram.ece)
            figures["reliability"] = [
                {
                    "lower": b.lower,
                    "upper": b.upper,
                    "records": b.records,
                    "mean_score": _clean(b.mean_score),
                    "observed": _clean(b.observed),
                }
                for b in diagram.bins
            ]
        except EvaluatorScoreError as error:
            figures["calibration_note"] = str(error)
    calls = _calls(arrays.kind, run.values, entry["threshold"])
    wrong = np.flatnonzero(calls != measured.inconsistent)
    figures["disagreements"] = len(wrong)
    kept_positions = index[np.flatnonzero(keep)]
    shown = [
        {
            "record": int(kept_positions[w]),
            "gold": "inconsistent" if measured.inconsistent[w] else "consistent",
            "model": "inconsistent" if calls[w] else "consistent",
            "value": float(run.values[w]),
            "split": str(measured.split[w]),
        }
        for w in wrong[:SHOWN_DISAGREEMENTS].tolist()
    ]
    return figures, shown


def _clean(value: float | None) -> float | None:
    if value is None or np.isnan(value):
        return None
    return round(float(value), 6)


def _describe(
    gold: ProjectGold, rounds: list[Round], shown: list[tuple[dict[str, Any], str]]
) -> None:
    """Fill each shown disagreement with its unit, summary, sentence and round (two
    queries)."""
    sentence_pks = {
        int(gold.sentence_pk[item["record"]]) for item, level in shown if level == "sentence"
    }
    sentences = {
        pk: (summary, position, text)
        for pk, summary, position, text in SummarySentence.objects.filter(
            pk__in=sentence_pks
        ).values_list("pk", "summary_id", "position", "text")
    }
    topics = {
        int(gold.topic_pk[gold.records.sentences.summary[item["record"]]])
        if level == "sentence"
        else int(gold.topic_pk[item["record"]])
        for item, level in shown
    }
    first_round: dict[int, int] = {}
    for topic, round_id in (
        Assignment.objects.filter(round__in=rounds, topic_id__in=topics)
        .order_by("round__created_at", "round_id")
        .values_list("topic_id", "round_id")
    ):
        first_round.setdefault(topic, round_id)
    for item, level in shown:
        record = item.pop("record")
        if level == "sentence":
            owner = int(gold.records.sentences.summary[record])
            pk = int(gold.sentence_pk[record])
            _, position, text = sentences.get(pk, (None, None, ""))
            item.update(sentence_position=position, text=text)
        else:
            owner = record
        topic = int(gold.topic_pk[owner])
        item.update(
            topic=topic,
            summary=int(gold.summary_pk[owner]),
            document=gold.records.summaries.value("doc_id", owner),
            round=first_round.get(topic),
        )


@dataclass(frozen=True, slots=True)
class JudgesInputs:
    """What a project's figures are computed from, read in a fixed number of queries."""

    rounds: list[Round]
    runs: list[CorpusRun]
    gold_key: tuple[Any, ...]
    key: str  # SHA-256 of the gold's key and every run's key


def judges_inputs(project: Project) -> JudgesInputs:
    """The rounds, the runs and the key of what the figures depend on: eight queries,
    whatever the number of runs, units and labels (the page compares the key with the
    stored report's to tell whether a newer recompute is due)."""
    rounds = gold_rounds(project)
    runs = list(
        CorpusRun.objects.filter(project=project)
        .select_related("evaluator", "project")
        .order_by("evaluator__name", "created_at", "id")
    )
    key = gold_key(project, rounds)
    full = repr((key, tuple(run_key(run) for run in runs), N_RESAMPLES, SHOWN_DISAGREEMENTS))
    return JudgesInputs(rounds, runs, key, hashlib.sha256(full.encode()).hexdigest())


def judges_compute(
    project: Project,
    inputs: JudgesInputs | None = None,
    progress: Callable[[int, str], None] | None = None,
) -> dict[str, Any]:
    """Every corpus run's figures against the current gold, per level; per evaluator its
    versions in upload order (the trend). Seconds to a minute for a large study: a Celery
    task runs it (services/judges_live.py), never a web request; ``progress(percent,
    message)`` is told as it goes."""
    inputs = inputs or judges_inputs(project)
    return _report(project, inputs.rounds, inputs.gold_key, inputs.runs, progress)


def _report(
    project: Project,
    rounds: list[Round],
    key: tuple[Any, ...],
    corpus_runs: list[CorpusRun],
    progress: Callable[[int, str], None] | None = None,
) -> dict[str, Any]:
    tell = progress or (lambda percent, message: None)
    tell(5, "building the gold")
    gold = GOLD_CACHE.get(key, lambda: _build_gold(project, rounds))
    tell(30, "reading the runs")
    runs = list(zip(corpus_runs, runs_arrays(corpus_runs), strict=True))
    levels = levels_of(gold.records)
    judged = {level: len(levels[level][0]) for level in LEVELS}
    report: dict[str, Any] = {
        "rounds": [{"id": r.pk, "name": r.name, "kind": r.kind} for r in rounds],
        "gold": {
            "rule": "adjudicated, else confirmed review, else the raters' majority"
            " (a tie counts as inconsistent): the rule releases use",
            "sentences": judged["sentence"],
            "summaries": judged["summary"],
            "inconsistent_sentences": int(
                (gold.records.sentences.label[levels["sentence"][0]] == 1).sum()
            ),
            "type_min_count": TYPE_MIN_COUNT,
        },
        "split": gold.split,
        "computed_at": timezone.now().isoformat(),
        "n_resamples": N_RESAMPLES,
        "runs": [],
        "trends": [],
    }
    shown: list[tuple[dict[str, Any], str]] = []
    trends: dict[str, list[dict[str, Any]]] = {}
    for done, (run, arrays) in enumerate(runs):
        tell(40 + 55 * done // max(len(runs), 1), f"scoring run {done + 1} of {len(runs)}")
        name = f"{run.evaluator.name} {run.version}"
        entry: dict[str, Any] = {
            "id": run.pk,
            "evaluator": run.evaluator.name,
            "version": run.version,
            "kind": arrays.kind,
            "created_at": run.created_at.isoformat(),
            "sentences": run.sentences,
            "summaries": run.summaries,
            "abstained": run.abstained,
            "levels": {},
        }
        for level in LEVELS:
            index, records = levels[level]
            if not len(index):
                entry["levels"][level] = None
                continue
            figures, listed = _score_level(name, arrays, gold, level, index, records)
            if figures is not None:
                figures["disagreement_list"] = listed
                shown += [(item, level) for item in listed]
            entry["levels"][level] = figures
        report["runs"].append(entry)
        trends.setdefault(run.evaluator.name, []).append(entry)
    _describe(gold, rounds, shown)
    for evaluator, entries in trends.items():
        report["trends"].append(
            {
                "evaluator": evaluator,
                "points": [
                    {
                        "version": e["version"],
                        "created_at": e["created_at"],
                        **{level: _trend_point(e["levels"].get(level)) for level in LEVELS},
                    }
                    for e in entries
                ],
            }
        )
    return report


def _trend_point(figures: dict[str, Any] | None) -> dict[str, Any] | None:
    if not figures or "error" in figures:
        return None
    return {
        "balanced_accuracy": figures["balanced_accuracy"]["value"],
        "kappa": figures["kappa"],
        "ece": figures["ece"],
    }
