"""The fact layers of the adjudication screen (docs/review.md, "Key facts and atomic facts"):
every annotator's key-fact list with their alignments, and every annotator's atomic facts
with their verdicts, side by side, under the admin's adjudication assignment's handles, so
the admin can copy one into their own sheet in one save.

Which list a release would take as gold follows the release's rule for one round
(``selectors/release_facts.py``, docs/completeness.md "Releases"): the admin's adjudicated
sheet, else the given list or ACUs the raters verified, else the first rater's (by
assignment) who wrote any. Raters are named as everywhere on this screen (admins only);
summaries and sentences travel as handles, never as ids or systems."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from annotations.handles import encode_many
from annotations.kinds import ATOMIC_FACTS, KEY_FACTS
from annotations.kinds.blinding import children_out
from annotations.kinds.rows import saved_states
from annotations.models import Assignment, AssignmentStatus, AtomicFact, Round


def _gold_source(
    mine: list[dict[str, Any]] | None, lists: list[dict[str, Any]]
) -> dict[str, str | None]:
    """Where a release's gold list comes from in this unit, and whose it is when written."""
    if mine:
        return {"rule": "adjudicated", "rater": None}
    given = next((entry for entry in lists if entry["given"]), None)
    if given is not None:
        return {"rule": "given", "rater": None}
    written = next((entry for entry in lists if entry["facts"]), None)
    if written is not None:
        return {"rule": "written", "rater": written["rater"]}
    return {"rule": None, "rater": None}


def fact_answers(
    *,
    assignment: Assignment,
    round: Round | None,
    handles: Mapping[str, dict[int, str]],
    own: Mapping[str, list[dict[str, Any]]],
) -> dict[str, Any]:
    """``key_facts``: every rater's list (``facts`` in the shape of a key-fact save, ``given``
    dropped: an adjudicated list is written in the admin's own sheet) and the gold source;
    ``atomic_facts``: summary handle -> every rater's facts and verdicts, and the gold source.
    ``handles``: the admin assignment's summary, sentence and given-ACU handles by id
    (``given_acus``); ``own``: the
    admin's saved states by kind. Two queries (the raters, their states), whatever the size."""
    raters: list[tuple[int, str]] = (
        list(
            Assignment.objects.filter(
                round=round,
                topic_id=assignment.topic_id,
                annotator__isnull=False,
                status=AssignmentStatus.SUBMITTED,
            )
            .order_by("id")
            .values_list("id", "annotator__username")
        )
        if round is not None
        else []
    )
    states = saved_states((KEY_FACTS, ATOMIC_FACTS), [pk for pk, _ in raters])

    def encoded(kind_key: str, state: dict[str, Any]) -> dict[str, Any]:
        kind = KEY_FACTS if kind_key == KEY_FACTS.key else ATOMIC_FACTS
        return children_out(kind, state, lambda handle_kind, pk: handles[handle_kind][pk])

    lists: list[dict[str, Any]] = []
    atomic: dict[str, list[dict[str, Any]]] = {handle: [] for handle in handles["summary"].values()}
    for pk, rater in raters:
        by_kind = states.get(pk, {})
        sheet = next(iter(by_kind.get(KEY_FACTS.key, [])), None)
        facts = encoded(KEY_FACTS.key, sheet)["facts"] if sheet is not None else []
        lists.append(
            {
                "rater": rater,
                "given": any(fact["given"] is not None for fact in facts),
                "facts": [{**fact, "given": None} for fact in facts],
            }
        )
        for acu_sheet in by_kind.get(ATOMIC_FACTS.key, []):
            summary = handles["summary"].get(acu_sheet["summary"])
            if summary is not None and acu_sheet["facts"]:
                atomic[summary].append(
                    {"rater": rater, "facts": encoded(ATOMIC_FACTS.key, acu_sheet)["facts"]}
                )
    own_list = next(iter(own.get(KEY_FACTS.key, [])), None)
    own_acus = {
        handles["summary"][sheet["summary"]]: sheet["facts"]
        for sheet in own.get(ATOMIC_FACTS.key, [])
        if sheet["summary"] in handles["summary"]
    }
    return {
        "key_facts": {
            "lists": lists,
            "gold": _gold_source(own_list["facts"] if own_list else None, lists),
        },
        "atomic_facts": {
            summary: {
                "answers": answers,
                "gold": _gold_source(
                    own_acus.get(summary),
                    [
                        {
                            "rater": answer["rater"],
                            "facts": answer["facts"],
                            "given": any(f["given"] is not None for f in answer["facts"]),
                        }
                        for answer in answers
                    ],
                ),
            }
            for summary, answers in atomic.items()
        },
    }


def given_acus(*, assignment: Assignment, summary_ids: list[int]) -> dict[int, str]:
    """The given ACUs of these summaries by id -> the admin assignment's handle (for the
    admin's own atomic facts that copy one)."""
    ids = list(AtomicFact.objects.filter(given_for_id__in=summary_ids).values_list("id", flat=True))
    return dict(zip(ids, encode_many(assignment.pk, "acu", ids), strict=True))
