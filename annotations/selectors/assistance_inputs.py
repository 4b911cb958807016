"""The round an agreement report compares hints against, and both rounds' sentence labels
(annotations.agreement.assistance).

The counterpart of a round is, unless the admin names one, the most recently created other
round of the same project and kind, open or closed, whose evidence-hint setting is the
opposite and which shares at least one unit with it. Hints are shown only where the scheme
asks for error spans, so a project without spans has no comparison. A fixed number of
queries whatever the rounds' size (docs/agreement.md, "Assisted and unassisted rounds").
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Hashable
from dataclasses import dataclass

from django.db.models import Exists, OuterRef

from annotations.agreement.assistance import ConditionLabels
from annotations.models import (
    Assignment,
    AssignmentStatus,
    EvidenceSpan,
    Round,
    RoundStatus,
    SentenceJudgement,
)

AUTOMATIC, EXPLICIT = "automatic", "explicit"


class AssistanceChoiceError(ValueError):
    """The round named to compare with cannot be compared; the message says why and what
    to pick instead."""


@dataclass(frozen=True, slots=True)
class AssistanceInputs:
    assisted: Round
    unassisted: Round
    chosen: str  # AUTOMATIC or EXPLICIT
    assisted_labels: ConditionLabels
    unassisted_labels: ConditionLabels

    def hash_with(self, digest: str) -> str:
        """The report's inputs hash extended with both rounds' labels, so a report that
        compares is stale when either round's labels, or the choice of counterpart, change."""
        encoded = json.dumps(
            [
                digest,
                self.assisted.pk,
                self.unassisted.pk,
                self.chosen,
                [_plain(self.assisted_labels), _plain(self.unassisted_labels)],
            ],
            sort_keys=True,
        )
        return hashlib.sha256(encoded.encode()).hexdigest()


def _plain(condition: ConditionLabels) -> list[object]:
    return [
        [[str(s), dict(by_rater)] for s, by_rater in condition.labels.items()],
        None
        if condition.evidence is None
        else [
            [str(s), {r: list(t) for r, t in cited.items()}]
            for s, cited in condition.evidence.items()
        ],
    ]


def assistance_counterpart(*, round: Round, compare: int | None = None) -> Round | None:
    """The round to compare ``round`` with: ``compare`` when given (checked; an unusable
    choice raises ``AssistanceChoiceError``), else the automatic choice (module docstring),
    else None."""
    project = round.project
    shares_a_unit = Exists(
        Assignment.objects.filter(
            round_id=OuterRef("pk"),
            topic_id__in=Assignment.objects.filter(round=round).values("topic_id"),
        )
    )
    if compare is None:
        if not project.ask_error_spans:
            return None
        return (
            Round.objects.filter(
                project=project,
                kind=round.kind,
                status__in=[RoundStatus.OPEN, RoundStatus.CLOSED],
                evidence_hints=not round.evidence_hints,
            )
            .exclude(pk=round.pk)
            .filter(shares_a_unit)
            .order_by("-created_at", "-pk")
            .first()
        )
    if not project.ask_error_spans:
        raise AssistanceChoiceError(
            "This project does not ask for error spans, so no round showed evidence hints:"
            " there is nothing to compare."
        )
    other = (
        Round.objects.filter(project=project, pk=compare)
        .annotate(shares_a_unit=shares_a_unit)
        .first()
    )
    if other is None:
        raise AssistanceChoiceError(f"Round {compare} is not a round of this project.")
    if other.pk == round.pk:
        raise AssistanceChoiceError("Pick another round to compare with, not this one.")
    if other.evidence_hints == round.evidence_hints:
        shown = "shows" if round.evidence_hints else "hides"
        raise AssistanceChoiceError(
            f"“{other.name}” {shown} evidence hints like this round; pick a round with hints"
            f" {'off' if round.evidence_hints else 'on'}."
        )
    if not other.shares_a_unit:
        raise AssistanceChoiceError(
            f"“{other.name}” shares no unit with this round; pick a round over the same units."
        )
    return other


def assistance_inputs(*, round: Round, compare: int | None = None) -> AssistanceInputs | None:
    """Both rounds' labels for the comparison, or None when there is no counterpart."""
    other = assistance_counterpart(round=round, compare=compare)
    if other is None:
        return None
    assisted, unassisted = (round, other) if round.evidence_hints else (other, round)
    evidence = round.project.ask_evidence
    return AssistanceInputs(
        assisted=assisted,
        unassisted=unassisted,
        chosen=AUTOMATIC if compare is None else EXPLICIT,
        assisted_labels=condition_labels(round=assisted, evidence=evidence),
        unassisted_labels=condition_labels(round=unassisted, evidence=evidence),
    )


def condition_labels(*, round: Round, evidence: bool) -> ConditionLabels:
    """The sentence labels of a round's submitted assignments of people, by sentence and
    annotator, and with ``evidence`` the turns each flagger cites: two queries."""
    submitted = {
        "assignment__round": round,
        "assignment__annotator__isnull": False,
        "assignment__status": AssignmentStatus.SUBMITTED,
    }
    # Keyed as ConditionLabels is (Mapping keys are invariant): the sentence ids.
    labels: dict[Hashable, dict[str, str]] = defaultdict(dict)
    for sentence_id, rater, label in (
        SentenceJudgement.objects.filter(**submitted)
        .exclude(label="")
        .order_by("sentence_id", "assignment__annotator__username")
        .values_list("sentence_id", "assignment__annotator__username", "label")
    ):
        labels[sentence_id][rater] = label
    if not evidence:
        return ConditionLabels(dict(labels))
    cited: dict[tuple[Hashable, str], set[int]] = defaultdict(set)
    for sentence_id, rater, position in EvidenceSpan.objects.filter(
        **{f"error_span__judgement__{key}": value for key, value in submitted.items()},
        error_span__judgement__label="inconsistent",
    ).values_list(
        "error_span__judgement__sentence_id",
        "error_span__judgement__assignment__annotator__username",
        "turn__position",
    ):
        cited[(sentence_id, rater)].add(position)
    # Every flagger has an entry, an empty one when they cited nothing: it still counts
    # among the flaggers whose half decides the condition's evidence.
    flagged: dict[Hashable, dict[str, list[int]]] = {
        sentence_id: {
            rater: sorted(cited[(sentence_id, rater)])
            for rater, label in by_rater.items()
            if label == "inconsistent"
        }
        for sentence_id, by_rater in labels.items()
    }
    return ConditionLabels(dict(labels), {s: f for s, f in flagged.items() if f})
