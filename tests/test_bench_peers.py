"""The side-by-side benchmark's pure helpers (bench/peers/): the requests each tool's frontend
sends for a judged unit, and the CPU accounting per unit. No server, no peer installed."""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from peers.common import cpu_per_unit
from peers.unit_pattern import (
    OURS_IDLE_S,
    Change,
    label_studio_requests,
    ours_requests,
    plan_unit,
    potato_requests,
    timeline,
)


def _final_answers(changes: list[Change]) -> dict[str, dict]:
    answers: dict[str, dict] = {}
    for change in changes:
        answers.setdefault(change.item, {})[change.field] = change.value
    return answers


def test_a_linguists_timeline_judges_the_whole_unit():
    rng = random.Random(3)
    plan = plan_unit(rng, [2, 3, 4, 5, 3], [11, 12, 13])
    changes, submit_at = timeline(plan, rng)
    answers = _final_answers(changes)
    assert answers["topic"] == {"category": plan.category}
    for s, sentences in enumerate(plan.summaries):
        assert answers[f"summary:{s}"] == {"relevance": plan.relevance[s]}
        for j, sentence in enumerate(sentences):
            expected = {"label": sentence.label}
            if sentence.label == "inconsistent":
                expected |= {
                    "explanation": sentence.explanation,
                    "error_types": list(sentence.types),
                }
            assert answers[f"sentence:{s}:{j}"] == expected
    assert [c.at for c in changes] == sorted(c.at for c in changes)
    assert submit_at > changes[-1].at


def test_ours_batches_coalesce_keystrokes_and_lose_nothing():
    rng = random.Random(7)
    plan = plan_unit(rng, [4, 4, 3, 3, 4], [1, 2, 3])
    changes, submit_at = timeline(plan, rng)
    requests = ours_requests(changes, submit_at)
    assert requests[0].action == "fetch"
    assert requests[-1].action == "submit"
    saves = [r for r in requests[1:-1]]
    assert {r.action for r in saves} == {"save"}
    # Replaying the batches in order leaves every item at the linguist's last value.
    sent: dict[str, dict] = {}
    for save in saves:
        for item, fields in save.fields.items():
            sent.setdefault(item, {}).update(fields)
    assert sent == _final_answers(changes)
    keystrokes = sum(c.typing for c in changes)
    assert keystrokes > len(saves)  # typing does not send a request per key
    # Each batch holds one part of the unit (a summary, or the topic).
    for save in saves:
        assert len({item.split(":")[1] if ":" in item else "unit" for item in save.fields}) == 1


def test_ours_flush_rules():
    def label(at: float, s: int, j: int) -> Change:
        return Change(at, f"sentence:{s}:{j}", "label", "consistent", s)

    changes = [
        label(1.0, 0, 0),
        label(1.5, 0, 1),  # within the idle time, same summary: waits with the first
        label(4.0, 0, 2),  # after the idle time: the first two left
        label(4.2, 1, 0),  # another summary: the waiting one leaves now
    ]
    requests = ours_requests(changes, submit_at=4.5)
    saves = [(r.at, sorted(r.fields)) for r in requests if r.action == "save"]
    assert saves == [
        (1.5 + OURS_IDLE_S, ["sentence:0:0", "sentence:0:1"]),
        (4.2, ["sentence:0:2"]),
        (4.5, ["sentence:1:0"]),  # submit flushes what waits
    ]


def test_label_studio_sends_the_task_and_one_annotation():
    rng = random.Random(1)
    plan = plan_unit(rng, [3, 3, 3, 3, 3], ["A", "B"])
    changes, submit_at = timeline(plan, rng)
    requests = label_studio_requests(changes, submit_at)
    assert [r.action for r in requests] == ["fetch", "save"]
    assert requests[1].fields == _final_answers(changes)


def test_potato_saves_after_its_debounces_and_moves_per_summary():
    changes = [
        Change(1.0, "sentence:0:0", "label", "inconsistent", 0),
        Change(1.2, "sentence:0:0", "explanation", "N", 0, typing=True),
        Change(1.4, "sentence:0:0", "explanation", "No", 0, typing=True),
        Change(6.0, "sentence:0:1", "label", "consistent", 0),
        Change(9.0, "sentence:1:0", "label", "consistent", 1),
    ]
    requests = potato_requests(changes, submit_at=12.0, summaries=2)
    first = [(r.action, round(r.at, 2)) for r in requests if r.summary == 0]
    # The label's save was cut short by typing; the explanation is saved 1.5 s after its last
    # key; the tracker posts once per 5 s window with events; Next saves and moves.
    assert first == [
        ("page", 0.0),
        ("save", 2.9),
        ("track", 5.0),
        ("save", 6.5),
        ("track", 8.9),
        ("save", 8.9),
        ("next", 8.9),
    ]
    assert requests[-2].fields == {"sentence:1:0.label": "consistent"}
    assert next(r.action for r in requests if r.summary == 1) == "page"


def test_cpu_per_unit_in_milliseconds():
    figures = cpu_per_unit({"tool": 3.0, "postgres": 1.5, "others": 9.0}, 30)
    assert figures == {"web": 100.0, "postgres": 50.0, "total": 150.0}
    assert all(math.isnan(v) for v in cpu_per_unit({"tool": 1.0}, 0).values())
