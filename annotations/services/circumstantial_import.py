"""Import of a CSV in the circumstantial-inference study's layout with its published labels
(docs/formats/circumstantial.md).

Dialogues, summaries (split into sentences as the native import splits them) and systems
come in as corpus data, one corpus per ``origin``. The published labels come in as the
judgements of a closed *reference* round attributed to the file's layout
(``Assignment.source``), not to a person, as the TofuEval import stores its release's labels:
per summary, every sentence is judged (inconsistent when it holds a nonfactual span,
consistent otherwise), typed with the categories of its spans, and carries the spans
(``ErrorSpan``, typed by their category) with their evidence (``EvidenceSpan``) or the mark
that none was found (``no_evidence``).

Not stored: the published ``error_type`` (Intrinsic_Error / Extrinsic_Error) of a span. A
span has one type, its category from the project's taxonomy, and exports derive the coarse
type from the category's unified (crosswalk) type; the report counts the spans whose
published ``error_type`` says otherwise.

``lenient=True`` imports the study's own file as published: the reader records what it did
instead of refusing (formats/circumstantial.py, ``Leniency``), and the report lists it, counts
per reason and then every row with its line. A summary whose row says ``factual_error`` 1 but
none of whose spans could be placed gets its summary-level label on every sentence
(inconsistent, typed with the row's known categories, an explanation saying so): which
sentence is wrong is not known, and a summary is inconsistent when one of its sentences is.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

from django.db import transaction
from django.utils import timezone

from annotations.formats.circumstantial import (
    LENIENCY_REASONS,
    CircumstantialFile,
    Leniency,
    PublishedSummary,
    read_circumstantial,
)
from annotations.formats.errors import FormatError
from annotations.formats.writers.circumstantial import ERROR_TYPES
from annotations.models import (
    Assignment,
    Corpus,
    ErrorSpan,
    EvidenceSpan,
    Project,
    Round,
    RoundKind,
    RoundStatus,
    SummarySentence,
    Topic,
    Turn,
)
from annotations.services.bulk import insert_rows
from annotations.services.corpus_import import (
    ImportFailed,
    ImportReport,
    column_limits,
    corpus_import_records,
)
from annotations.services.reference_rounds import (
    PublishedLabel,
    import_audit_insert,
    published_labels_insert,
    reference_assignments_insert,
)

REFERENCE_ROUND = "Circumstantial CSV published labels"
# Whose labels they are: the file's, attributed to its layout rather than to a person (the
# file's own name is in the audit trail of each unit).
SOURCE = "circumstantial CSV"
# The explanation of a sentence that carries its summary's label (lenient mode, no span).
SUMMARY_LABEL_EXPLANATION = (
    "Published as a summary-level label: row {row} of {file} says the summary has a factual"
    " error, but none of its spans could be placed, so which sentence is wrong is not known;"
    " every sentence carries the summary's label."
)


def circumstantial_import(
    *, project: Project, path: Path, name: str | None = None, lenient: bool = False
) -> ImportReport:
    """Import the file, or raise ImportFailed naming the file, row, line, column and what was
    expected; nothing is written then. ``name`` is what errors call the file; ``lenient``
    imports what the study's own file holds instead of refusing it, and reports it."""
    types = dict(project.taxonomy.types.values_list("name", "unified_type__code"))
    codes = dict(project.taxonomy.types.values_list("name", "code"))
    try:
        published = read_circumstantial(
            path,
            allowed_types=list(types),
            limits=column_limits(),
            file=name or path.name,
            lenient=lenient,
        )
    except FormatError as error:
        raise ImportFailed(str(error)) from None
    with transaction.atomic():
        report = corpus_import_records(
            project=project, records=published.documents, source_format="circumstantial"
        )
        _name_corpora(project, published)
        report.notes.extend(published.notes)
        # A type of the unified taxonomy itself has no unified type: its code is one.
        unified = {type_name: types[type_name] or codes[type_name] for type_name in types}
        report.judgements = _import_published_labels(
            project, published.summaries, report, file=name or path.name
        )
        disagreeing = sum(
            1
            for summary in published.summaries
            for span in summary.spans
            if span.error_type is not None
            and ERROR_TYPES.get((unified.get(span.category or "") or "").split("-", 1)[0])
            != span.error_type
        )
        if disagreeing:
            report.notes.append(
                f"{disagreeing} span(s): the published error_type is not the one their"
                " linguistic category maps to (or they have no category); the category is"
                " stored, and exports write the type it maps to"
            )
        if lenient:
            report.lenient, report.lenient_data = lenient_report(
                published.leniencies, rows=len(published.summaries)
            )
    return report


def lenient_report(leniencies: list[Leniency], *, rows: int) -> tuple[list[str], dict[str, Any]]:
    """What a lenient import did instead of refusing: lines (the counts per reason, then every
    affected row with its line) and the same as data for a job's result."""
    affected: dict[str, set[int]] = defaultdict(set)
    items: dict[str, int] = defaultdict(int)
    for leniency in leniencies:
        affected[leniency.reason].add(leniency.row)
        items[leniency.reason] += 1
    touched = {leniency.row for leniency in leniencies}
    lines = [
        f"lenient: {rows} row(s) imported, {rows - len(touched)} as published,"
        f" {len(touched)} with something not imported as it is written"
    ]
    counts = []
    for reason, meaning in LENIENCY_REASONS.items():
        if reason in affected:
            lines.append(
                f"lenient, {reason}: {len(affected[reason])} row(s), {items[reason]} item(s):"
                f" {meaning}"
            )
            counts.append({"reason": reason, "rows": len(affected[reason]), "items": items[reason]})
    order = {reason: position for position, reason in enumerate(LENIENCY_REASONS)}
    ordered = sorted(leniencies, key=lambda item: (item.row, order[item.reason]))
    lines.extend(
        f"lenient: row {item.row} (line {item.line})"
        + (f", field {item.field}" if item.field else "")
        + f": {item.reason}: {item.detail}"
        for item in ordered
    )
    data = {
        "rows": rows,
        "as_published": rows - len(touched),
        "counts": counts,
        "items": [
            {
                "row": item.row,
                "line": item.line,
                "field": item.field,
                "reason": item.reason,
                "detail": item.detail,
            }
            for item in ordered
        ],
    }
    return lines, data


def _name_corpora(project: Project, published: CircumstantialFile) -> None:
    """A corpus made by this import is named by its ``origin`` as written (``SAMSum``), which
    the export writes back; one named otherwise before keeps its name."""
    for slug, origin in published.corpus_names.items():
        Corpus.objects.filter(project=project, slug=slug, name=slug).update(name=origin)


def _import_published_labels(
    project: Project, summaries: list[PublishedSummary], report: ImportReport, *, file: str
) -> int:
    labelled = [s for s in summaries if s.factual_error is not None]
    if not labelled:
        return 0
    now = timezone.now()
    round_, _ = Round.objects.get_or_create(
        project=project,
        name=REFERENCE_ROUND,
        defaults={
            "kind": RoundKind.REFERENCE,
            "status": RoundStatus.CLOSED,
            "overlap": 1,
            "opened_at": now,
            "closed_at": now,
        },
    )
    topics = {
        (corpus, document, name): (pk, document_id)
        for pk, corpus, document, name, document_id in Topic.objects.filter(
            document__corpus__project=project,
            document__corpus__slug__in={s.corpus for s in labelled},
            document__external_id__in={s.document for s in labelled},
        ).values_list(
            "pk", "document__corpus__slug", "document__external_id", "name", "document_id"
        )
    }
    # Idempotent, as a re-import of unchanged documents is: a unit labelled by an earlier
    # import of this layout is left as it is.
    done = set(
        Assignment.objects.filter(round=round_, source=SOURCE).values_list("topic_id", flat=True)
    )
    units: dict[int, list[PublishedSummary]] = defaultdict(list)
    for summary in labelled:
        topic_id, _ = topics[(summary.corpus, summary.document, summary.topic)]
        if topic_id not in done:
            units[topic_id].append(summary)
    kept = len({topics[(s.corpus, s.document, s.topic)][0] for s in labelled} & done)
    if kept:
        report.notes.append(
            f"{kept} unit(s) already have labels from an earlier import of this layout; they"
            " were left as they are"
        )
    if not units:
        return 0
    assignment_ids = reference_assignments_insert(round_, units, source=SOURCE, at=now)
    sentences: dict[tuple[int, str], list[int]] = defaultdict(list)
    for pk, topic_id, model in (
        SummarySentence.objects.filter(summary__topic_id__in=list(units))
        .order_by("summary_id", "position")
        .values_list("pk", "summary__topic_id", "summary__external_id")
    ):
        sentences[(topic_id, model)].append(pk)
    document_ids = {document_id for _, document_id in topics.values()}
    turn_ids = {
        (document_id, position): pk
        for pk, document_id, position in Turn.objects.filter(
            document_id__in=document_ids
        ).values_list("pk", "document_id", "position")
    }
    type_ids = dict(project.taxonomy.types.values_list("name", "pk"))
    labels: list[PublishedLabel] = []
    # Per judgement row, its spans: (start, end, type id, no evidence, [(turn id, start, end)]).
    judgement_spans: list[list[tuple[int, int, int | None, bool, list[tuple[int, int, int]]]]] = []
    for assignment_id, (topic_id, unit) in zip(assignment_ids, units.items(), strict=True):
        for summary in unit:
            _, document_id = topics[(summary.corpus, summary.document, summary.topic)]
            for position, sentence_id in enumerate(sentences[(topic_id, summary.model)]):
                own = [span for span in summary.spans if span.sentence == position]
                if summary.label_only:
                    labels.append(
                        (
                            assignment_id,
                            sentence_id,
                            "inconsistent",
                            SUMMARY_LABEL_EXPLANATION.format(row=summary.row, file=file),
                            [type_ids[name] for name in summary.categories],
                        )
                    )
                    judgement_spans.append([])
                    continue
                labels.append(
                    (
                        assignment_id,
                        sentence_id,
                        "inconsistent" if own else "consistent",
                        "",
                        [
                            type_ids[name]
                            for name in dict.fromkeys(s.category for s in own if s.category)
                        ],
                    )
                )
                judgement_spans.append(
                    [
                        (
                            span.start,
                            span.end,
                            type_ids[span.category] if span.category else None,
                            span.no_evidence,
                            [
                                (turn_ids[(document_id, e.turn)], e.start, e.end)
                                for e in span.evidence
                            ],
                        )
                        for span in own
                    ]
                )
    judgement_ids = published_labels_insert(labels, at=now)
    span_rows = [
        (judgement_id, start, end, type_id, "", no_evidence)
        for judgement_id, spans in zip(judgement_ids, judgement_spans, strict=True)
        for start, end, type_id, no_evidence, _ in spans
    ]
    span_ids = insert_rows(
        ErrorSpan,
        ["judgement_id", "start", "end", "error_type_id", "note", "no_evidence"],
        span_rows,
    )
    evidence_rows = [
        (span_id, turn_id, start, end)
        for span_id, (*_, evidence) in zip(
            span_ids, (span for spans in judgement_spans for span in spans), strict=True
        )
        for turn_id, start, end in evidence
    ]
    insert_rows(EvidenceSpan, ["error_span_id", "turn_id", "start", "end"], evidence_rows)
    # The audit trail records where every imported label came from.
    import_audit_insert(
        (
            (assignment_id, {"source": SOURCE, "file": file, "rows": [s.row for s in unit]})
            for assignment_id, unit in zip(assignment_ids, units.values(), strict=True)
        ),
        at=now,
    )
    report.spans += len(span_rows)
    report.evidence += len(evidence_rows)
    return len(labels)
