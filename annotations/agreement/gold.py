"""Gold values and where each came from (docs/review.md, "Gold precedence and provenance").

One rule for every question: an admin's adjudicated value, else a review decision its second
reviewer confirmed, else the raters' vote. A vote is ``single`` (one rater), ``unanimous``
(every rater gave it), ``majority`` (more than any other value) or ``tie`` (the question's tie
rule picked among the most given values). A release built with the ``posterior_mode`` gold rule
replaces the vote by the most probable label under a Dawid-Skene model of the release's raters
(``posterior_mode``; annotations/agreement/dawid_skene.py): adjudicated and reviewed values
still come first. Pure: no Django imports.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

Provenance = Literal[
    "adjudicated", "reviewed", "unanimous", "majority", "tie", "single", "posterior_mode"
]
PROVENANCES: tuple[Provenance, ...] = (
    "adjudicated",
    "reviewed",
    "unanimous",
    "majority",
    "tie",
    "single",
    "posterior_mode",
)
# The gold rules a release may use for sentence labels (docs/releases.md, "Gold labels").
GOLD_RULES = ("majority", "posterior_mode")

T = TypeVar("T", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Gold(Generic[T]):
    """A gold value and its provenance; ``value`` None (and provenance None) when nobody
    answered."""

    value: T | None
    provenance: Provenance | None


NONE: Gold[object] = Gold(None, None)


def _answered(votes: Iterable[T | None]) -> list[T]:
    return [vote for vote in votes if vote is not None and vote != ""]


def voted(votes: Sequence[T | None], *, tie: Callable[[list[T]], T]) -> Gold[T]:
    """The raters' gold: the one answer, the unanimous one, the majority, or the tie rule's
    pick. Unanswered votes (None, "") are not counted, but a rater who did not answer keeps
    an answer from being unanimous."""
    answered = _answered(votes)
    if not answered:
        return Gold(None, None)
    if len(votes) == 1:
        return Gold(answered[0], "single")
    ranked = Counter(answered).most_common()
    best = [value for value, count in ranked if count == ranked[0][1]]
    if len(best) > 1:
        return Gold(tie(best), "tie")
    if ranked[0][1] == len(votes):
        return Gold(best[0], "unanimous")
    return Gold(best[0], "majority")


def decided(
    votes: Sequence[T | None],
    *,
    tie: Callable[[list[T]], T],
    adjudicated: T | None = None,
    reviewed: T | None = None,
) -> Gold[T]:
    """The gold of one question by precedence: adjudicated > reviewed > the vote."""
    if adjudicated is not None and adjudicated != "":
        return Gold(adjudicated, "adjudicated")
    if reviewed is not None and reviewed != "":
        return Gold(reviewed, "reviewed")
    return voted(votes, tie=tie)


def types_by_count(type_sets: Sequence[Iterable[T]], *, min_count: int) -> tuple[T, ...]:
    """The types at least ``min_count`` of the raters chose (AggreFact counts a type only when
    more than one annotator marked it: ``min_count`` 2), in the order first given. With fewer
    raters than ``min_count`` the bar is all of them: one rater's types are theirs."""
    if not type_sets:
        return ()
    counts: Counter[T] = Counter()
    order: dict[T, None] = {}
    for chosen in type_sets:
        for type_ in dict.fromkeys(chosen):
            counts[type_] += 1
            order.setdefault(type_, None)
    bar = min(min_count, len(type_sets))
    return tuple(type_ for type_ in order if counts[type_] >= bar)


def posterior_mode(posterior: float | None, *, tie: Callable[[list[str]], str]) -> Gold[str] | None:
    """The gold sentence label under a latent-class model: the more probable of consistent
    and inconsistent given ``posterior`` = P(inconsistent); an exact 0.5 goes to the tie
    rule. None when the sentence has no posterior (nobody labelled it)."""
    if posterior is None:
        return None
    if posterior == 0.5:
        return Gold(tie(["consistent", "inconsistent"]), "posterior_mode")
    return Gold("inconsistent" if posterior > 0.5 else "consistent", "posterior_mode")
