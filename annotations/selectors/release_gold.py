"""How a release decides its gold labels (annotations/agreement/gold.py, docs/review.md).

An admin's adjudicated value first, then a review decision a second reviewer confirmed,
then the vote of the annotators in the chosen rounds (unanimous, majority, a tie rule, or
the single annotation), each with its provenance. A tie on a sentence label resolves to
*inconsistent* (a possible error is kept for review rather than dropped); a tie on the
topic category to the less central category. Gold error types are an admin's or a
review's, else an error-typing round's, else those at least ``type_min_count`` of the
flaggers chose. The tie rules are defined once (``TIE_RULES``) so the dataset card that
states them cannot drift from the code that applies them. No queries here: the rules read
a chunk's fetched rows.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from annotations.agreement.gold import Gold, Provenance, posterior_mode, types_by_count, voted
from annotations.formats.writers.rows import AnnotatorSentence, Label, SentenceRow
from annotations.models import ReviewOutcome
from annotations.selectors.release_fetch import _Fetched

CATEGORY_ORDER = ("main", "marginal", "irrelevant")
RELEVANCE_BINS = {1: 0, 2: 0, 3: 1, 4: 1, 5: 1}


@dataclass(frozen=True, slots=True)
class TieRule:
    """How a majority vote with a tie is decided: the rule as the dataset card states it,
    and the function that applies it (one definition, so the card cannot drift)."""

    question: str
    rule: str
    pick: Callable[[list[Any]], Any]


TIE_RULES: dict[str, TieRule] = {
    "sentence_label": TieRule(
        "sentence label",
        "a tie counts as inconsistent (a possible error is kept for review, not dropped)",
        lambda tied: "inconsistent",
    ),
    "topic_category": TieRule(
        "topic category",
        "a tie goes to the less central category (main, then marginal, then irrelevant)",
        lambda tied: max(tied, key=CATEGORY_ORDER.index),
    ),
    "not_a_summary": TieRule("not a summary", "a tie counts as not a summary", lambda tied: True),
    "relevance_binary": TieRule(
        "binary relevance",
        "a tie between {1,2} and {3,4,5} counts as relevant (1); without the mapping,"
        " relevance is the mean of the ratings and has no ties",
        lambda tied: 1,
    ),
}


def tie_rules(*, binary_relevance: bool) -> dict[str, str]:
    """The tie rules a release's gold labels use, by question, as the card states them."""
    return {
        key: f"{rule.question}: {rule.rule}"
        for key, rule in TIE_RULES.items()
        if key != "relevance_binary" or binary_relevance
    }


@dataclass(frozen=True, slots=True)
class _Decided:
    """A sentence's gold label decided above the vote, with its types when they were decided
    too (None: the flaggers' types by the count rule)."""

    label: Label
    provenance: Provenance
    types: tuple[int, ...] | None


def _typed_sentences(fetched: _Fetched) -> dict[int, tuple[int, ...]]:
    """sentence id -> the gold types its error-typing round gives it: those at least the
    round's ``type_min_count`` of its annotators chose (docs/review.md)."""
    types_of: dict[int, list[int]] = defaultdict(list)
    for typing_id, type_id in fetched.typing_types:
        types_of[typing_id].append(type_id)
    sets: dict[int, list[list[int]]] = defaultdict(list)
    bar: dict[int, int] = {}
    for typing_id, sentence_id, min_count in fetched.typings:
        sets[sentence_id].append(sorted(types_of[typing_id]))
        bar[sentence_id] = min_count
    return {
        sentence_id: types_by_count(chosen, min_count=bar[sentence_id])
        for sentence_id, chosen in sets.items()
    }


def _decided_sentences(fetched: _Fetched) -> dict[int, _Decided]:
    """sentence id -> its gold label decided above the vote: an admin's, else confirmed
    review decisions that agree. Two confirmed decisions that conflict (one a false
    positive, one an error) cancel each other: the vote decides, as without review."""
    types_of: dict[int, list[int]] = defaultdict(list)
    for decision_id, type_id in fetched.decision_types:
        types_of[decision_id].append(type_id)
    reviewed: dict[int, set[tuple[str, tuple[int, ...] | None]]] = defaultdict(set)
    for sentence_id, decision, decision_id in fetched.decisions:
        if decision == ReviewOutcome.FALSE_POSITIVE:
            reviewed[sentence_id].add(("consistent", None))
        elif decision == ReviewOutcome.TYPES_CHANGED:
            reviewed[sentence_id].add(("inconsistent", tuple(sorted(types_of[decision_id]))))
        else:
            reviewed[sentence_id].add(("inconsistent", None))
    decided = {
        sentence_id: _Decided(cast(Label, label), "reviewed", types)
        for sentence_id, outcomes in reviewed.items()
        if len({label for label, _ in outcomes}) == 1
        # Confirmed with the flaggers' types by one reviewer, changed by another: the change.
        for label, types in [max(outcomes, key=lambda outcome: outcome[1] is not None)]
    }
    adjudicated_types: dict[int, list[int]] = defaultdict(list)
    for judgement_id, type_id in fetched.adjudicated.types:
        adjudicated_types[judgement_id].append(type_id)
    for sentence_id, label, judgement_id in fetched.adjudicated.sentences:
        decided[sentence_id] = _Decided(
            cast(Label, label), "adjudicated", tuple(sorted(adjudicated_types[judgement_id]))
        )
    return decided


@dataclass(frozen=True, slots=True)
class _TypeRule:
    """How a sentence's gold error types are chosen: by count among the flaggers, or the
    decided type ids named (``names``: type id -> (name, unified code))."""

    min_count: int
    names: dict[int, tuple[str, str]]
    code_of: dict[str, str]
    # sentence id -> the types an error-typing round gave it (type ids)
    typed: dict[int, tuple[int, ...]]


def _gold_sentence(
    row: tuple[int, int, int, int | None, str, int],
    judged: list[AnnotatorSentence],
    adjudicated: _Decided | None,
    *,
    covers: bool | None,
    rule: _TypeRule,
    posterior: float | None = None,
    by_posterior: bool = False,
) -> SentenceRow:
    """A sentence (its database row) with its gold label and the label's provenance: an
    admin's, else a confirmed review's, else the raters' vote (a tie is inconsistent); the
    explanations and spans of those who flagged it when the gold label is inconsistent, and
    its types: an admin's or a review's, else an error-typing round's, else those at least
    ``rule.min_count`` of the flaggers chose. ``judged``
    has one entry per rater (unanswered ones included)."""
    _, _, position, source_index, text, start = row
    flags = sum(j.label == "inconsistent" for j in judged)
    answered = sum(j.label is not None for j in judged)
    votes = (answered - flags, flags) if answered else None
    modelled = (
        posterior_mode(posterior, tie=TIE_RULES["sentence_label"].pick)
        if by_posterior and adjudicated is None
        else None
    )
    gold: Gold[Any] = (
        Gold(adjudicated.label, adjudicated.provenance)
        if adjudicated is not None
        else modelled
        if modelled is not None
        else voted([j.label for j in judged], tie=TIE_RULES["sentence_label"].pick)
    )
    label = cast("Label | None", gold.value)
    if label != "inconsistent":
        return SentenceRow(
            position,
            text,
            source_index=source_index,
            start=start,
            label=label,
            covers_key_fact=covers,
            provenance=gold.provenance,
            votes=votes,
            posterior=posterior,
        )
    flagged = [j for j in judged if j.label == "inconsistent"]
    decided_types = (
        adjudicated.types
        if adjudicated is not None and adjudicated.types is not None
        else rule.typed.get(row[0])
    )
    if decided_types is not None:
        names = tuple(rule.names[pk][0] for pk in decided_types if pk in rule.names)
    else:
        names = types_by_count([j.error_types for j in flagged], min_count=rule.min_count)
    return SentenceRow(
        position,
        text,
        source_index=source_index,
        start=start,
        label="inconsistent",
        explanations=tuple(j.explanation for j in flagged if j.explanation),
        error_types=names,
        unified_types=tuple(dict.fromkeys(rule.code_of[name] for name in names)),
        spans=tuple(span for j in flagged for span in j.spans),
        covers_key_fact=covers,
        provenance=gold.provenance,
        votes=votes,
        posterior=posterior,
    )


def _relevance(
    values: list[int | None], *, binary: bool, adjudicated: int | None
) -> tuple[float | None, str | None]:
    """The gold relevance and its provenance: an admin's rating, else the raters' binary
    vote (with the mapping) or their mean. A mean of several ratings is ``unanimous`` when
    they agree and ``majority`` (the raters' aggregate) when they do not."""
    if adjudicated is not None:
        return (
            float(RELEVANCE_BINS[adjudicated]) if binary else float(adjudicated),
            "adjudicated",
        )
    rated = [v for v in values if v is not None]
    if not rated:
        return None, None
    if binary:
        vote = voted([RELEVANCE_BINS[v] for v in rated], tie=TIE_RULES["relevance_binary"].pick)
        return float(cast(int, vote.value)), vote.provenance
    provenance = (
        "single" if len(rated) == 1 else "unanimous" if len(set(rated)) == 1 else "majority"
    )
    return round(sum(rated) / len(rated), 4), provenance
