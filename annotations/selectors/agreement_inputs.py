"""The labels of a round as rating matrices, one per question (annotations.agreement.report).

Only submitted assignments of people count (published reference labels have no annotator).
Analysis mappings are applied here, at read time: relevance binned {1,2}→0 {3,4,5}→1, topic
category with marginal + irrelevant merged; stored labels never change. A fixed number of
queries whatever the round's size.

The read is one snapshot of the round (``read_snapshot``): a submit or a reopen landing
between its queries is either wholly in the inputs or not at all. Each query joins through
the round (no list of assignment ids) and returns flat columns; the matrices are built with
numpy from codes, one array per question, not a Python call per cell
(docs/agreement.md, "The read"; figures in docs/performance.md, "The agreement recompute's
database read").
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections import defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import numpy as np
from django.db import connection, transaction
from django.db.models import QuerySet

from annotations.agreement.labels import LabelMatrix, value_table
from annotations.agreement.report import QuestionInput, SpanQuestionInput
from annotations.models import (
    Assignment,
    AssignmentStatus,
    ErrorSpan,
    EvidenceSpan,
    Round,
    RoundKind,
    SentenceJudgement,
    Summary,
    SummaryJudgement,
    SummarySentence,
    TopicJudgement,
)
from annotations.selectors.explanation_inputs import explanation_questions
from annotations.selectors.fact_agreement_inputs import acu_questions, key_fact_questions
from annotations.selectors.typing_inputs import typing_question, unit_names

RELEVANCE_BINS = {1: 0, 2: 0, 3: 1, 4: 1, 5: 1}
MERGED_CATEGORIES = {"main": "main", "marginal": "marginal", "irrelevant": "marginal"}


@contextmanager
def read_snapshot() -> Iterator[None]:
    """The queries inside see one state of the database.

    PostgreSQL: a transaction at REPEATABLE READ (its snapshot is taken at the first query),
    where the transaction has not run a statement yet; the recompute's own ``atomic`` has not,
    so the read is its first statement. A transaction that already ran one keeps its level
    (a caller reading at READ COMMITTED then sees rows of an assignment submitted meanwhile:
    rows of an assignment or unit not in the first query's are dropped, never a KeyError).
    SQLite: one transaction is one snapshot already.
    """
    if connection.in_atomic_block:
        if connection.vendor == "postgresql" and _transaction_idle():
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        yield
        return
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        yield


def _transaction_idle() -> bool:
    from psycopg.pq import TransactionStatus

    connection.ensure_connection()
    raw = connection.connection
    return raw is not None and raw.info.transaction_status == TransactionStatus.IDLE


def _rows(queryset: QuerySet[Any]) -> list[tuple[Any, ...]]:
    """A values_list query's rows as the driver returns them: the ORM writes the SQL (both
    databases), the rows skip its per-row converters (a round has 300,000 judgements)."""
    sql, params = queryset.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _column(rows: Sequence[tuple[Any, ...]], index: int, dtype: Any = np.int64) -> np.ndarray:
    if not rows:
        return np.empty(0, dtype=dtype)
    return np.fromiter((row[index] for row in rows), dtype=dtype, count=len(rows))


NO_INT = np.iinfo(np.int64).min  # a NULL in an "int?" column
TEXT_SEPARATOR = "\x1f"  # ASCII unit separator: in no label, type name or category


def _columns(queryset: QuerySet[Any], kinds: Sequence[str]) -> list[Any]:
    """A values_list query's columns, unordered: "int" an int64 array, "int?" one with
    NO_INT for NULL, "bool" an int64 array of 0/1, "text" a list of str (never NULL).

    PostgreSQL: each column comes as one text joined by the database and parsed by numpy
    (as selectors/judges.py ``_sql_run_arrays`` reads predictions), so 300,000 judgements
    cost no Python tuple each; elsewhere (SQLite) the rows as the driver returns them."""
    names: Sequence[str] = queryset._fields  # type: ignore[attr-defined]  # values_list's
    if connection.vendor != "postgresql":
        rows = _rows(queryset.order_by())
        columns: list[Any] = []
        for index, kind in enumerate(kinds):
            if kind == "text":
                columns.append([row[index] for row in rows])
            elif kind == "int?":
                columns.append(
                    np.fromiter(
                        (NO_INT if row[index] is None else row[index] for row in rows),
                        dtype=np.int64,
                        count=len(rows),
                    )
                )
            else:
                columns.append(_column(rows, index))
        return columns
    sql, params = queryset.order_by().query.sql_with_params()
    parts = []
    for name, kind in zip(names, kinds, strict=True):
        column = f'q."{name}"'  # values_list's own aliases, the model's field paths
        if kind == "text":
            parts.append(f"string_agg({column}, chr(31))")
        elif kind == "bool":
            parts.append(f"string_agg(CASE WHEN {column} THEN '1' ELSE '0' END, ',')")
        elif kind == "int?":
            parts.append(f"string_agg(COALESCE({column}::text, '{NO_INT}'), ',')")
        else:
            parts.append(f"string_agg({column}::text, ',')")
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*), {', '.join(parts)} FROM ({sql}) q", params)
        count, *texts = cursor.fetchone()
    columns = []
    for text, kind in zip(texts, kinds, strict=True):
        if kind == "text":
            columns.append(text.split(TEXT_SEPARATOR) if count else [])
        elif count:
            columns.append(np.fromstring(text, dtype=np.int64, sep=","))
        else:
            columns.append(np.empty(0, dtype=np.int64))
    return columns


class Coder:
    """Python values as integer codes (-1: no value) and back: a matrix is a codes array
    turned into rows of the values themselves in one ``tolist``."""

    def __init__(self, values: Sequence[Any] = ()) -> None:
        # ``values`` in this order: code 0 is the first (the codes a caller computed).
        self.values: list[Any] = list(values)
        self.code_of: dict[Any, int] = {value: i for i, value in enumerate(self.values)}

    def codes(self, values: Sequence[Any]) -> np.ndarray:
        # A column repeats a handful of distinct values: one C-level dict lookup per row.
        code_of = self.code_of
        for value in set(values) - code_of.keys():
            code_of[value] = len(self.values)
            self.values.append(value)
        return np.fromiter(map(code_of.__getitem__, values), dtype=np.int64, count=len(values))

    def rows(self, codes: np.ndarray) -> list[list[Any]]:
        return value_table(self.values)[codes].tolist()  # type: ignore[no-any-return]


def round_question_inputs(*, round: Round) -> list[QuestionInput | SpanQuestionInput]:
    if round.kind == RoundKind.ERROR_TYPING:
        # An error-typing round answers one question: the types of its items.
        return [typing_question(round)]
    if round.kind == RoundKind.EXPLANATION:
        return list(explanation_questions(round))
    with read_snapshot():
        return _round_question_inputs(round)


def _round_question_inputs(round: Round) -> list[QuestionInput | SpanQuestionInput]:
    project = round.project
    submitted = Assignment.objects.filter(
        round=round, annotator__isnull=False, status=AssignmentStatus.SUBMITTED
    )
    # Each query below joins through these conditions, not a list of their ids.
    through_round = {
        "assignment__round": round,
        "assignment__annotator__isnull": False,
        "assignment__status": AssignmentStatus.SUBMITTED,
    }
    assignments = _rows(
        submitted.order_by("annotator__username", "id").values_list(
            "id", "annotator__username", "topic_id"
        )
    )
    rater_of: dict[int, str] = {a: username for a, username, _ in assignments}
    raters = sorted(set(rater_of.values()))
    rater_index = {rater: i for i, rater in enumerate(raters)}
    topic_ids = sorted({topic for *_, topic in assignments})
    n_raters = len(raters)
    topic_pk = np.asarray(topic_ids, dtype=np.int64)
    of_round = {"topic_id__in": submitted.values("topic_id")}
    summary_pk, summary_topic_pk, summary_position = _columns(
        Summary.objects.filter(**of_round).values_list("id", "topic_id", "position"),
        ("int", "int", "int"),
    )
    sentence_pk, sentence_summary_pk, sentence_topic_pk, summary_at, sentence_position = _columns(
        SummarySentence.objects.filter(
            summary__topic_id__in=submitted.values("topic_id")
        ).values_list("id", "summary_id", "summary__topic_id", "summary__position", "position"),
        ("int", "int", "int", "int", "int"),
    )
    # The report's order: by unit, summary position, summary, sentence position; only the
    # units of the assignments read (a unit submitted since, under a caller's READ
    # COMMITTED, is left out).
    order = np.lexsort((summary_pk, summary_position, summary_topic_pk))
    order = order[np.isin(summary_topic_pk[order], topic_pk)]
    summary_pk, summary_topic_pk = summary_pk[order], summary_topic_pk[order]
    order = np.lexsort((sentence_position, sentence_summary_pk, summary_at, sentence_topic_pk))
    order = order[np.isin(sentence_topic_pk[order], topic_pk)]
    sentence_pk = sentence_pk[order]
    sentence_summary_pk = sentence_summary_pk[order]
    sentence_topic_pk = sentence_topic_pk[order]
    summary_topic = np.searchsorted(topic_pk, summary_topic_pk)
    sentence_topic = np.searchsorted(topic_pk, sentence_topic_pk)
    summary_order = np.argsort(summary_pk, kind="stable")
    sentence_order = np.argsort(sentence_pk, kind="stable")
    sentence_summary = _positions(summary_pk, summary_order, sentence_summary_pk)[0]

    # rated[r, t]: rater r submitted unit t; a cell of an unrated unit is None.
    rated = np.zeros((n_raters, len(topic_ids)), dtype=bool)
    assignment_pk = np.asarray([a for a, *_ in assignments], dtype=np.int64)
    assignment_rater = np.asarray(
        [rater_index[username] for _, username, _ in assignments], dtype=np.int64
    )
    if assignments:
        rated[assignment_rater, np.searchsorted(topic_pk, _column(assignments, 2))] = True
    assignment_order = np.argsort(assignment_pk, kind="stable")

    def cells(
        assignment: np.ndarray, item: np.ndarray, pk: np.ndarray, order: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(rater, item column) of rows of (assignment, item), and which rows those are;
        rows of an assignment or item outside the read are dropped."""
        rater_at, known = _positions(assignment_pk, assignment_order, assignment)
        column, in_items = _positions(pk, order, item)
        keep = known & in_items
        return assignment_rater[rater_at[keep]], column[keep], np.flatnonzero(keep)

    def matrix_of(coder: Coder, codes: np.ndarray, item_topic: np.ndarray) -> UnitMatrix:
        # codes: raters x items, -1 for no value; None also where the rater had not the unit.
        codes = np.where(rated[:, item_topic], codes, -1)
        return UnitMatrix(coder.rows(codes), topic_ids_of(item_topic), codes, coder.values)

    def topic_ids_of(item_topic: np.ndarray) -> list[int]:
        return topic_pk[item_topic].tolist()  # type: ignore[no-any-return]

    judged_assignment, judged_sentence, judged_label = _columns(
        SentenceJudgement.objects.filter(**through_round)
        .exclude(label="")
        .values_list("assignment_id", "sentence_id", "label"),
        ("int", "int", "text"),
    )
    label_coder = Coder()
    judged_rater, judged_column, kept = cells(
        judged_assignment, judged_sentence, sentence_pk, sentence_order
    )
    label_codes = np.full((n_raters, len(sentence_pk)), -1, dtype=np.int64)
    label_codes[judged_rater, judged_column] = label_coder.codes(judged_label)[kept]
    consistent = label_coder.code_of.get("consistent", -2)
    inconsistent = label_coder.code_of.get("inconsistent", -2)

    answered_assignment, answered_summary, answered_relevance, answered_flag = _columns(
        SummaryJudgement.objects.filter(**through_round).values_list(
            "assignment_id", "summary_id", "relevance", "not_a_summary"
        ),
        ("int", "int", "int?", "bool"),
    )
    answered_rater, answered_column, kept = cells(
        answered_assignment, answered_summary, summary_pk, summary_order
    )

    def summary_codes(codes_of_rows: np.ndarray, missing: int = -1) -> np.ndarray:
        codes = np.full((n_raters, len(summary_pk)), missing, dtype=np.int64)
        codes[answered_rater, answered_column] = codes_of_rows[kept]
        return codes

    category_assignment, category_topic_pk, category_names = _columns(
        TopicJudgement.objects.filter(**through_round)
        .exclude(category="")
        .values_list("assignment_id", "assignment__topic_id", "category"),
        ("int", "int", "text"),
    )

    questions: list[QuestionInput | SpanQuestionInput] = []
    if project.ask_consistency:
        questions.append(
            QuestionInput(
                "sentence_consistency",
                "Sentence consistency",
                "nominal",
                raters,
                matrix_of(label_coder, label_codes, sentence_topic),
                categories=["consistent", "inconsistent"],
            )
        )
        # A summary is consistent when every sentence is labelled consistent, inconsistent
        # when every sentence is labelled and one is not; else (or without sentences) None.
        flat = np.arange(n_raters)[:, None] * len(summary_pk) + sentence_summary[None, :]
        size = n_raters * len(summary_pk)
        labelled = np.bincount(flat.ravel(), (label_codes >= 0).ravel(), size)
        agreeing = np.bincount(flat.ravel(), (label_codes == consistent).ravel(), size)
        length = np.bincount(sentence_summary, minlength=len(summary_pk))
        complete = (labelled.reshape(n_raters, len(summary_pk)) == length) & (length > 0)
        whole = np.where(
            complete, np.where(agreeing.reshape(n_raters, len(summary_pk)) == length, 0, 1), -1
        )
        derived = Coder(["consistent", "inconsistent"])
        questions.append(
            QuestionInput(
                "summary_consistency",
                "Summary consistency (from sentences)",
                "nominal",
                raters,
                matrix_of(derived, whole, summary_topic),
                categories=["consistent", "inconsistent"],
            )
        )
    if project.ask_consistency and project.ask_error_types:
        questions.append(
            QuestionInput(
                "error_types",
                "Error types (sentences labelled inconsistent)",
                "set",
                raters,
                _error_types_matrix(
                    label_codes == inconsistent,
                    rated[:, sentence_topic],
                    cells,
                    sentence_pk,
                    sentence_order,
                    through_round,
                    topic_ids_of(sentence_topic),
                ),
            )
        )
    if project.ask_relevance:
        relevance_values, relevance_of_rows = np.unique(answered_relevance, return_inverse=True)
        relevance_coder = Coder(
            [None if value == NO_INT else value for value in relevance_values.tolist()]
        )
        relevance_codes = summary_codes(relevance_of_rows.reshape(-1))
        questions.append(
            QuestionInput(
                "relevance",
                "Relevance (1-5)",
                "ordinal",
                raters,
                matrix_of(relevance_coder, relevance_codes, summary_topic),
                categories=[1, 2, 3, 4, 5],
            )
        )
        # The same codes, each read as its bin.
        binned = Coder([RELEVANCE_BINS.get(value) for value in relevance_coder.values])
        questions.append(
            QuestionInput(
                "relevance_binned",
                "Relevance binned {1,2} / {3,4,5}",
                "nominal",
                raters,
                matrix_of(binned, relevance_codes, summary_topic),
                categories=[0, 1],
                category_names={0: "1\u20132", 1: "3\u20135"},  # "1-2", "3-5" with en dashes
            )
        )
    if project.ask_topic_category:
        category_coder = Coder()
        category_codes = np.full((n_raters, len(topic_ids)), -1, dtype=np.int64)
        category_rater, category_topic, kept_categories = cells(
            category_assignment, category_topic_pk, topic_pk, np.arange(len(topic_pk))
        )
        category_codes[category_rater, category_topic] = category_coder.codes(category_names)[
            kept_categories
        ]
        every_topic = np.arange(len(topic_ids))
        questions.append(
            QuestionInput(
                "topic_category",
                "Topic category",
                "nominal",
                raters,
                matrix_of(category_coder, category_codes, every_topic),
                categories=["main", "marginal", "irrelevant"],
            )
        )
        merged = Coder([MERGED_CATEGORIES.get(value) for value in category_coder.values])
        questions.append(
            QuestionInput(
                "topic_category_merged",
                "Topic category (marginal + irrelevant merged)",
                "nominal",
                raters,
                matrix_of(merged, category_codes, every_topic),
                categories=["main", "marginal"],
            )
        )
    if project.ask_not_a_summary:
        # No answer reads as "a summary" (False) in a unit the rater submitted.
        flag_coder = Coder([False, True])
        flags = summary_codes(answered_flag, missing=0)
        questions.append(
            QuestionInput(
                "not_a_summary",
                "Not a summary",
                "nominal",
                raters,
                matrix_of(flag_coder, flags, summary_topic),
                categories=[False, True],
                category_names={False: "a summary", True: "not a summary"},
            )
        )
    if project.ask_error_spans:
        flagged_rater, flagged_column = np.nonzero(label_codes == inconsistent)
        labels = {
            (raters[r], s): "inconsistent"
            for r, s in zip(
                flagged_rater.tolist(), sentence_pk[flagged_column].tolist(), strict=True
            )
        }
        topic_of_sentence = dict(
            zip(sentence_pk.tolist(), topic_ids_of(sentence_topic), strict=True)
        )
        questions += span_questions(
            rater_of,
            labels,
            sentence_pk.tolist(),
            evidence=project.ask_evidence,
            topic_of_sentence=topic_of_sentence.__getitem__,
            through_round=through_round,
        )
    if project.ask_completeness or project.ask_atomic_facts:
        matrix = _cell_matrix(raters, assignments)
        summary_pairs = list(zip(summary_pk.tolist(), summary_topic_pk.tolist(), strict=True))
        if project.ask_completeness:
            questions += key_fact_questions(
                round,
                rater_of,
                matrix,
                summary_pairs,
                list(zip(sentence_pk.tolist(), sentence_summary_pk.tolist(), strict=True)),
            )
        if project.ask_atomic_facts:
            questions += acu_questions(round, rater_of, matrix, summary_pairs)
    return with_units(questions, submitted.values("topic_id"))


def _positions(
    pk: np.ndarray, order: np.ndarray, wanted: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Where each of ``wanted`` is in ``pk`` (distinct; ``order`` sorts it), and which are
    there (where one is not, the position is that of the next larger key, or the last).

    Keys spanning at most a few times as many values as there are (a round's sentence or
    assignment ids, mostly consecutive) are looked up in a table indexed by key: 300,000
    judgements in 6 ms, where a binary search each took 36 ms (it jumps about memory)."""
    if not len(pk):
        return np.zeros(len(wanted), dtype=np.int64), np.zeros(len(wanted), dtype=bool)
    sorted_pk = pk[order]
    low, span = int(sorted_pk[0]), int(sorted_pk[-1]) - int(sorted_pk[0]) + 1
    if span > _DENSE_SPAN * len(pk) + 1024:
        return _searched(sorted_pk, order, wanted)
    index = np.full(span, -1, dtype=np.int64)
    index[sorted_pk - low] = order
    offset = wanted - low
    inside = (offset >= 0) & (offset < span)
    at = index[np.where(inside, offset, 0)]
    found = inside & (at >= 0)
    if not found.all():
        missing = ~found
        at[missing] = _searched(sorted_pk, order, wanted[missing])[0]
    return at, found


_DENSE_SPAN = 4  # keys spanning at most this many values per key (plus 1,024) use a table


def _searched(
    sorted_pk: np.ndarray, order: np.ndarray, wanted: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """``_positions`` by binary search."""
    at = np.minimum(np.searchsorted(sorted_pk, wanted), len(sorted_pk) - 1)
    return order[at], sorted_pk[at] == wanted


def _error_types_matrix(
    inconsistent: np.ndarray,
    rated: np.ndarray,
    cells: Any,
    sentence_pk: np.ndarray,
    sentence_order: np.ndarray,
    through_round: dict[str, Any],
    units: list[int],
) -> UnitMatrix:
    """A sentence labelled inconsistent has its set of type names (maybe empty), any other
    cell None."""
    rows = _rows(
        SentenceJudgement.error_types.through.objects.filter(
            **{f"sentencejudgement__{key}": value for key, value in through_round.items()}
        )
        .order_by()
        .values_list(
            "sentencejudgement__assignment_id",
            "sentencejudgement__sentence_id",
            "errortype__name",
        )
    )
    chosen: dict[tuple[int, int], set[str]] = defaultdict(set)
    type_rater, type_column, kept = cells(
        _column(rows, 0), _column(rows, 1), sentence_pk, sentence_order
    )
    for r, c, i in zip(type_rater.tolist(), type_column.tolist(), kept.tolist(), strict=True):
        chosen[(r, c)].add(rows[i][2])
    # Codes into the distinct sets (-1: None), as the other questions' matrices are built.
    codes = np.where(inconsistent & rated, 0, -1)
    code_of: dict[frozenset[str], int] = {frozenset(): 0}
    for (r, c), names in chosen.items():
        if inconsistent[r, c] and rated[r, c]:
            codes[r, c] = code_of.setdefault(frozenset(names), len(code_of))
    coder = Coder(list(code_of))
    return UnitMatrix(coder.rows(codes), units, codes, coder.values)


def _cell_matrix(raters: list[str], assignments: Sequence[tuple[int, str, int]]) -> Any:
    """``matrix(units, value, topic_of_unit)`` for the key-fact and ACU questions: a value
    per cell (their rounds are a few hundred summaries, not 100,000 sentences)."""
    topics_of: dict[str, set[int]] = defaultdict(set)
    for _, rater, topic_id in assignments:
        topics_of[rater].add(topic_id)

    def matrix(units: list[Any], value: Any, topic: Any) -> UnitMatrix:
        unit_topics = [topic(unit) for unit in units]
        rows = []
        for rater in raters:
            rated = topics_of[rater]
            rows.append(
                [
                    value(rater, unit) if topic_id in rated else None
                    for unit, topic_id in zip(units, unit_topics, strict=True)
                ]
            )
        return UnitMatrix(rows, unit_topics)

    return matrix


class UnitMatrix(LabelMatrix):
    """A raters x items matrix that knows the work unit (topic id) of each item, and, when
    built from codes, those codes (-1: None) and the value of each code (``LabelMatrix``):
    the report and ``inputs_hash`` read them instead of the cells."""

    def __init__(
        self,
        rows: list[list[Any]],
        units: list[Any],
        codes: np.ndarray | None = None,
        values: Sequence[Any] | None = None,
    ) -> None:
        super().__init__(rows, codes, values)
        self.units = units


def with_units(
    questions: list[QuestionInput | SpanQuestionInput],
    topic_ids: list[int] | QuerySet[Any],
) -> list[QuestionInput | SpanQuestionInput]:
    """Every question with the work unit of each item and the units' names (one query): the
    report resamples units where items nest in them, and its confusion pairs link to them.
    ``topic_ids`` may be a subquery (the round's 4,000 units as an IN list cost 0.1 s)."""
    names = unit_names(topic_ids)  # type: ignore[arg-type]  # a subquery reads as its ids
    done: list[QuestionInput | SpanQuestionInput] = []
    for question in questions:
        if isinstance(question, QuestionInput):
            units = question.units
            if units is None and isinstance(question.matrix, UnitMatrix):
                units = question.matrix.units
            if units is not None:
                question = replace(question, units=units, unit_names=names)
        done.append(question)
    return done


SPAN_QUESTIONS = (
    ("span_exact", "Error spans (exact)", "exact"),
    ("span_overlap", "Error spans (overlap)", "overlap"),
    ("span_character", "Error spans (characters)", "character"),
)


def span_questions(
    rater_of: dict[int, str],
    labels: dict[tuple[str, int], str],
    sentence_ids: list[int],
    *,
    evidence: bool,
    topic_of_sentence: Any = None,
    through_round: dict[str, Any],
) -> list[SpanQuestionInput]:
    """The span questions (and the evidence one) over the sentences that two or more raters
    labelled inconsistent: their spans, and per error type the spans of that type."""
    raters = sorted(set(rater_of.values()))
    flagged: dict[int, list[str]] = defaultdict(list)
    for (rater, sentence_id), label in labels.items():
        if label == "inconsistent":
            flagged[sentence_id].append(rater)
    shared = [s for s in sentence_ids if len(flagged.get(s, ())) >= 2]
    spans: dict[tuple[str, int], list[tuple[int, int, str | None]]] = defaultdict(list)
    for assignment_id, sentence_id, start, end, type_name in _rows(
        ErrorSpan.objects.filter(
            **{f"judgement__{key}": value for key, value in through_round.items()},
            judgement__label="inconsistent",
        )
        # Meta.ordering (judgement, start) kept: each rater's spans in the report's order.
        .values_list(
            "judgement__assignment_id",
            "judgement__sentence_id",
            "start",
            "end",
            "error_type__name",
        )
    ):
        if assignment_id not in rater_of:
            continue  # submitted after the assignments were read (see read_snapshot)
        spans[(rater_of[assignment_id], sentence_id)].append((start, end, type_name))
    type_names = sorted({name for marked in spans.values() for *_, name in marked if name})

    def units(kept: Any) -> list[dict[str, list[Any]]]:
        return [
            {
                rater: [(a, b) for a, b, name in spans[(rater, s)] if kept(name)]
                for rater in sorted(flagged[s])
            }
            for s in shared
        ]

    by_type = {name: units(lambda kind, name=name: kind == name) for name in type_names}
    units_of = [topic_of_sentence(s) for s in shared] if topic_of_sentence else None
    questions = [
        SpanQuestionInput(
            key, label, raters, mode, units(lambda _: True), by_type or None, units_of
        )
        for key, label, mode in SPAN_QUESTIONS
    ]
    if evidence:
        cited: dict[tuple[str, int], set[int]] = defaultdict(set)
        for assignment_id, sentence_id, position in _rows(
            EvidenceSpan.objects.filter(
                **{f"error_span__judgement__{key}": value for key, value in through_round.items()}
            )
            .order_by()
            .values_list(
                "error_span__judgement__assignment_id",
                "error_span__judgement__sentence_id",
                "turn__position",
            )
        ):
            if assignment_id not in rater_of:
                continue
            cited[(rater_of[assignment_id], sentence_id)].add(position)
        questions.append(
            SpanQuestionInput(
                "evidence_turns",
                "Evidence (turns cited)",
                raters,
                "evidence",
                [
                    {rater: sorted(cited[(rater, s)]) for rater in sorted(flagged[s])}
                    for s in shared
                ],
                units_of=units_of,
            )
        )
    return questions


def inputs_hash(questions: list[QuestionInput | SpanQuestionInput]) -> str:
    """sha256 of every question's key, raters and matrix (spans: units and spans by type): a
    report is reused until they change.

    A matrix is hashed as its shape, its distinct values written as JSON (sorted) and every
    cell's index among them as bytes, not as one JSON text of its 300,000 cells (a third of a
    second on a 100,000-sentence round). The digest depends on the cells' values alone: a
    matrix the selector built from codes (``UnitMatrix.codes``) and the same values in plain
    lists hash alike."""
    digest = hashlib.sha256()
    values = _JsonValues()
    for q in questions:
        if isinstance(q, SpanQuestionInput):
            body: Any = [
                [dict(unit) for unit in q.units],
                {k: list(v) for k, v in (q.by_type or {}).items()},
            ]
            _hash_json(digest, ["spans", q.key, list(q.raters), body], values)
            continue
        coded = _canonical_codes(q.matrix, values)
        if coded is None:  # values a dict cannot tell apart (1 and True) or cannot hold
            _hash_json(
                digest, ["cells", q.key, list(q.raters), [list(r) for r in q.matrix]], values
            )
            continue
        lengths, texts, codes = coded
        _hash_json(
            digest, ["codes", q.key, list(q.raters), lengths, texts, codes.dtype.str], values
        )
        digest.update(codes.tobytes())
    return digest.hexdigest()


def _hash_json(digest: Any, value: Any, values: _JsonValues) -> None:
    """One JSON text (label sets as their sorted lists) and its length into the digest."""
    text = json.dumps(value, sort_keys=True, default=values.encode).encode()
    digest.update(len(text).to_bytes(8, "little"))
    digest.update(text)


def _canonical_codes(
    matrix: Sequence[Sequence[Any]], values: _JsonValues
) -> tuple[list[int], list[str], np.ndarray] | None:
    """Each row's length, the distinct cell values as sorted JSON texts, and every cell (row
    by row) as the index of its value's text, in the narrowest unsigned type; None when the
    cells cannot be coded by value (unhashable, or numbers of two types, which a dict would
    merge: 1 and True)."""
    codes = matrix.codes if isinstance(matrix, LabelMatrix) else None
    table = matrix.values if isinstance(matrix, LabelMatrix) else None
    if codes is not None and table is not None:
        # The selector's codes (-1: None) into its table of values, read as they are written.
        lengths = [codes.shape[1]] * codes.shape[0]
        written = [_json_text(value, values) for value in table] + ["null"]
        used = np.bincount(codes.ravel() + 1, minlength=len(table) + 1)[
            np.r_[1 : len(table) + 1, 0]
        ]
        flat = codes.ravel()  # -1 indexes the last text, None's
        kinds = {type(value) for value, n in zip(table, used, strict=False) if n}
        if len(kinds - _NOT_NUMBERS) > 1:
            return None  # hashed as its cells, as the same values in lists would be
    else:
        rows = [list(row) for row in matrix]
        lengths = [len(row) for row in rows]
        cells = list(itertools.chain.from_iterable(rows))
        if len(set(map(type, cells)) - _NOT_NUMBERS) > 1:
            return None
        try:
            code_of = {value: i for i, value in enumerate(dict.fromkeys(cells))}
        except TypeError:
            return None
        written = [_json_text(value, values) for value in code_of]
        used = np.ones(len(written), dtype=np.int64)
        flat = np.fromiter(map(code_of.__getitem__, cells), dtype=np.int64, count=len(cells))
    present = np.flatnonzero(used > 0)
    texts, rank = np.unique(
        np.asarray([written[p] for p in present], dtype=object), return_inverse=True
    )
    narrow = np.min_scalar_type(max(len(texts) - 1, 0)).newbyteorder("<")
    recode = np.zeros(len(written), dtype=narrow)
    recode[present] = rank.reshape(-1)
    return lengths, [str(text) for text in texts], recode[flat]


_NOT_NUMBERS = {str, type(None), frozenset}


def _json_text(value: Any, values: _JsonValues) -> str:
    return json.dumps(value, sort_keys=True, default=values.encode)


class _JsonValues:
    """What ``inputs_hash`` writes for a value JSON lacks; each label set sorted once (a
    round repeats a few dozen sets over tens of thousands of sentences)."""

    def __init__(self) -> None:
        self.sorted_sets: dict[frozenset[Any], list[Any]] = {}

    def encode(self, value: Any) -> Any:
        if not isinstance(value, frozenset):
            return str(value)
        listed = self.sorted_sets.get(value)
        if listed is None:
            listed = self.sorted_sets[value] = sorted(value)
        return listed
