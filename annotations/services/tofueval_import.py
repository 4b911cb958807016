"""Import of the public TofuEval release with its published labels.

Summaries, sentences (with the published ``sent_idx``), systems, splits and topics come in
as corpus data. The published labels, explanations, error types, topic categories and key
points come in as the judgements of a closed *reference* round, attributed to the release
(``Assignment.source``), not to a person, so they can be analysed and re-exported later.
"""

from __future__ import annotations

from pathlib import Path

from django.db import transaction
from django.utils import timezone

from annotations.formats.errors import FormatError
from annotations.formats.tofueval import SOURCE, PublishedUnit, key_point_text, read_tofueval
from annotations.models import (
    Assignment,
    Project,
    Round,
    RoundKind,
    RoundStatus,
    SummarySentence,
    Topic,
    TopicJudgement,
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

REFERENCE_ROUND = "TofuEval published labels"


def tofueval_import(*, project: Project, release_dir: Path, documents: Path) -> ImportReport:
    allowed = list(project.taxonomy.types.values_list("name", flat=True))
    try:
        release = read_tofueval(
            release_dir, documents, allowed_types=allowed, limits=column_limits()
        )
    except FormatError as error:
        raise ImportFailed(str(error)) from None
    with transaction.atomic():
        report = corpus_import_records(
            project=project, records=release.documents, source_format="tofueval"
        )
        report.notes.extend(release.notes)
        report.judgements = _import_published_labels(project, release.units, report)
    return report


def _import_published_labels(
    project: Project, units: list[PublishedUnit], report: ImportReport
) -> int:
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
    topic_ids = {
        (corpus, document, name): pk
        for pk, corpus, document, name in Topic.objects.filter(
            document__corpus__project=project, document__corpus__slug__in={u.corpus for u in units}
        ).values_list("pk", "document__corpus__slug", "document__external_id", "name")
    }
    done = set(
        Assignment.objects.filter(round=round_, source=SOURCE).values_list("topic_id", flat=True)
    )
    todo = [u for u in units if topic_ids[(u.corpus, u.document, u.topic)] not in done]
    if not todo:
        return 0
    assignment_ids = reference_assignments_insert(
        round_, [topic_ids[(u.corpus, u.document, u.topic)] for u in todo], source=SOURCE, at=now
    )
    sentences = {
        (topic_id, system, source_index): pk
        for pk, topic_id, system, source_index in SummarySentence.objects.filter(
            summary__topic_id__in=[topic_ids[(u.corpus, u.document, u.topic)] for u in todo]
        ).values_list("pk", "summary__topic_id", "summary__external_id", "source_index")
    }
    type_ids = dict(project.taxonomy.types.values_list("name", "pk"))
    labels: list[PublishedLabel] = []
    topic_rows = []
    key_points: dict[int, list[tuple[str, bool]]] = {}
    stripped = kept = 0
    for assignment_id, unit in zip(assignment_ids, todo, strict=True):
        topic_id = topic_ids[(unit.corpus, unit.document, unit.topic)]
        for (system, index), label in unit.sentences.items():
            labels.append(
                (
                    assignment_id,
                    sentences[(topic_id, system, index)],
                    label.label,
                    label.explanation,
                    [type_ids[name] for name in label.error_types],
                )
            )
        if unit.category:
            topic_rows.append((assignment_id, unit.category, 1, now))
        for position, point in enumerate(unit.key_points):
            text, was_numbered = key_point_text(point, position)
            stripped += was_numbered
            kept += not was_numbered
            key_points.setdefault(topic_id, []).append((text, was_numbered))
    published_labels_insert(labels, at=now)
    insert_rows(TopicJudgement, ["assignment_id", "category", "version", "updated_at"], topic_rows)
    # The published key points: a given list per unit (a later round can align them) and
    # the reference round's own copy, the gold list of releases.
    given = given_lists_ensure("tofueval", key_points)
    reference_sheets_insert(
        [
            (assignment_id, given[topic_ids[(unit.corpus, unit.document, unit.topic)]])
            for assignment_id, unit in zip(assignment_ids, todo, strict=True)
            if topic_ids[(unit.corpus, unit.document, unit.topic)] in key_points
        ]
    )
    # The audit trail records where every imported label came from.
    import_audit_insert(
        (
            (assignment_id, {"source": SOURCE, "annotation_id": unit.annotation_id})
            for assignment_id, unit in zip(assignment_ids, todo, strict=True)
        ),
        at=now,
    )
    if kept:
        report.notes.append(f"{kept} key point(s) without the usual 'N. ' numbering kept verbatim")
    if stripped:
        report.notes.append(f"{stripped} key point(s): the 'N. ' numbering stored as position")
    return len(labels) + len(topic_rows) + sum(len(facts) for facts in key_points.values())
