"""Simulated linguists of the side-by-side benchmark: each judges whole units, sending its
tool's own requests for a unit (bench/peers/unit_pattern.py), on its own persistent
connection (standard library only, as bench/workspace_load.py).

- closed loop: every request as soon as the last is answered (saturation: judged units/s);
- open loop: one action every 2-5 s (``THINK_S``) per linguist, whatever the answers' pace
  (a late answer sends the next at once): the latency of each action under a realistic load;
- alone: one linguist in a closed loop (the service time without queueing).

Units are counted as work done: each request answered as it should be is its share of its
unit (1 / the unit's requests; Potato: of its instance, a fifth of a unit), so a measure's end,
which cuts every linguist's unit short, costs no tool more than another. Whole units (from
the first request to the last: ours, submit; Label Studio, the annotation; Potato, the fifth
instance's Next) are counted too.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import random
import re
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from urllib.parse import urlencode

from peers.corpus import sentence_results
from peers.unit_pattern import (
    Request,
    UnitPlan,
    label_studio_requests,
    ours_requests,
    plan_unit,
    potato_requests,
    timeline,
)

THINK_S = (2.0, 5.0)  # open loop: one action every 2-5 s per linguist


class PoolExhausted(Exception):
    """A linguist judged every unit it was given: the corpus is too small for the run."""


@dataclass(slots=True)
class Stats:
    units: int = 0  # whole units judged from their first request to their last
    work: float = 0.0  # units of work answered: each request as its share of its unit
    requests: int = 0
    ms: dict[str, list[float]] = field(default_factory=dict)  # per action
    failures: dict[str, int] = field(default_factory=dict)

    def record(self, action: str, ms: float) -> None:
        self.requests += 1
        self.ms.setdefault(action, []).append(ms)

    def fail(self, what: str) -> None:
        self.failures[what] = self.failures.get(what, 0) + 1

    def merge(self, other: Stats) -> None:
        self.units += other.units
        self.work += other.work
        self.requests += other.requests
        for action, values in other.ms.items():
            self.ms.setdefault(action, []).extend(values)
        for key, count in other.failures.items():
            self.failures[key] = self.failures.get(key, 0) + count


Step = tuple[str, bool, float, str]  # action, answered as it should be, ms, what failed


class Client(ABC):
    """One simulated linguist with its own credentials, units and connection."""

    def __init__(self, port: int, seed: int) -> None:
        self.port = port
        self.rng = random.Random(seed)
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.headers: dict[str, str] = {"Accept": "application/json"}
        self.stats = Stats()
        self.error: BaseException | None = None
        # The share of a unit each request of the current unit is (1 / its requests): a
        # measure's end cuts units short, and counting whole units only would under-count
        # the slowest tool most.
        self.share = 0.0
        self.cycle = 1  # the requests of the current unit (Potato: of its instance)

    def request(
        self, method: str, path: str, body: object = None, *, form: dict | None = None, **extra
    ) -> tuple[int | None, bytes, float]:
        headers = {**self.headers, **extra.get("headers", {})}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        elif form is not None:
            data = urlencode(form).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        started = time.perf_counter()
        try:
            self.conn.request(method, path, body=data, headers=headers)
            response = self.conn.getresponse()
            raw = response.read()
            self.answered(response)
            if response.will_close:
                self.conn.close()
        except (OSError, http.client.HTTPException) as error:
            self.conn.close()
            return None, type(error).__name__.encode(), (time.perf_counter() - started) * 1000
        return response.status, raw, (time.perf_counter() - started) * 1000

    def answered(self, response: http.client.HTTPResponse) -> None:  # noqa: B027 (a hook)
        """A hook for what a response sets (Potato's session cookie)."""

    def warm_up(self) -> None:  # noqa: B027 (a hook)
        """Before the measure: a connection, a worker's first request, a login."""

    @abstractmethod
    def unit(self) -> Iterator[Step]:
        """Judge the next unit: one step per request, in the tool's own order."""

    # --- the loops ---

    def _step(self, steps: Iterator[Step], stats: Stats) -> bool:
        """One request; False when the unit is over (judged, or failed)."""
        try:
            action, ok, ms, failure = next(steps)
        except StopIteration:
            stats.units += 1
            return False
        stats.record(action, ms)
        if not ok:
            stats.fail(failure)
            return False
        stats.work += self.share
        return True

    def closed(self, deadline: float) -> None:
        while time.perf_counter() < deadline:
            steps = self.unit()
            while self._step(steps, self.stats):
                if time.perf_counter() >= deadline:
                    return  # a unit cut short by the deadline is not counted
            if time.perf_counter() >= deadline:
                return

    def join_mid_unit(self) -> Iterator[Step]:
        """Open loop, before the measure: the linguist's unit (Potato: instance) already under
        way, a random number of its requests sent, unmeasured, as on a server whose linguists
        did not all start at once; else a measure shorter than a unit (~27 actions of ours at
        2-5 s) would never see a submit."""
        steps = self.unit()
        if not self._step(steps, Stats()):
            return self.unit()
        # The cycle the first request opened: ours' and Label Studio's unit, Potato's instance.
        for _ in range(self.rng.randrange(self.cycle)):
            if not self._step(steps, Stats()):
                return self.unit()
        return steps

    def open(self, deadline: float, steps: Iterator[Step]) -> None:
        due = time.perf_counter() + self.rng.uniform(*THINK_S)
        while True:
            while True:
                wait = due - time.perf_counter()
                if wait > 0:
                    time.sleep(wait)
                if time.perf_counter() >= deadline:
                    return
                due += self.rng.uniform(*THINK_S)
                if not self._step(steps, self.stats):
                    break
            steps = self.unit()

    def run(self, mode: str, barrier: threading.Barrier, start: list[float], seconds: float):
        try:
            self.warm_up()
            steps = self.join_mid_unit() if mode == "open" else None
            barrier.wait()
            deadline = start[0] + seconds
            if steps is None:
                self.closed(deadline)
            else:
                self.open(deadline, steps)
        except BaseException as error:  # reported by run_load
            self.error = error
            barrier.abort()
        finally:
            self.conn.close()


def _failure(method: str, status: int | None, raw: bytes) -> str:
    return f"{method} {status if status is not None else raw.decode(errors='replace')}"


# --- ours --------------------------------------------------------------------------------------


class OursClient(Client):
    def __init__(self, port: int, token: str, units: Iterator[int], seed: int) -> None:
        super().__init__(port, seed)
        self.headers["Authorization"] = f"Token {token}"
        self.units = units

    def warm_up(self) -> None:
        self.request("GET", "/api/me/")

    def unit(self) -> Iterator[Step]:
        assignment = next(self.units, None)
        if assignment is None:
            raise PoolExhausted("a linguist of ours judged every unit it was given")
        base = f"/api/assignments/{assignment}/"
        status, raw, ms = self.request("GET", base)
        if status != 200:
            yield "fetch", False, ms, _failure("GET", status, raw)
            return
        payload = json.loads(raw)
        summaries = payload["summaries"]
        types = [t["id"] for t in payload["taxonomy"]["types"]]
        plan = plan_unit(self.rng, [len(s["sentences"]) for s in summaries], types)
        changes, submit_at = timeline(plan, self.rng)
        scheme = payload["scheme"]
        changes = [
            c
            for c in changes
            if (c.item != "topic" or scheme.get("topic_category", True))
            and (not c.item.startswith("summary:") or scheme.get("relevance", True))
        ]
        requests = ours_requests(changes, submit_at)
        self.share, self.cycle = 1 / len(requests), len(requests)
        yield "fetch", True, ms, ""
        versions: dict[str, int] = {}
        for request in requests[1:]:
            if request.action == "submit":
                status, raw, ms = self.request("POST", base + "submit/", {})
                yield "submit", status == 200, ms, _failure("submit", status, raw[:200])
                continue
            entries, keys = [], []
            for item, fields in request.fields.items():
                entry = {**fields, "version": versions.get(item, 0)}
                if item == "topic":
                    entry["kind"] = "topic"
                elif item.startswith("summary:"):
                    entry |= {"kind": "summary", "handle": summaries[int(item[8:])]["id"]}
                else:
                    s, j = (int(x) for x in item.split(":")[1:])
                    handle = summaries[s]["sentences"][j]["id"]
                    entry |= {"kind": "sentence", "handle": handle}
                entries.append(entry)
                keys.append(item)
            status, raw, ms = self.request("POST", base + "batch/", {"entries": entries})
            ok = status == 200
            failure = _failure("batch", status, raw[:200])
            if ok:
                for item, result in zip(keys, json.loads(raw)["entries"], strict=True):
                    if result["status"] != 200:
                        ok, failure = False, f"batch entry {result['status']}"
                        break
                    versions[item] = result["state"]["version"]
            yield "save", ok, ms, failure


# --- Label Studio -----------------------------------------------------------------------------


def _ls_results(plan: UnitPlan) -> list[dict]:
    results = [
        {
            "from_name": "topic_category",
            "to_name": "dialogue",
            "type": "choices",
            "value": {"choices": [plan.category]},
        }
    ]
    index = 0
    for sentences in plan.summaries:
        for sentence in sentences:
            results += sentence_results(
                index, sentence.label, sentence.explanation, list(sentence.types)
            )
            index += 1
    return results


class LabelStudioClient(Client):
    def __init__(
        self, port: int, token: str, units: Iterator[int], seed: int, error_types: list[str]
    ) -> None:
        super().__init__(port, seed)
        self.headers["Authorization"] = f"Token {token}"
        self.units = units
        self.error_types = error_types

    def warm_up(self) -> None:
        self.request("GET", "/api/current-user/whoami")

    def unit(self) -> Iterator[Step]:
        task = next(self.units, None)
        if task is None:
            raise PoolExhausted("a Label Studio linguist judged every task it was given")
        status, raw, ms = self.request("GET", f"/api/tasks/{task}/")
        if status != 200:
            yield "fetch", False, ms, _failure("GET", status, raw)
            return
        counts: dict[str, int] = {}
        for sentence in json.loads(raw)["data"]["sentences"]:
            counts[sentence["summary"]] = counts.get(sentence["summary"], 0) + 1
        plan = plan_unit(self.rng, list(counts.values()), self.error_types)
        changes, submit_at = timeline(plan, self.rng)
        self.cycle = len(label_studio_requests(changes, submit_at))  # fetch, one save
        self.share = 1 / self.cycle
        yield "fetch", True, ms, ""
        status, raw, ms = self.request(
            "POST", f"/api/tasks/{task}/annotations/", {"result": _ls_results(plan)}
        )
        yield "save", status == 201, ms, _failure("POST", status, raw[:200])


# --- Potato ------------------------------------------------------------------------------------

INSTANCE_ID = re.compile(
    r'id="instance_id"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*id="instance_id"'
)
SESSION_COOKIE = re.compile(r"(session=[^;]*)")


def potato_answers(fields: dict[str, object]) -> dict[str, str]:
    """An instance's answers as annotation.js sends them: ``schema:label`` -> value."""
    answers: dict[str, str] = {}
    for key, value in fields.items():
        item, name = key.rsplit(".", 1)
        if item == "topic":
            answers[f"topic_category:{value}"] = str(value)
        elif item.startswith("summary:"):
            answers[f"relevance:{value}"] = str(value)
        else:
            slot = int(item.split(":")[2]) + 1
            if name == "label":
                answers[f"label_{slot}:{value}"] = str(value)
            elif name == "explanation":
                answers[f"explanation_{slot}:text_box"] = str(value)
            else:
                for kind in value:  # type: ignore[attr-defined]
                    answers[f"error_types_{slot}:{kind}"] = str(kind)
    return answers


class PotatoClient(Client):
    """Logs in (a session cookie), then judges the instances Potato serves it, five to a
    unit. The page GET that follows a Next is the next instance's page."""

    def __init__(
        self,
        port: int,
        username: str,
        seed: int,
        sentences: dict[str, int],
        error_types: list[str],
        cookies: dict[str, str],
    ) -> None:
        super().__init__(port, seed)
        self.headers["Accept"] = "text/html,application/json"
        self.username = username
        self.cookies = cookies  # per linguist, kept across the measures: one login each
        if username in cookies:
            self.headers["Cookie"] = cookies[username]
        self.sentences = sentences
        self.error_types = error_types

    def answered(self, response: http.client.HTTPResponse) -> None:
        for header in response.headers.get_all("Set-Cookie") or []:
            found = SESSION_COOKIE.search(header)
            if found:
                self.headers["Cookie"] = self.cookies[self.username] = found.group(1)

    def warm_up(self) -> None:
        if "Cookie" not in self.headers:
            status, _raw, _ = self.request(
                "POST", "/auth", form={"email": self.username, "pass": ""}
            )
            if status not in (200, 302) or "Cookie" not in self.headers:
                raise RuntimeError(f"Potato login of {self.username} answered {status}")

    def unit(self) -> Iterator[Step]:
        for index in range(5):
            status, raw, ms = self.request("GET", "/annotate")
            found = INSTANCE_ID.search(raw.decode(errors="replace")) if status == 200 else None
            if found is None:
                yield "page", False, ms, _failure("GET /annotate", status, raw[:100])
                return
            instance = found.group(1) or found.group(2)
            plan = plan_unit(self.rng, [self.sentences.get(instance, 3)], self.error_types)
            changes, leave_at = timeline(plan, self.rng)
            if index:  # the topic's category is answered on the dialogue's first summary
                changes = [c for c in changes if c.item != "topic"]
            requests = potato_requests(changes, leave_at, 1)
            self.share, self.cycle = 1 / (5 * len(requests)), len(requests)  # 5 instances a unit
            yield "page", True, ms, ""
            for request in requests[1:]:
                yield self._send(request, instance)

    def _send(self, request: Request, instance: str) -> Step:
        if request.action == "save":
            body = {
                "instance_id": instance,
                "annotations": potato_answers(request.fields),
                "span_annotations": [],
                "client_timestamp": "2026-01-01T00:00:00Z",
            }
            status, raw, ms = self.request("POST", "/updateinstance", body)
            ok = status == 200 and b'"success"' in raw
            return "save", ok, ms, _failure("updateinstance", status, raw[:100])
        if request.action == "track":
            track: dict[str, object] = {
                "instance_id": instance,
                "events": [{"event_type": "click", "timestamp": int(request.at * 1000)}],
                "focus_time": {},
                "scroll_depth": 0,
            }
            status, raw, ms = self.request("POST", "/api/track_interactions", track)
            return "track", status == 200, ms, _failure("track", status, raw[:100])
        status, raw, ms = self.request(
            "POST",
            "/annotate",
            {"action": "next_instance", "instance_id": instance},
            headers={"X-Potato-Navigation": "1"},
        )
        return "next", status == 200, ms, _failure("next", status, raw[:100])


# --- running ----------------------------------------------------------------------------------


def run_load(
    clients: list[Client], mode: str, seconds: float, on_start: Callable[[], None] | None = None
) -> tuple[Stats, float]:
    """All clients in ``mode`` (closed/open) for ``seconds`` after their warm-up;
    (stats, elapsed)."""
    start = [0.0]

    def go() -> None:
        if on_start is not None:
            on_start()
        start[0] = time.perf_counter()

    barrier = threading.Barrier(len(clients) + 1, action=go)
    threads = [
        threading.Thread(target=c.run, args=(mode, barrier, start, seconds), daemon=True)
        for c in clients
    ]
    for thread in threads:
        thread.start()
    with contextlib.suppress(threading.BrokenBarrierError):
        barrier.wait()
    for thread in threads:
        thread.join(timeout=seconds + 300)
    elapsed = time.perf_counter() - start[0]
    errors = [c.error for c in clients if c.error is not None]
    if errors:
        raise SystemExit(f"bench-peers: a simulated linguist failed: {errors[0]!r}")
    total = Stats()
    for client in clients:
        total.merge(client.stats)
    return total, elapsed
