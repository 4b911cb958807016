"""Concurrent clients of the side-by-side benchmark: each fetches an item and saves an
annotation on it, in a closed loop (the next pair as soon as the last is answered), on its own
persistent connection (standard library only, as bench/workspace_load.py).

- Label Studio: GET /api/tasks/{id}/, then POST /api/tasks/{id}/annotations/ with a label for
  every sentence of the task (its editor submits a task's annotation whole).
- Ours: GET /api/assignments/{id}/ (the workspace payload), then PATCH one sentence's
  judgement with the version the payload showed (the workspace saves per sentence).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import random
import threading
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field

from peers.corpus import ERROR_TYPES, sentence_results


@dataclass(slots=True)
class Stats:
    pairs: int = 0
    fetch_ms: list[float] = field(default_factory=list)
    save_ms: list[float] = field(default_factory=list)
    failures: dict[str, int] = field(default_factory=dict)

    def fail(self, what: str) -> None:
        self.failures[what] = self.failures.get(what, 0) + 1

    def merge(self, other: Stats) -> None:
        self.pairs += other.pairs
        self.fetch_ms += other.fetch_ms
        self.save_ms += other.save_ms
        for key, count in other.failures.items():
            self.failures[key] = self.failures.get(key, 0) + count


class Client(ABC):
    """One simulated annotator with its own token, items and connection."""

    def __init__(self, port: int, token: str, items: list[int], seed: int) -> None:
        self.port = port
        self.headers = {"Authorization": f"Token {token}", "Accept": "application/json"}
        self.items = items
        self.rng = random.Random(seed)
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.turn = 0
        self.stats = Stats()
        self.error: BaseException | None = None

    def request(self, method: str, path: str, body: object = None):
        headers = dict(self.headers)
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        started = time.perf_counter()
        try:
            self.conn.request(method, path, body=data, headers=headers)
            response = self.conn.getresponse()
            raw = response.read()
            if response.will_close:
                self.conn.close()
        except (OSError, http.client.HTTPException) as error:
            self.conn.close()
            return None, type(error).__name__, (time.perf_counter() - started) * 1000
        return response.status, raw, (time.perf_counter() - started) * 1000

    def next_item(self) -> int:
        item = self.items[self.turn % len(self.items)]
        self.turn += 1
        return item

    @abstractmethod
    def pair(self, stats: Stats | None) -> None:
        """Fetch one item and save one annotation on it (each tool's own requests)."""

    def run(self, barrier: threading.Barrier, start: list[float], seconds: float) -> None:
        try:
            self.pair(None)  # warm-up, not measured: a connection, a worker's first request
            barrier.wait()
            deadline = start[0] + seconds
            while time.perf_counter() < deadline:
                self.pair(self.stats)
        except BaseException as error:  # reported by run_load
            self.error = error
            barrier.abort()
        finally:
            self.conn.close()


class LabelStudioClient(Client):
    def pair(self, stats: Stats | None) -> None:
        task = self.next_item()
        status, raw, ms = self.request("GET", f"/api/tasks/{task}/")
        if status != 200:
            if stats is not None:
                stats.fail(f"GET {status if status is not None else raw}")
            return
        data = json.loads(raw)["data"]
        results = []
        for index in range(len(data["sentences"])):
            inconsistent = self.rng.random() < 0.2
            results += sentence_results(
                index,
                "inconsistent" if inconsistent else "consistent",
                "Not supported by the dialogue." if inconsistent else "",
                self.rng.sample(ERROR_TYPES, k=1) if inconsistent else [],
            )
        status, raw, save_ms = self.request(
            "POST", f"/api/tasks/{task}/annotations/", {"result": results}
        )
        if stats is None:
            return
        stats.fetch_ms.append(ms)
        if status == 201:
            stats.save_ms.append(save_ms)
            stats.pairs += 1
        else:
            stats.fail(f"POST {status if status is not None else raw}")


class OursClient(Client):
    def pair(self, stats: Stats | None) -> None:
        unit = self.next_item()
        status, raw, ms = self.request("GET", f"/api/assignments/{unit}/")
        if status != 200:
            if stats is not None:
                stats.fail(f"GET {status if status is not None else raw}")
            return
        payload = json.loads(raw)
        versions = {j["sentence"]: j["version"] for j in payload["judgements"]["sentences"]}
        sentence = self.rng.choice([x["id"] for s in payload["summaries"] for x in s["sentences"]])
        body: dict = {"label": "consistent", "version": versions.get(sentence, 0)}
        if self.rng.random() < 0.2:
            body["label"] = "inconsistent"
            body["explanation"] = "Not supported by the dialogue."
            body["error_types"] = [self.rng.choice(payload["taxonomy"]["types"])["id"]]
        status, raw, save_ms = self.request(
            "PATCH", f"/api/assignments/{unit}/sentences/{sentence}/", body
        )
        if stats is None:
            return
        stats.fetch_ms.append(ms)
        if status == 200:
            stats.save_ms.append(save_ms)
            stats.pairs += 1
        else:
            stats.fail(f"PATCH {status if status is not None else raw}")


def run_load(clients: list[Client], seconds: float, on_start=None) -> tuple[Stats, float]:
    """All clients in a closed loop for ``seconds`` after their warm-up; (stats, elapsed)."""
    start = [0.0]

    def go() -> None:
        if on_start is not None:
            on_start()
        start[0] = time.perf_counter()

    barrier = threading.Barrier(len(clients) + 1, action=go)
    threads = [
        threading.Thread(target=c.run, args=(barrier, start, seconds), daemon=True) for c in clients
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
        raise SystemExit(f"bench-peers: a simulated annotator failed: {errors[0]!r}")
    total = Stats()
    for client in clients:
        total.merge(client.stats)
    return total, elapsed
