"""Import of other tools' exports and public benchmarks' files (docs/formats/imports.md):
the documents as corpus data, every source's labels as a closed *reference* round.

One submitted assignment per (unit, source) with no annotator (``Assignment.source`` names
the person of the tool or the benchmark), as the TofuEval and FineSurE imports do; a unit
with several people's labels gives the round its overlap, so agreement is computed from what
they answered, never made up. Predictions stay in the summaries' metadata (reader's job).
Atomic and idempotent: a refused file writes nothing; a (unit, source) pair already imported
is left as it is.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

from django.db import transaction
from django.utils import timezone

from annotations.formats.errors import FormatError
from annotations.formats.records import ColumnLimits
from annotations.formats.tool_items import PublishedLabel, ToolImport
from annotations.models import (
    Assignment,
    Project,
    Round,
    RoundKind,
    RoundStatus,
    SummarySentence,
    Topic,
)
from annotations.services.corpus_import import (
    ImportFailed,
    ImportReport,
    column_limits,
    corpus_import_records,
)
from annotations.services.reference_rounds import (
    import_audit_insert,
    published_labels_insert,
    reference_assignments_insert,
)

Reader = Callable[..., ToolImport]


def tool_import(
    *,
    project: Project,
    path: Path,
    reader: Reader,
    source_format: str,
    round_name: str,
    name: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> ImportReport:
    """Read ``path`` with ``reader`` and import it, or raise ImportFailed naming the file,
    line and field (nothing written then). ``name``: what errors call the file."""
    limits: ColumnLimits = column_limits()
    try:
        read = reader(path, file=name or path.name, limits=limits)
    except FormatError as error:
        raise ImportFailed(str(error)) from None
    with transaction.atomic():
        report = corpus_import_records(
            project=project, records=read.documents, source_format=source_format, progress=progress
        )
        report.notes.extend(read.notes)
        report.judgements = _labels_insert(project, read.labels, round_name, report)
        for evaluator, count in sorted(read.predictions.items()):
            report.predictions.append(
                f"{evaluator!r} on {count} summaries, kept in the summaries' metadata (not as"
                " labels)"
            )
    return report


def _labels_insert(
    project: Project, labels: list[PublishedLabel], round_name: str, report: ImportReport
) -> int:
    if not labels:
        return 0
    now = timezone.now()
    corpora = {label.sentence[0] for label in labels}
    topics = {
        (corpus, document, topic): pk
        for pk, corpus, document, topic in Topic.objects.filter(
            document__corpus__project=project, document__corpus__slug__in=corpora
        ).values_list("pk", "document__corpus__slug", "document__external_id", "name")
    }
    units: dict[tuple[int, str], list[PublishedLabel]] = defaultdict(list)
    for label in labels:
        units[(topics[label.sentence[:3]], label.source)].append(label)
    round_, _ = Round.objects.get_or_create(
        project=project,
        name=round_name,
        defaults={
            "kind": RoundKind.REFERENCE,
            "status": RoundStatus.CLOSED,
            "overlap": max(Counter(topic for topic, _ in units).values()),
            "opened_at": now,
            "closed_at": now,
        },
    )
    done = set(
        Assignment.objects.filter(round=round_, topic_id__in={t for t, _ in units}).values_list(
            "topic_id", "source"
        )
    )
    # A later file may bring more people to a unit (another person's doccano export): the
    # round's overlap is the most sources any unit has.
    per_unit = Counter(topic for topic, _ in set(units) | done)
    if per_unit and max(per_unit.values()) > round_.overlap:
        Round.objects.filter(pk=round_.pk).update(overlap=max(per_unit.values()))
    kept = len(set(units) & done)
    if kept:
        report.notes.append(
            f"{kept} (unit, source) pair(s) already have labels from an earlier import; they"
            " were left as they are"
        )
    todo = [key for key in units if key not in done]
    if not todo:
        return 0
    assignment_of: dict[tuple[int, str], int] = {}
    for source in dict.fromkeys(source for _, source in todo):
        keys = [key for key in todo if key[1] == source]
        ids = reference_assignments_insert(round_, [t for t, _ in keys], source=source, at=now)
        assignment_of.update(zip(keys, ids, strict=True))
    sentence_ids = {
        (topic_id, summary, position): pk
        for pk, topic_id, summary, position in SummarySentence.objects.filter(
            summary__topic_id__in={t for t, _ in todo}
        ).values_list("pk", "summary__topic_id", "summary__external_id", "position")
    }
    # Error types by the project's type names or codes, in any case.
    type_ids: dict[str, int] = {}
    for pk, type_name, code in project.taxonomy.types.values_list("pk", "name", "code"):
        type_ids[type_name.lower()] = pk
        if code:
            type_ids.setdefault(code.lower(), pk)
    rows = []
    unknown: Counter[str] = Counter()
    for key in todo:
        topic_id, _ = key
        for label in units[key]:
            known = [type_ids[t.lower()] for t in label.error_types if t.lower() in type_ids]
            unknown.update(t for t in label.error_types if t.lower() not in type_ids)
            rows.append(
                (
                    assignment_of[key],
                    sentence_ids[(topic_id, label.sentence[3], label.sentence[4])],
                    label.label,
                    label.explanation,
                    list(dict.fromkeys(known)),
                )
            )
    published_labels_insert(rows, at=now)
    import_audit_insert(
        (
            (
                assignment_of[key],
                {"source": key[1], "from": list(dict.fromkeys(lb.where for lb in units[key]))},
            )
            for key in todo
        ),
        at=now,
    )
    if unknown:
        listed = ", ".join(f"{name!r} ({n})" for name, n in unknown.most_common(10))
        report.notes.append(
            f"error type(s) not in the project's taxonomy ({project.taxonomy.name}), their"
            f" sentences stored untyped: {listed}"
        )
    return len(rows)
