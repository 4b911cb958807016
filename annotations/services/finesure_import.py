"""Import of FineSurE's data files with their published labels (docs/formats/finesure.md).

Documents (a news article as one turn without a speaker), one generic topic per document,
a summary per ``model`` with FineSurE's own sentences, and the human key facts as the
topic's given list (``KeyFactList`` source ``finesure``) come in as corpus data. The published
labels come in as a closed *reference* round, "FineSurE published labels": one submitted
assignment per FineSurE annotator per unit, attributed to the release
(``Assignment.source = "FineSurE annotator N"``), not to a person, holding

- ``factuality_labels`` as sentence judgements (1 = inconsistent, 0 = consistent; "None"
  = no judgement), typed with the project's FRANK types for ``factuality_types``;
- ``key_fact_labels`` and ``sentence_labels`` as the annotator's key-fact sheet: a copy of
  the given list, an alignment per (fact, summary) with ``covered`` from the fact's label,
  and each sentence labelled 1 aligned to every fact the annotator marked covered in that
  summary (FineSurE says only *that* a sentence states some key fact, not which).

Atomic and idempotent as every import: a refused file changes nothing, and a unit whose
annotator already has labels from an earlier import keeps them.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, fields
from pathlib import Path

from django.db import transaction
from django.utils import timezone

from annotations.formats.errors import FormatError
from annotations.formats.finesure import (
    FineSurEFile,
    PublishedAnnotation,
    PublishedSummary,
    annotator_label,
    read_finesure,
)
from annotations.formats.writers.finesure import TYPE_CODES
from annotations.models import (
    AlignedSentence,
    Assignment,
    Corpus,
    KeyFact,
    KeyFactAlignment,
    Project,
    Round,
    RoundKind,
    RoundStatus,
    SentenceJudgement,
    SummarySentence,
    Topic,
)
from annotations.services.bulk import insert_rows
from annotations.services.corpus_import import (
    ImportFailed,
    ImportReport,
    column_limits,
    corpus_import_records,
)
from annotations.services.given_facts import given_lists_ensure, reference_sheets_insert
from annotations.services.reference_rounds import (
    PublishedLabel,
    import_audit_insert,
    published_labels_insert,
    reference_assignments_insert,
)

REFERENCE_ROUND = "FineSurE published labels"
KEY_FACT_SOURCE = "finesure"


def finesure_source(annotator: str) -> str:
    """Whose labels they are: ``FineSurE annotator 0`` for FRANK's ``annotator_0`` and for
    REALSumm's ``0`` alike (the files name annotators only by their place)."""
    return f"FineSurE annotator {annotator_label(annotator)}"


@dataclass(slots=True)
class FineSurEReport(ImportReport):
    key_fact_lists: int = 0
    key_facts: int = 0
    alignments: int = 0

    def lines(self) -> list[str]:
        lines = ImportReport.lines(self)
        if self.key_fact_lists or self.alignments:
            lines.insert(
                2 + bool(self.judgements),
                f"key facts: {self.key_facts} in {self.key_fact_lists} new given list(s);"
                f" published alignments: {self.alignments}",
            )
        return lines


def finesure_import(
    *,
    project: Project,
    path: Path,
    keyfacts: Path | None = None,
    name: str | None = None,
    keyfacts_name: str | None = None,
    new_project: bool = False,
) -> FineSurEReport:
    """Import the file (and the key-fact list), or raise ImportFailed naming the file, line
    and field; nothing is written then. ``name``/``keyfacts_name``: what errors call them.
    ``new_project``: the project was created for this import, so its scheme follows the data
    (REALSumm's samples have key-fact labels only: such a project asks for no sentence labels,
    and a release of it needs none)."""
    try:
        published = read_finesure(
            path,
            keyfacts,
            limits=column_limits(),
            file=name or path.name,
            keyfacts_file=keyfacts_name or (keyfacts.name if keyfacts else None),
        )
    except FormatError as error:
        raise ImportFailed(str(error)) from None
    report = FineSurEReport()
    with transaction.atomic():
        base = corpus_import_records(
            project=project, records=published.documents, source_format="finesure"
        )
        for field in fields(ImportReport):
            setattr(report, field.name, getattr(base, field.name))
        for slug, source in published.corpus_names.items():
            Corpus.objects.filter(project=project, slug=slug, name=slug).update(name=source)
        report.notes.extend(published.notes)
        topics = {
            (corpus, document): pk
            for pk, corpus, document in Topic.objects.filter(
                document__corpus__project=project,
                document__corpus__slug__in=published.corpus_names,
                document__external_id__in={s.document for s in published.summaries},
                name="",
            ).values_list("pk", "document__corpus__slug", "document__external_id")
        }
        given = _given_lists(published, topics, report)
        _import_published_labels(project, published, topics, given, report, file=name or path.name)
        if (
            new_project
            and not SentenceJudgement.objects.filter(assignment__round__project=project).exists()
        ):
            Project.objects.filter(pk=project.pk).update(
                ask_consistency=False, ask_error_types=False
            )
    return report


def _given_lists(
    published: FineSurEFile, topics: dict[tuple[str, str], int], report: FineSurEReport
) -> dict[int, list[int]]:
    """The given list of each topic with key facts, created where missing; one that exists
    must be the file's (an import never edits a list rounds may be aligning)."""
    wanted = {
        topics[where]: [(text, False) for text in facts]
        for where, facts in published.key_facts.items()
    }
    before = set(
        Topic.objects.filter(pk__in=wanted, key_fact_lists__source=KEY_FACT_SOURCE).values_list(
            "pk", flat=True
        )
    )
    given = given_lists_ensure(KEY_FACT_SOURCE, wanted)
    stored: dict[int, list[str]] = defaultdict(list)
    for topic_id, text in (
        KeyFact.objects.filter(given_list__topic_id__in=before, given_list__source=KEY_FACT_SOURCE)
        .order_by("position")
        .values_list("given_list__topic_id", "text")
    ):
        stored[topic_id].append(text)
    for (corpus, document), facts in published.key_facts.items():
        topic_id = topics[(corpus, document)]
        if topic_id in before and stored[topic_id] != facts:
            raise ImportFailed(
                f"document {document!r} of corpus {corpus!r} already has a different FineSurE"
                f" key-fact list ({len(stored[topic_id])} facts); a given list is never"
                " replaced, since rounds may be aligning it"
            )
    new = [topic_id for topic_id in wanted if topic_id not in before]
    report.key_fact_lists += len(new)
    report.key_facts += sum(len(wanted[topic_id]) for topic_id in new)
    return given


def _import_published_labels(
    project: Project,
    published: FineSurEFile,
    topics: dict[tuple[str, str], int],
    given: dict[int, list[int]],
    report: FineSurEReport,
    *,
    file: str,
) -> None:
    # (topic, source) -> the annotator's labels of the unit's summaries, in file order.
    units: dict[tuple[int, str], list[tuple[PublishedSummary, PublishedAnnotation]]] = {}
    for summary in published.summaries:
        topic_id = topics[(summary.corpus, summary.document)]
        for annotation in summary.annotations:
            key = (topic_id, finesure_source(annotation.annotator))
            units.setdefault(key, []).append((summary, annotation))
    if not units:
        return
    now = timezone.now()
    round_, _ = Round.objects.get_or_create(
        project=project,
        name=REFERENCE_ROUND,
        defaults={
            "kind": RoundKind.REFERENCE,
            "status": RoundStatus.CLOSED,
            "overlap": max(Counter(topic_id for topic_id, _ in units).values()),
            "key_fact_source": KEY_FACT_SOURCE,
            "opened_at": now,
            "closed_at": now,
        },
    )
    # Idempotent: an annotator's labels of a unit from an earlier import are left as they are.
    done = set(
        Assignment.objects.filter(round=round_, topic_id__in={t for t, _ in units}).values_list(
            "topic_id", "source"
        )
    )
    kept = len(set(units) & done)
    if kept:
        report.notes.append(
            f"{kept} (unit, annotator) pair(s) already have labels from an earlier import; they"
            " were left as they are"
        )
    todo = [key for key in units if key not in done]
    if not todo:
        return
    # One insert per annotator (each names its source); ids follow the file's order within.
    assignment_of: dict[tuple[int, str], int] = {}
    for source in dict.fromkeys(source for _, source in todo):
        keys = [key for key in todo if key[1] == source]
        ids = reference_assignments_insert(round_, [t for t, _ in keys], source=source, at=now)
        assignment_of.update(zip(keys, ids, strict=True))
    sentence_ids: dict[tuple[int, str], list[int]] = defaultdict(list)
    summary_ids: dict[tuple[int, str], int] = {}
    for pk, summary_id, topic_id, model in (
        SummarySentence.objects.filter(summary__topic_id__in={t for t, _ in todo})
        .order_by("summary_id", "position")
        .values_list("pk", "summary_id", "summary__topic_id", "summary__external_id")
    ):
        sentence_ids[(topic_id, model)].append(pk)
        summary_ids[(topic_id, model)] = summary_id
    type_ids = dict(project.taxonomy.types.values_list("name", "pk"))
    labels: list[PublishedLabel] = []
    untyped = dropped_types = 0
    unaligned: dict[tuple[int, str], dict[str, list[str]]] = defaultdict(dict)
    for key in todo:
        topic_id, _ = key
        for summary, annotation in units[key]:
            if annotation.unaligned_types is not None:
                unaligned[key][f"line {summary.line}"] = list(annotation.unaligned_types)
            if annotation.factuality is None:
                continue
            types = annotation.types or ((),) * len(annotation.factuality)
            for sentence_id, label, codes in zip(
                sentence_ids[(topic_id, summary.model)], annotation.factuality, types, strict=True
            ):
                if label is None:
                    continue
                if label == 0:
                    dropped_types += bool(codes)
                    codes = ()
                names = [TYPE_CODES[code] for code in codes]
                known = [type_ids[name] for name in names if name in type_ids]
                untyped += len(names) - len(known)
                labels.append(
                    (
                        assignment_of[key],
                        sentence_id,
                        "inconsistent" if label else "consistent",
                        "",
                        known,
                    )
                )
    published_labels_insert(labels, at=now)
    report.judgements += len(labels)
    _import_key_fact_labels(todo, units, assignment_of, given, summary_ids, sentence_ids, report)
    # The audit trail records where every imported label came from.
    import_audit_insert(
        (
            (
                assignment_of[key],
                {
                    "source": key[1],
                    "file": file,
                    "annotator": units[key][0][1].annotator,
                    "lines": [summary.line for summary, _ in units[key]],
                }
                | (
                    {"factuality_types_not_per_sentence": unaligned[key]}
                    if key in unaligned
                    else {}
                ),
            )
            for key in todo
        ),
        at=now,
    )
    if unaligned:
        listed = sum(len(per_line) for per_line in unaligned.values())
        report.notes.append(
            f"{listed} annotation(s) list factuality_types that are not one per sentence, so"
            " which sentence each type belongs to is unknown: those sentences are stored"
            " untyped, and the published list is kept in the unit's audit record"
        )
    if dropped_types:
        report.notes.append(
            f"{dropped_types} sentence(s) labelled 0 (no error) carried an error type; the"
            " label is stored, the type is not"
        )
    if untyped:
        report.notes.append(
            f"{untyped} published error type(s) have no type of that name in the project's"
            f" taxonomy ({project.taxonomy.name}); their sentences are stored untyped"
        )


def _import_key_fact_labels(
    todo: list[tuple[int, str]],
    units: dict[tuple[int, str], list[tuple[PublishedSummary, PublishedAnnotation]]],
    assignment_of: dict[tuple[int, str], int],
    given: dict[int, list[int]],
    summary_ids: dict[tuple[int, str], int],
    sentence_ids: dict[tuple[int, str], list[int]],
    report: FineSurEReport,
) -> None:
    """Each annotator's key-fact sheet (a copy of the given list) with the published
    coverage and sentence labels as alignments."""
    labelled = [
        key
        for key in todo
        if given.get(key[0])
        and any(a.key_facts is not None or a.sentences is not None for _, a in units[key])
    ]
    sheets = reference_sheets_insert([(assignment_of[key], given[key[0]]) for key in labelled])
    facts: dict[int, list[int]] = defaultdict(list)
    for pk, sheet_id in (
        KeyFact.objects.filter(sheet_id__in=sheets.values())
        .order_by("sheet_id", "position")
        .values_list("pk", "sheet_id")
    ):
        facts[sheet_id].append(pk)
    alignment_rows = []
    # Per alignment row: the sentences that state its fact.
    stated: list[list[int]] = []
    unplaced = 0
    for key in labelled:
        topic_id, _ = key
        own = facts[sheets[assignment_of[key]]]
        for summary, annotation in units[key]:
            sentences = sentence_ids[(topic_id, summary.model)]
            flagged = [
                sentence_id
                for sentence_id, label in zip(sentences, annotation.sentences or (), strict=False)
                if label == 1
            ]
            covered = [
                fact_id
                for fact_id, label in zip(own, annotation.key_facts or (), strict=False)
                if label == 1
            ]
            if flagged and not covered:
                unplaced += len(flagged)
            if annotation.key_facts is None:
                continue
            for fact_id, label in zip(own, annotation.key_facts, strict=True):
                if label is None:
                    continue
                alignment_rows.append(
                    (fact_id, summary_ids[(topic_id, summary.model)], bool(label))
                )
                stated.append(flagged if label else [])
    alignment_ids = insert_rows(
        KeyFactAlignment, ["key_fact_id", "summary_id", "covered"], alignment_rows
    )
    insert_rows(
        AlignedSentence,
        ["alignment_id", "sentence_id"],
        [
            (alignment_id, sentence_id)
            for alignment_id, sentences in zip(alignment_ids, stated, strict=True)
            for sentence_id in sentences
        ],
    )
    report.alignments += len(alignment_rows)
    if unplaced:
        report.notes.append(
            f"{unplaced} sentence label(s) 1 in summaries where the annotator marked no key fact"
            " covered: a sentence is aligned to the facts it states, so these are not stored"
        )
