"""Assisted against unassisted: do evidence hints change the labels?

Two rounds label the same units, one with evidence hints shown (assisted) and one without
(unassisted). They are compared on the **shared sentences**, those labelled in both. Each
round is a *condition*; its label for a sentence is the majority of its raters' labels (the
label a release would publish when nobody adjudicated), and a tie has no label, so the
sentence is left out of the between-condition figures (``n_compared`` counts the rest).

- the label distribution of each condition: the share of its raters' labels on the shared
  sentences that say inconsistent (every label counts, so a tie still counts);
- how often the two conditions' labels differ, with a bootstrap interval (one minus the
  percent agreement of the two label rows);
- Cohen's kappa between the conditions' labels, with its interval, and their confusion
  matrix (rows: with hints), which shows in which direction labels move;
- each condition's own agreement between its raters on the shared sentences, as the round's
  report gives it (Cohen's kappa for two raters, ...), when a condition has two raters;
- with evidence in the scheme, turn F1 between the conditions' evidence on the sentences
  both label inconsistent. A condition's evidence for a sentence is the turns cited by at
  least half of its raters who flagged it (all of them for one or two flaggers).

Pure: plain mappings in, a JSON-ready dict out (docs/agreement.md, "Assisted and unassisted
rounds"). Intervals use the report's bootstrap (same resamples and seed).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from annotations.agreement.cohen import cohen_kappa, confusion_matrix
from annotations.agreement.percent import percent_agreement
from annotations.agreement.report import (
    N_RESAMPLES,
    SEED,
    SMALL_N,
    QuestionInput,
    bootstrap_interval,
    computed_or_note,
    majority_label,
    question_report,
    round_figure,
)
from annotations.agreement.span_agreement import evidence_agreement

CATEGORIES = ("consistent", "inconsistent")
# The names the two conditions go by in evidence units (any two distinct names would do).
ASSISTED, UNASSISTED = "with hints", "without hints"


@dataclass(frozen=True, slots=True)
class ConditionLabels:
    """One round's labels. ``labels``: sentence -> rater -> "consistent"/"inconsistent"
    (only the labels given). ``evidence``: sentence -> rater -> turns cited, for every rater
    who labelled the sentence inconsistent (an empty list when they cited none); ``None``
    when the scheme does not ask for evidence."""

    labels: Mapping[Hashable, Mapping[str, str]]
    evidence: Mapping[Hashable, Mapping[str, Sequence[int]]] | None = None


def compare_conditions(assisted: ConditionLabels, unassisted: ConditionLabels) -> dict[str, Any]:
    """The comparison of an assisted and an unassisted round (module docstring)."""
    shared = [s for s in assisted.labels if s in unassisted.labels]
    section: dict[str, Any] = {
        "n_sentences": len(shared),
        "n_compared": 0,
        "small_n": True,
        "conditions": [_condition(True, assisted, shared), _condition(False, unassisted, shared)],
        "differ": None,
        "kappa": None,
        "confusion": None,
        "evidence": None,
        "note": None,
    }
    if not shared:
        section["note"] = "No sentence has labels in both rounds yet."
        return section
    majorities = {
        s: (
            majority_label(list(assisted.labels[s].values())),
            majority_label(list(unassisted.labels[s].values())),
        )
        for s in shared
    }
    compared = [s for s in shared if None not in majorities[s]]
    section.update(n_compared=len(compared), small_n=len(compared) < SMALL_N)
    if not compared:
        section["note"] = "No shared sentence has a majority label in both rounds (all ties)."
        return section
    with_hints = [majorities[s][0] for s in compared]
    without = [majorities[s][1] for s in compared]
    agreement = bootstrap_interval(percent_agreement, [with_hints, without], categories=CATEGORIES)
    low, high = agreement["ci"]
    # Differing is the complement of agreeing: the interval's ends swap.
    section["differ"] = {
        "value": round_figure(1 - agreement["value"]),
        "ci": [round_figure(1 - high), round_figure(1 - low)],
    }
    kappa, _ = computed_or_note(
        lambda: bootstrap_interval(cohen_kappa, with_hints, without, labels=CATEGORIES)
    )
    if kappa is None:
        section["note"] = (
            f"Kappa between the rounds is undefined: every compared sentence is {with_hints[0]}"
            " in both, so there is no disagreement to expect by chance."
        )
    else:
        section["kappa"] = {"name": "Cohen's kappa", **kappa}
    table = confusion_matrix(with_hints, without, labels=CATEGORIES)
    section["confusion"] = {"labels": list(CATEGORIES), "counts": table.counts.tolist()}
    if assisted.evidence is not None and unassisted.evidence is not None:
        flagged = [s for s in compared if majorities[s] == ("inconsistent", "inconsistent")]
        section["evidence"] = _evidence(assisted.evidence, unassisted.evidence, flagged)
    return section


def _condition(hints: bool, condition: ConditionLabels, shared: list[Hashable]) -> dict[str, Any]:
    """A condition's label distribution and its raters' agreement on the shared sentences."""
    given = [label for s in shared for label in condition.labels[s].values()]
    inconsistent = sum(label == "inconsistent" for label in given)
    raters = sorted({rater for s in shared for rater in condition.labels[s]})
    report = question_report(
        QuestionInput(
            "sentence_consistency",
            "Sentence consistency",
            "nominal",
            raters,
            [[condition.labels[s].get(rater) for s in shared] for rater in raters],
            categories=list(CATEGORIES),
        ),
        target=None,
    )
    return {
        "hints": hints,
        "n_raters": len(raters),
        "n_labels": len(given),
        "n_inconsistent": inconsistent,
        "share_inconsistent": round_figure(inconsistent / len(given)) if given else None,
        # Reused as the round's report computes it: Cohen, Fleiss or alpha, with its interval.
        "agreement": report["coefficient"],
        "agreement_n_units": report["n_units"],
        "agreement_note": report["note"] if report["coefficient"] is None else None,
    }


def condition_evidence(cited: Mapping[str, Sequence[int]]) -> list[int]:
    """A condition's evidence for a sentence: the turns at least half of its flaggers cite.

    Half, not a strict majority: two flaggers citing different turns keep both (a strict
    majority would keep neither and read as "no evidence")."""
    counts = Counter(turn for turns in cited.values() for turn in set(turns))
    return sorted(turn for turn, n in counts.items() if 2 * n >= len(cited))


def _evidence(
    assisted: Mapping[Hashable, Mapping[str, Sequence[int]]],
    unassisted: Mapping[Hashable, Mapping[str, Sequence[int]]],
    flagged: list[Hashable],
) -> dict[str, Any] | None:
    units = [
        {
            ASSISTED: condition_evidence(assisted.get(s, {})),
            UNASSISTED: condition_evidence(unassisted.get(s, {})),
        }
        for s in flagged
    ]
    if not units:
        return None
    result = evidence_agreement(units, n_resamples=N_RESAMPLES, seed=SEED)
    return {
        "name": "turn F1",
        "value": round_figure(result.value),
        "ci": [round_figure(result.ci[0]), round_figure(result.ci[1])],
        "n_units": len(units),
    }
