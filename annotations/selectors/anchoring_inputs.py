"""The inputs of an assisted round's anchoring figures (annotations/agreement/anchoring.py):
every linguist's final and pre-reveal label, the model's label of each sentence, and each
pair's active seconds. Four queries, whatever the round's size (the model's labels are
read from the run's parts holding the round's summaries)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

import numpy as np

from annotations.agreement.anchoring import LabelRecord, UnitTime
from annotations.formats.corpus_predictions import LABEL_TEXT, NO_LABEL
from annotations.formats.corpus_run_parts import SUMMARY_LEVEL
from annotations.models import (
    Assignment,
    AssignmentStatus,
    Round,
    RoundAssistance,
    SentenceJudgement,
)
from annotations.selectors.corpus_run_records import run_records


@dataclass(frozen=True, slots=True)
class AnchoringInputs:
    labels: list[LabelRecord]
    times: list[UnitTime]

    def hash_with(self, digest: str) -> str:
        """The report's inputs hash with these labels, pre-reveal labels and times too."""
        encoded = json.dumps(
            [
                digest,
                sorted(
                    [str(r.unit), str(r.sentence), r.annotator, r.assisted, r.label, r.pre_reveal]
                    for r in self.labels
                ),
                sorted([str(t.unit), t.annotator, t.assisted, t.seconds] for t in self.times),
            ]
        )
        return hashlib.sha256(encoded.encode()).hexdigest()


def anchoring_inputs(*, round: Round) -> AnchoringInputs | None:
    """None when the round has no assistance."""
    run_id = RoundAssistance.objects.filter(round=round).values_list("run_id", flat=True).first()
    if run_id is None:
        return None
    rows = list(
        SentenceJudgement.objects.filter(
            assignment__round=round, assignment__annotator__isnull=False
        )
        .exclude(label="")
        .values_list(
            "assignment__topic_id",
            "sentence_id",
            "assignment__annotator__username",
            "assignment__assisted",
            "label",
            "pre_reveal_label",
            "sentence__summary_id",
        )
    )
    records = run_records(run_id, summaries={row[-1] for row in rows})
    said = np.flatnonzero(
        (records.sentence != SUMMARY_LEVEL) & ~records.abstain & (records.labels != NO_LABEL)
    )
    model = {
        sentence: LABEL_TEXT[label]
        for sentence, label in zip(
            records.sentence[said].tolist(), records.labels[said].tolist(), strict=True
        )
    }
    labels = [
        LabelRecord(
            unit=topic,
            sentence=sentence,
            annotator=username,
            assisted=assisted,
            label=label,
            pre_reveal=pre_reveal if assisted else "",
            model=model.get(sentence, ""),
        )
        for topic, sentence, username, assisted, label, pre_reveal, _ in rows
    ]
    times = [
        UnitTime(unit=topic, annotator=username, assisted=assisted, seconds=float(seconds))
        for topic, username, assisted, seconds in Assignment.objects.filter(
            round=round, annotator__isnull=False, status=AssignmentStatus.SUBMITTED
        ).values_list("topic_id", "annotator__username", "assisted", "active_seconds")
    ]
    return AnchoringInputs(labels=labels, times=times)
