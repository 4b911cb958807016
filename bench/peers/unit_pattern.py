"""A fully judged unit as a linguist makes it, and the requests each tool's frontend sends for it.

A unit is one dialogue with its topic and five summaries (~17.5 sentences): the topic's
category, per sentence a label (a fifth inconsistent, with an explanation typed key by key
and one or two error types), per summary its relevance. ``timeline`` lays a linguist's
changes out in time (reading, clicking, typing, pausing; the constants below), and each tool's
frontend rules turn those changes into requests:

- ours (frontend/src/workspace/saveQueue.ts with sendBatch and the summary groups of
  useWorkspaceSaving.ts): the workspace payload; then changes wait and leave together in one
  ``POST …/batch/`` when a change concerns another summary than the waiting ones (the topic
  is a part of its own), after ``OURS_IDLE_S`` without a change, and before submit (flushAll);
  then ``POST …/submit/``.
- Label Studio: its editor loads the task (GET) and submits the whole annotation (POST) once.
- Potato (potato/static/annotation.js, 2.12.1): one instance per summary; the page (GET
  /annotate); a save of the instance's whole answer set (POST /updateinstance) 500 ms after a
  click and 1 s + 500 ms after the last keystroke (its two debounces); its interaction
  tracker's POST for every 5 s window with events; "Next": a save, POST /annotate.

Pure (no server, no Django): tests/test_bench_peers_pattern.py checks it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

# The linguist's pace, in seconds (uniform ranges). Reading a sentence against the dialogue
# before its label takes longer than the save queue's idle time, so consistent sentences are
# each saved on their own; an inconsistent sentence's label, explanation and types go together
# unless the linguist pauses while typing.
READ_DIALOGUE_S = (10.0, 30.0)  # before the first judgement (the topic's category)
READ_SENTENCE_S = (2.0, 5.0)  # before each sentence's label
START_TYPING_S = (0.5, 1.5)  # from an inconsistent label to the explanation's first key
KEY_S = (0.12, 0.3)  # between two keystrokes
PAUSE_SHARE = 0.3  # explanations with one pause to think, mid-way
PAUSE_S = (2.0, 4.0)
TYPE_CLICK_S = (0.6, 1.5)  # to each error type, after the explanation
RELEVANCE_S = (1.5, 4.0)  # after a summary's last sentence
SUBMIT_S = (1.0, 3.0)

INCONSISTENT_SHARE = 0.2
OURS_IDLE_S = 1.5  # saveQueue.ts BATCH_IDLE_MS
POTATO_CLICK_S = 0.5  # annotation.js: autosave 500 ms after a change
POTATO_KEY_S = 1.5  # annotation.js: 1 s input debounce, then the 500 ms autosave
POTATO_TRACK_S = 5.0  # interaction_tracker.js flushInterval

EXPLANATIONS = (
    "The dialogue never says this.",
    "The speaker said the opposite about the schedule.",
    "The summary attributes the decision to the wrong person.",
    "Stated as a fact, but it is only one guest's opinion in the dialogue.",
    "The number does not appear anywhere in the dialogue.",
)


@dataclass(frozen=True, slots=True)
class SentencePlan:
    label: str  # consistent | inconsistent
    explanation: str = ""
    types: tuple = ()  # error type ids (ours) or names (the peers)


@dataclass(frozen=True, slots=True)
class UnitPlan:
    """What the linguist will answer: per summary its sentences' answers and its relevance."""

    summaries: tuple[tuple[SentencePlan, ...], ...]
    relevance: tuple[int, ...]
    category: str

    @property
    def sentences(self) -> int:
        return sum(len(s) for s in self.summaries)


def plan_unit(rng: random.Random, sentence_counts: list[int], error_types: list) -> UnitPlan:
    summaries = []
    for count in sentence_counts:
        sentences = []
        for _ in range(count):
            if rng.random() < INCONSISTENT_SHARE:
                types = tuple(rng.sample(error_types, k=min(len(error_types), rng.randint(1, 2))))
                sentences.append(SentencePlan("inconsistent", rng.choice(EXPLANATIONS), types))
            else:
                sentences.append(SentencePlan("consistent"))
        summaries.append(tuple(sentences))
    return UnitPlan(
        summaries=tuple(summaries),
        relevance=tuple(rng.randint(1, 5) for _ in sentence_counts),
        category=rng.choice(("main", "marginal", "irrelevant")),
    )


@dataclass(frozen=True, slots=True)
class Change:
    """One change on screen: a click, or a keystroke (``typing``) that leaves a field at
    ``value``. ``item`` is ``topic``, ``summary:I`` or ``sentence:I:J`` (summary I, sentence J),
    ``summary`` the summary on screen (-1: the topic, before any)."""

    at: float
    item: str
    field: str
    value: object
    summary: int
    typing: bool = False

    @property
    def group(self) -> str:
        """The part of the unit (saveQueue.ts ``groupOf``): the summary, or the unit."""
        return "unit" if self.summary < 0 else f"summary:{self.summary}"


def _wait(rng: random.Random, bounds: tuple[float, float]) -> float:
    return rng.uniform(*bounds)


def timeline(plan: UnitPlan, rng: random.Random) -> tuple[list[Change], float]:
    """The linguist's changes in time order, and when they press submit."""
    changes: list[Change] = []
    now = _wait(rng, READ_DIALOGUE_S)
    changes.append(Change(now, "topic", "category", plan.category, -1))
    for s, sentences in enumerate(plan.summaries):
        for j, sentence in enumerate(sentences):
            item = f"sentence:{s}:{j}"
            now += _wait(rng, READ_SENTENCE_S)
            changes.append(Change(now, item, "label", sentence.label, s))
            if sentence.label != "inconsistent":
                continue
            now += _wait(rng, START_TYPING_S)
            text = sentence.explanation
            pause_at = rng.randrange(1, len(text)) if rng.random() < PAUSE_SHARE else -1
            for n in range(1, len(text) + 1):
                if n > 1:
                    now += _wait(rng, PAUSE_S if n - 1 == pause_at else KEY_S)
                changes.append(Change(now, item, "explanation", text[:n], s, typing=True))
            chosen: list = []
            for kind in sentence.types:
                now += _wait(rng, TYPE_CLICK_S)
                chosen.append(kind)
                changes.append(Change(now, item, "error_types", list(chosen), s))
        now += _wait(rng, RELEVANCE_S)
        changes.append(Change(now, f"summary:{s}", "relevance", plan.relevance[s], s))
    return changes, now + _wait(rng, SUBMIT_S)


@dataclass(slots=True)
class Request:
    """One request of a tool's pattern: ``action`` names it in the report; ``fields`` is what
    it carries (ours: per item its changed fields; Potato: the instance's whole answers)."""

    action: str
    at: float
    summary: int = -1
    fields: dict = field(default_factory=dict)


def ours_requests(changes: list[Change], submit_at: float) -> list[Request]:
    """saveQueue.ts's batching of ``changes``: fetch, the batches, submit."""
    requests = [Request("fetch", 0.0)]
    waiting: dict[str, dict] = {}
    groups: set[str] = set()
    last = 0.0

    def flush(at: float) -> None:
        if waiting:
            requests.append(Request("save", at, fields={k: dict(v) for k, v in waiting.items()}))
            waiting.clear()
            groups.clear()

    for change in changes:
        if waiting and change.at - last >= OURS_IDLE_S:
            flush(last + OURS_IDLE_S)  # the idle timer fired
        if groups - {change.group}:
            flush(change.at)  # moved on to another part of the unit
        waiting.setdefault(change.item, {})[change.field] = change.value
        groups.add(change.group)
        last = change.at
    if waiting and submit_at - last >= OURS_IDLE_S:
        flush(last + OURS_IDLE_S)
    flush(submit_at)  # submit flushes first
    requests.append(Request("submit", submit_at))
    return requests


def label_studio_requests(changes: list[Change], submit_at: float) -> list[Request]:
    """Its editor: the task when the unit opens, the whole annotation at submit."""
    answers: dict[str, dict] = {}
    for change in changes:
        answers.setdefault(change.item, {})[change.field] = change.value
    return [Request("fetch", 0.0), Request("save", submit_at, fields=answers)]


def potato_requests(changes: list[Change], submit_at: float, summaries: int) -> list[Request]:
    """Per summary instance: the page, the debounced saves of its answers, the tracker's
    posts, then Next (a save and the move). The topic's category is on the first instance."""
    requests: list[Request] = []
    by_summary: dict[int, list[Change]] = {}
    for change in changes:
        by_summary.setdefault(max(change.summary, 0), []).append(change)
    opened = 0.0
    for s in range(summaries):
        own = by_summary.get(s, [])
        # Next is pressed when the linguist turns to the next summary's first sentence.
        after = by_summary.get(s + 1, [])
        leave = after[0].at - 0.1 if after else submit_at
        instance: list[Request] = [Request("page", opened, s)]
        answers: dict[str, object] = {}
        for index, change in enumerate(own):
            answers[f"{change.item}.{change.field}"] = change.value
            delay = POTATO_KEY_S if change.typing else POTATO_CLICK_S
            following = own[index + 1].at if index + 1 < len(own) else leave
            if following - change.at >= delay:
                instance.append(Request("save", change.at + delay, s, dict(answers)))
        windows = sorted({int((c.at - opened) // POTATO_TRACK_S) for c in own})
        instance += [
            Request("track", min(opened + (w + 1) * POTATO_TRACK_S, leave), s) for w in windows
        ]
        instance.sort(key=lambda r: r.at)
        instance += [Request("save", leave, s, dict(answers)), Request("next", leave, s)]
        requests += instance
        opened = leave
    return requests
