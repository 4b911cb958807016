"""What a judgement kind is: the one description every layer reads (docs/kinds.md).

A kind names its model, the target it judges (a sentence, a summary, or the unit itself),
its scalar fields and id sets, the scheme switches that ask for it, and its completion rule.
From this the save pipeline (``kinds.pipeline``) generates its statements, the payload reads
its saved states (``kinds.states``), and submit and the queue decide what is done.

A kind's *state* is the dict the API returns and the audit trail keeps: the target's id
under the target's name (none for the unit), then the scalars, id sets and child
collections in the order the spec lists them, then ``version``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, cast

from django.db import models

TargetName = Literal["sentence", "summary", "unit"]
HandleKind = Literal["summary", "sentence", "acu", "explanation"]

# What a completion rule sees: the saved state (None: never saved) and the project's scheme
# (``Project.scheme``: question key -> asked). It returns the missing items' keys, in the
# order a linguist should answer them; empty when the kind is done for that target.
MissingRule = Callable[[Mapping[str, Any] | None, Mapping[str, bool]], list[str]]


@dataclass(frozen=True, slots=True)
class IdSet:
    """A many-to-many field of the judgement (error types): saved as a sorted list of ids."""

    name: str
    noun: str  # what one id names, for messages ("error type")
    # Which ids an assignment may use: a function of the locked assignment (its project's
    # taxonomy, its round's kind and frozen taxonomy version) and the ids sent, returning
    # the unknown ones (sorted); the pipeline refuses a save that names any.
    unknown: Callable[[Any, list[int]], list[int]]


@dataclass(frozen=True, slots=True, eq=False)
class Child:
    """Rows under a judgement (error spans) or under another child (a span's evidence),
    saved as a whole: a save that names the collection replaces its rows. In the state it is
    a list of objects with ``fields`` (a foreign key by its id), then the nested children,
    ordered by ``order_by``."""

    name: str  # its key in the state
    model: type[models.Model]
    parent: str  # the foreign key to the judgement or parent child, e.g. "judgement"
    fields: tuple[str, ...]
    order_by: tuple[str, ...]
    children: tuple[Child, ...] = ()
    # The scheme key that asks for it (empty: always). Where the scheme does not ask, the
    # collection is not read (the state shows it empty) and a save naming it is refused.
    asked_by: str = ""
    # Fields naming a summary or sentence (by id here, by this assignment's handle in the
    # API and payload: annotations/kinds/blinding.py), with the handle kind of each.
    handles: tuple[tuple[str, HandleKind], ...] = ()


class Unit(Protocol):
    """What a kind's check knows of the locked assignment (``LockedAssignment``)."""

    @property
    def topic_id(self) -> int: ...
    @property
    def taxonomy_id(self) -> int: ...
    @property
    def key_fact_source(self) -> str: ...
    @property
    def given_atomic_facts(self) -> bool: ...
    @property
    def scheme(self) -> dict[str, bool]: ...
    @property
    def round_id(self) -> int: ...
    @property
    def round_kind(self) -> str: ...


def unit_memo(unit: Unit, key: str, compute: Callable[[], Any]) -> Any:
    """``compute()`` once per locked assignment (its ``memo``, kept for one transaction):
    what a check reads of the unit that no save changes (its sentences' and turns' lengths,
    its taxonomy's types), so a batch of N span saves reads it once, not N times."""
    memo: dict[str, Any] | None = getattr(unit, "memo", None)
    if memo is None:
        return compute()
    if key not in memo:
        memo[key] = compute()
    return memo[key]


# What a kind's own check sees: the locked assignment (its unit, taxonomy and round modes),
# the target's id, and the changes; it returns error messages by field (empty: valid). It
# runs in the save's transaction, after the lock, only for saves that change a child
# collection.
Check = Callable[[Unit, int | None, Mapping[str, Any]], dict[str, list[str]]]

# Completes a save's changes from the database under the lock (the second reviewer's verdict
# names the decision's current version), or refuses it with ``InvalidJudgement``; runs on
# every save of the kind, before the version check.
Prepare = Callable[[Unit, int | None, Mapping[str, Any]], dict[str, Any]]

# For a unit kind whose answer concerns every summary (key facts aligned to each): the
# missing items of one summary (its id in the server, its handle in the workspace).
MissingInSummary = Callable[[Mapping[str, Any] | None, Any, Mapping[str, bool]], list[str]]


# Compared and hashed by identity: a kind is one object, and statements are cached per kind.
@dataclass(frozen=True, slots=True, eq=False)
class Kind:
    key: str  # the kind's name in URLs and fixtures/kinds/
    payload_key: str  # its key in the workspace payload's ``judgements``
    model: type[models.Model]
    target: TargetName
    scalars: tuple[str, ...]
    id_sets: tuple[IdSet, ...] = ()
    children: tuple[Child, ...] = ()
    # Validation that needs the database (a span inside its sentence, evidence in a turn of
    # the unit's dialogue): see ``Check``.
    check: Check | None = None
    # The scheme keys (``Project.scheme``) that ask for this kind; any one switched on does.
    asked_by: tuple[str, ...] = ()
    # None: an optional answer, never missing and not counted in a unit's progress.
    missing: MissingRule | None = None
    # A unit kind's per-summary completion rule (see ``MissingInSummary``); submit places
    # its items under each summary.
    missing_in_summary: MissingInSummary | None = None
    # Whether a save records the round's guideline version on the row.
    stamps_guideline: bool = False
    # Judges only the items (``RoundItem``) of a review or error-typing round, and is answered
    # only there (docs/review.md); a save on another sentence is "not in the unit".
    items_only: bool = False
    prepare: Prepare | None = None
    # What a linguist is told for each missing item key ("choose consistent or ...").
    messages: Mapping[str, str] = field(default_factory=dict)

    @property
    def audit_kind(self) -> str:
        """The ``JudgementChange.kind`` of this kind's rows: the model's name."""
        return self.model._meta.model_name or self.key

    @property
    def target_field(self) -> str | None:
        """The judgement's foreign key to its target (None: the unit, the assignment)."""
        return None if self.target == "unit" else f"{self.target}_id"

    def empty_state(self) -> dict[str, Any]:
        """The state of a target never saved, with the model's defaults (version 0)."""
        state: dict[str, Any] = {}
        for name in self.scalars:
            model_field = cast("models.Field[Any, Any]", self.model._meta.get_field(name))
            state[name] = None if model_field.null else model_field.get_default()
        for id_set in self.id_sets:
            state[id_set.name] = []
        for child in self.children:
            state[child.name] = []
        state["version"] = 0
        return state

    def children_in(self, scheme: Mapping[str, bool] | None) -> tuple[Child, ...]:
        """The child collections the scheme asks for (all of them without a scheme)."""
        return tuple(
            child
            for child in self.children
            if scheme is None or not child.asked_by or scheme.get(child.asked_by, False)
        )

    def is_asked(self, scheme: Mapping[str, bool]) -> bool:
        return not self.asked_by or any(scheme.get(key, False) for key in self.asked_by)

    def missing_items(
        self, state: Mapping[str, Any] | None, scheme: Mapping[str, bool]
    ) -> list[str]:
        """What is still to answer for one target: nothing when the scheme does not ask."""
        if self.missing is None or not self.is_asked(scheme):
            return []
        return self.missing(state, scheme)

    def message(self, item: str) -> str:
        """What a linguist is told for a missing item; an item ``key:n`` fills ``{0}`` with
        n ("say whether it states key fact 3")."""
        key, _, number = item.partition(":")
        return self.messages[key].format(number)

    @property
    def counts_toward_progress(self) -> bool:
        return self.missing is not None
