"""The selection designs of a release's rounds, exported beside the native records
(docs/models-in-the-loop.md, "Choosing what to annotate"; docs/formats/exports.md).

``selection/inclusion.jsonl`` has one line per unit a round drew by evaluators: the round, the
unit's corpus, document and topic (the names native records carry, so the two join), its
first-order inclusion probability and priority. The manifest's ``selection`` holds each such
round's design and its per-system rates weighted back to the units it drew from. Rounds whose
units were not selected add nothing (one query). Two queries, plus nine per selected round."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from annotations.formats.writers.encoding import json_line
from annotations.models import Round, SelectedUnit
from annotations.selectors.weighted_rates import selection_report
from annotations.services.release_archive import ReleaseArchive

FILE = "selection/inclusion.jsonl"


def selection_write(archive: ReleaseArchive, round_ids: Sequence[int]) -> dict[str, Any]:
    """Write the file (when a round was selected) and return the manifest's section."""
    selected = list(
        Round.objects.filter(pk__in=list(round_ids), selection__isnull=False)
        .select_related("project")
        .order_by("name")
    )
    if not selected:
        return {}
    rows = (
        SelectedUnit.objects.filter(selection__round_id__in=list(round_ids))
        .order_by(
            "selection__round__name",
            "topic__document__corpus__slug",
            "topic__document__external_id",
            "topic__position",
        )
        .values_list(
            "selection__round__name",
            "selection__strategy",
            "topic__document__corpus__slug",
            "topic__document__external_id",
            "topic__name",
            "inclusion_probability",
            "priority",
        )
    )
    records = 0
    with archive.entry(FILE) as stream:
        for round_name, strategy, corpus, doc_id, topic, probability, priority in rows.iterator():
            stream.write(
                json_line(
                    {
                        "round": round_name,
                        "strategy": strategy,
                        "corpus": corpus,
                        "doc_id": doc_id,
                        "topic": topic,
                        "inclusion_probability": probability,
                        "priority": priority,
                    }
                )
            )
            records += 1
        stream.records = records
    return {round_.name: selection_report(round_) for round_ in selected}
