"""Workspace benchmark, the load: simulated linguists (one thread and connection each),
paced or in a closed loop, and the figures drawn from their requests."""

from __future__ import annotations

import contextlib
import http.client
import json
import random
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from workspace_seeding import Seeded
from workspace_settings import LATE_MS, SENTENCES_PER_SUMMARY, SUMMARIES_PER_UNIT

# --- the simulated linguists --------------------------------------------------------------


@dataclass(slots=True)
class Stats:
    payload_ms: list[float] = field(default_factory=list)
    save_ms: list[float] = field(default_factory=list)
    saves_by_kind: Counter = field(default_factory=Counter)
    # Latency per save kind (a key-fact list save writes ~100 rows, a label one).
    save_ms_by_kind: dict[str, list[float]] = field(default_factory=dict)
    acknowledged: int = 0
    conflicts: int = 0  # 409
    failures: Counter = field(default_factory=Counter)  # (request kind, status or error)
    unknown_outcome: int = 0  # a save whose response never came (may or may not be written)
    payload_failures: Counter = field(default_factory=Counter)
    stale_payloads: int = 0  # a payload showing an older version than a save acknowledged
    bad_versions: int = 0  # an acknowledged save whose new version is not the sent one + 1
    payload_bytes: int = 0
    late: int = 0  # paced requests sent more than LATE_MS after their slot
    # Batched saves: the requests (each acknowledged as a whole, its entries one by one) and
    # the judgements each carried; ``acknowledged`` counts judgements either way.
    save_requests: int = 0
    entries_per_request: list[int] = field(default_factory=list)

    def merge(self, other: Stats) -> None:
        self.payload_ms += other.payload_ms
        self.save_ms += other.save_ms
        self.saves_by_kind += other.saves_by_kind
        for kind, values in other.save_ms_by_kind.items():
            self.save_ms_by_kind.setdefault(kind, []).extend(values)
        self.acknowledged += other.acknowledged
        self.conflicts += other.conflicts
        self.failures += other.failures
        self.unknown_outcome += other.unknown_outcome
        self.payload_failures += other.payload_failures
        self.stale_payloads += other.stale_payloads
        self.bad_versions += other.bad_versions
        self.payload_bytes = max(self.payload_bytes, other.payload_bytes)
        self.late += other.late
        self.save_requests += other.save_requests
        self.entries_per_request += other.entries_per_request


EXPLANATIONS = [
    "The dialogue gives a different figure.",
    "Nobody in the dialogue says this; the speaker only mentions the budget.",
    "The summary attributes the claim to the wrong speaker.",
    "The vote was postponed, not approved.",
]


class Linguist:
    """One simulated linguist: one connection, its own units, the versions it last saw."""

    def __init__(self, index: int, token: str, units: list[int], port: int, seed: int) -> None:
        self.index = index
        self.units = units
        self.port = port
        self.rng = random.Random(seed * 1000 + index)
        self.headers = {"Authorization": f"Token {token}", "Accept": "application/json"}
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        # assignment id -> {"s": {sentence: version}, "m": {summary: version}, "t": version}
        self.known: dict[int, dict] = {}
        self.sentences: dict[int, list[int]] = {}
        self.summaries: dict[int, list[int]] = {}
        self.error_types: list[int] = []
        # For span and evidence saves: each sentence's length, each turn's (id, length), and
        # the spans this linguist last saved on a sentence (an evidence save names one).
        self.lengths: dict[int, int] = {}
        self.turns: dict[int, list[tuple[int, int]]] = {}
        self.marked: dict[int, list[tuple[int, int]]] = {}
        self.span_share = 0.0
        self.key_fact_share = 0.0
        # True: a visit judges the unit summary by summary, one batch per summary (the
        # workspace's save queue); False: one PATCH per change, as before batches.
        self.batched = True
        # Each summary's sentence handles, for key-fact alignments.
        self.summary_sentences: dict[str, list[str]] = {}
        self.stats = Stats()
        self.error: BaseException | None = None
        self.interval = 0.0  # seconds between requests when paced (--rate); 0: at once
        self.next_at = 0.0

    def pace(self) -> float:
        """Wait for this linguist's next slot of its fixed schedule and return the slot's
        time. The schedule never slips: when the server falls behind, the next requests go at
        once and their latency counts from their slot, not from when they could be sent (no
        coordinated omission: a slow response delays the requests queued behind it, and that
        wait is part of what a linguist experiences)."""
        slot = self.next_at
        now = time.perf_counter()
        if slot > now:
            time.sleep(slot - now)
        elif now - slot > LATE_MS / 1000:
            self.stats.late += 1
        self.next_at = slot + self.interval
        return slot

    def call(self, method: str, path: str, body: dict | None = None):
        headers = dict(self.headers)
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        started = self.pace() if self.interval else time.perf_counter()
        try:
            self.conn.request(method, path, body=data, headers=headers)
            response = self.conn.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException) as error:
            self.conn.close()
            return None, type(error).__name__, (time.perf_counter() - started) * 1000
        return response.status, raw, (time.perf_counter() - started) * 1000

    def load(self, unit: int, stats: Stats | None) -> bool:
        """GET the workspace payload and take its versions; ``stats`` records it."""
        status, raw, ms = self.call("GET", f"/api/assignments/{unit}/")
        if status != 200:
            if stats is not None:
                stats.payload_failures[status if status is not None else raw] += 1
            return False
        payload = json.loads(raw)
        versions = {
            "s": {j["sentence"]: j["version"] for j in payload["judgements"]["sentences"]},
            "m": {j["summary"]: j["version"] for j in payload["judgements"]["summaries"]},
            "t": (payload["judgements"]["topic"] or {}).get("version", 0),
            "k": (payload["judgements"].get("key_facts") or {}).get("version", 0),
        }
        known = self.known.get(unit)
        if stats is not None:
            stats.payload_ms.append(ms)
            stats.payload_bytes = max(stats.payload_bytes, len(raw))
            if known is not None and (
                any(versions["s"].get(k, 0) < v for k, v in known["s"].items())
                or any(versions["m"].get(k, 0) < v for k, v in known["m"].items())
                or versions["t"] < known["t"]
                or versions["k"] < known["k"]
            ):
                stats.stale_payloads += 1
        self.known[unit] = versions
        self.summaries[unit] = [s["id"] for s in payload["summaries"]]
        self.sentences[unit] = [x["id"] for s in payload["summaries"] for x in s["sentences"]]
        for summary in payload["summaries"]:
            self.summary_sentences[summary["id"]] = [x["id"] for x in summary["sentences"]]
            for sentence in summary["sentences"]:
                self.lengths[sentence["id"]] = len(sentence["text"])
        for judgement in payload["judgements"]["sentences"]:
            self.marked[judgement["sentence"]] = [
                (x["start"], x["end"]) for x in judgement["spans"]
            ]
        self.turns[unit] = [(t["id"], len(t["text"])) for t in payload["document"]["turns"]]
        self.error_types = [t["id"] for t in payload["taxonomy"]["types"]]
        return True

    def evidence(self, unit: int) -> list[dict]:
        """Up to two evidence spans in random turns of the unit's dialogue."""
        links = []
        for turn, length in self.rng.sample(self.turns[unit], k=self.rng.randint(0, 2)):
            start = self.rng.randrange(max(1, length - 10))
            links.append({"turn": turn, "start": start, "end": min(length, start + 10)})
        return links

    def key_facts(self, unit: int) -> list[dict]:
        """The unit's whole key-fact list as the workspace saves it: every fact decided for
        every summary, a covered one aligned to one or two of its sentences."""
        from workspace_settings import KEY_FACTS_PER_LIST

        facts = []
        for position in range(1, KEY_FACTS_PER_LIST + 1):
            alignments = []
            for summary in self.summaries[unit]:
                covered = self.rng.random() < 0.5
                sentences = (
                    self.rng.sample(self.summary_sentences[summary], k=self.rng.randint(1, 2))
                    if covered
                    else []
                )
                alignments.append(
                    {
                        "summary": summary,
                        "covered": covered,
                        "sentences": [{"sentence": x} for x in sentences],
                    }
                )
            text = f"Key fact {position}: " + self.rng.choice(EXPLANATIONS)
            facts.append({"position": position, "text": text, "alignments": alignments})
        return facts

    def save(self, unit: int, stats: Stats, kind: str) -> bool:
        """One PATCH; False when the burst should stop (the versions need reloading)."""
        rng = self.rng
        known = self.known[unit]
        if kind == "evidence":
            marked = [x for x in self.sentences[unit] if self.marked.get(x)]
            if marked:
                target = rng.choice(marked)
            else:
                kind = "span"  # nothing marked in this unit yet: mark something first
        if kind == "span":
            # One or two spans in the sentence's two halves (never overlapping), with evidence.
            target = rng.choice(self.sentences[unit])
            half = self.lengths[target] // 2
            spans = [
                {"start": start, "end": start + max(1, min(12, half - 1)), "evidence": []}
                for start in rng.sample((0, half), k=rng.randint(1, 2))
            ]
            for span in spans:
                span["evidence"] = self.evidence(unit)
            version = known["s"].get(target, 0)
            body = {"spans": spans, "version": version}
            path = f"/api/assignments/{unit}/sentences/{target}/spans/"
        elif kind == "evidence":
            start, end = rng.choice(self.marked[target])
            version = known["s"].get(target, 0)
            body = {"span": {"start": start, "end": end}, "evidence": self.evidence(unit)}
            body["version"] = version
            path = f"/api/assignments/{unit}/sentences/{target}/evidence/"
        elif kind == "sentence":
            target = rng.choice(self.sentences[unit])
            version = known["s"].get(target, 0)
            label = rng.choice(("consistent", "consistent", "inconsistent"))
            body: dict = {"label": label, "version": version}
            if label == "inconsistent" and rng.random() < 0.5:
                body["explanation"] = rng.choice(EXPLANATIONS)
                body["error_types"] = rng.sample(self.error_types, k=rng.randint(1, 2))
            path = f"/api/assignments/{unit}/sentences/{target}/"
        elif kind == "key_facts":
            target = None
            version = known["k"]
            body = {"facts": self.key_facts(unit), "version": version}
            path = f"/api/assignments/{unit}/key_facts/"
        elif kind == "summary":
            target = rng.choice(self.summaries[unit])
            version = known["m"].get(target, 0)
            body = {"relevance": rng.randint(1, 5), "version": version}
            path = f"/api/assignments/{unit}/summaries/{target}/"
        else:
            target = None
            version = known["t"]
            body = {"category": rng.choice(("main", "marginal", "irrelevant")), "version": version}
            path = f"/api/assignments/{unit}/topic/"
        status, raw, ms = self.call("PATCH", path, body)
        if status is None:
            stats.unknown_outcome += 1
            stats.failures[(kind, raw)] += 1
            return False
        if 200 <= status < 300:
            stats.acknowledged += 1
            stats.saves_by_kind[kind] += 1
            stats.save_ms.append(ms)
            stats.save_ms_by_kind.setdefault(kind, []).append(ms)
            new = json.loads(raw)["version"]
            if new != version + 1:
                stats.bad_versions += 1
            if kind in ("sentence", "span", "evidence"):
                known["s"][target] = new
                if kind == "span":
                    self.marked[target] = [(x["start"], x["end"]) for x in body["spans"]]
            elif kind == "summary":
                known["m"][target] = new
            elif kind == "key_facts":
                known["k"] = new
            else:
                known["t"] = new
            return True
        if status == 409:
            stats.conflicts += 1
        else:
            stats.failures[(kind, status)] += 1
        return False

    def spans(self, unit: int, target: str) -> list[dict]:
        """One or two spans in the sentence's two halves (never overlapping), with evidence."""
        half = self.lengths[target] // 2
        spans = [
            {"start": start, "end": start + max(1, min(12, half - 1)), "evidence": []}
            for start in self.rng.sample((0, half), k=self.rng.randint(1, 2))
        ]
        for span in spans:
            span["evidence"] = self.evidence(unit)
        return spans

    def summary_entries(self, unit: int, summary: str, last: bool) -> list[dict]:
        """What the save queue sends when the linguist leaves a summary: every sentence's
        label (one in three inconsistent, half of those explained and typed; ``span_share``
        of them with error spans and evidence) and the summary's relevance; on the unit's
        last summary also the topic's category and, now and then, the key-fact list."""
        rng, known = self.rng, self.known[unit]
        entries: list[dict] = []
        for target in self.summary_sentences[summary]:
            label = rng.choice(("consistent", "consistent", "inconsistent"))
            entry: dict = {
                "kind": "sentence",
                "handle": target,
                "version": known["s"].get(target, 0),
                "label": label,
            }
            if label == "inconsistent" and rng.random() < 0.5:
                entry["explanation"] = rng.choice(EXPLANATIONS)
                entry["error_types"] = rng.sample(self.error_types, k=rng.randint(1, 2))
            if rng.random() < self.span_share:
                entry["spans"] = self.spans(unit, target)
            entries.append(entry)
        entries.append(
            {
                "kind": "summary",
                "handle": summary,
                "version": known["m"].get(summary, 0),
                "relevance": rng.randint(1, 5),
            }
        )
        if last:
            category = rng.choice(("main", "marginal", "irrelevant"))
            entries.append({"kind": "topic", "version": known["t"], "category": category})
            if rng.random() < self.key_fact_share:
                entries.append(
                    {"kind": "key_facts", "version": known["k"], "facts": self.key_facts(unit)}
                )
        return entries

    def save_batch(self, unit: int, stats: Stats, entries: list[dict]) -> bool:
        """One POST …/batch/; False when the visit should stop (the versions need reloading)."""
        status, raw, ms = self.call("POST", f"/api/assignments/{unit}/batch/", {"entries": entries})
        if status is None:
            stats.unknown_outcome += len(entries)
            stats.failures[("batch", raw)] += 1
            return False
        if status != 200:
            stats.failures[("batch", status)] += 1
            return False
        stats.save_requests += 1
        stats.entries_per_request.append(len(entries))
        stats.save_ms.append(ms)
        stats.save_ms_by_kind.setdefault(f"batch of {len(entries)}", []).append(ms)
        known, fine = self.known[unit], True
        for entry, result in zip(entries, json.loads(raw)["entries"], strict=True):
            kind = entry["kind"]
            if result["status"] != 200:
                if result["status"] == 409:
                    stats.conflicts += 1
                else:
                    stats.failures[(kind, result["status"])] += 1
                fine = False
                continue
            stats.acknowledged += 1
            stats.saves_by_kind[kind] += 1
            new = result["state"]["version"]
            if new != entry["version"] + 1:
                stats.bad_versions += 1
            if kind == "sentence":
                known["s"][entry["handle"]] = new
                if "spans" in entry:
                    self.marked[entry["handle"]] = [(x["start"], x["end"]) for x in entry["spans"]]
            elif kind == "summary":
                known["m"][entry["handle"]] = new
            elif kind == "key_facts":
                known["k"] = new
            else:
                known["t"] = new
        return fine

    def visit_batched(self, unit: int, stats: Stats, deadline: float) -> None:
        """Open the unit, then judge it summary by summary, one batch per summary."""
        if not self.load(unit, stats):
            return
        summaries = self.summaries[unit]
        for number, summary in enumerate(summaries):
            if time.perf_counter() >= deadline:
                return
            entries = self.summary_entries(unit, summary, last=number == len(summaries) - 1)
            if not self.save_batch(unit, stats, entries):
                return

    def visit(self, unit: int, stats: Stats, burst: int, deadline: float) -> None:
        if self.batched:
            self.visit_batched(unit, stats, deadline)
            return
        if not self.load(unit, stats):
            return
        for _ in range(burst):
            if time.perf_counter() >= deadline:
                return
            draw = self.rng.random()
            if draw < self.key_fact_share:
                kind = "key_facts"
            elif (draw := draw - self.key_fact_share) < self.span_share:
                kind = "span" if draw < self.span_share / 2 else "evidence"
            else:  # the mix without spans, over the rest
                rest = (draw - self.span_share) / (1 - self.span_share - self.key_fact_share)
                kind = "topic" if rest < 0.05 else "summary" if rest < 0.15 else "sentence"
            if not self.save(unit, stats, kind):
                return

    def run(
        self,
        barrier: threading.Barrier,
        start: list[float],
        seconds: float,
        burst: int,
        interval: float,
    ) -> None:
        try:
            for unit in self.units:  # warm-up, not measured: workers, connections, versions
                self.load(unit, None)
            barrier.wait()
            deadline = start[0] + seconds
            if interval:  # paced: each linguist at its own phase in the period
                self.interval = interval
                self.next_at = start[0] + self.rng.uniform(0, interval)
            turn = self.index
            while time.perf_counter() < deadline:
                self.visit(self.units[turn % len(self.units)], self.stats, burst, deadline)
                turn += 1
        except BaseException as error:  # reported by the harness
            self.error = error
            barrier.abort()
        finally:
            self.conn.close()


def unloaded(linguist: Linguist, requests: int) -> Stats:
    """One client alone: the service time without queueing, for comparison."""
    stats = Stats()
    unit = linguist.units[0]
    linguist.load(unit, None)
    for _ in range(requests):
        linguist.load(unit, stats)
    summaries = linguist.summaries[unit]
    for number in range(requests):
        if linguist.batched:
            summary = summaries[number % len(summaries)]
            if not linguist.save_batch(unit, stats, linguist.summary_entries(unit, summary, False)):
                linguist.load(unit, None)
        else:
            linguist.save(unit, stats, "sentence")
    linguist.conn.close()
    return stats


def run_load(
    seeded: Seeded,
    port: int,
    *,
    users: int,
    seconds: float,
    burst: int,
    seed: int,
    rate: float,
    span_share: float,
    key_fact_share: float = 0.0,
    batched: bool = True,
    on_start: Callable[[], None],
):
    """Run the linguists; ``on_start`` runs once they have warmed up, as the clock starts."""
    # --rate R saves/s in all: R * (burst + 1) / burst requests/s (a GET per burst of saves);
    # batched, a visit is a GET and a batch per summary carrying its sentences and relevance
    # (and the topic's category in the last one), so R * requests / judgements per visit.
    if batched:
        per_visit = SUMMARIES_PER_UNIT * (SENTENCES_PER_SUMMARY + 1) + 1
        interval = users * per_visit / (rate * (SUMMARIES_PER_UNIT + 1)) if rate else 0.0
    else:
        interval = users * burst / (rate * (burst + 1)) if rate else 0.0
    linguists = [
        Linguist(index, key, units, port, seed)
        for index, (key, units) in enumerate(seeded.users[:users])
    ]
    for linguist in linguists:
        linguist.span_share = span_share
        linguist.key_fact_share = key_fact_share
        linguist.batched = batched
    start: list[float] = [0.0]

    def go() -> None:
        on_start()
        start[0] = time.perf_counter()

    barrier = threading.Barrier(len(linguists) + 1, action=go)
    threads = [
        threading.Thread(
            target=linguist.run, args=(barrier, start, seconds, burst, interval), daemon=True
        )
        for linguist in linguists
    ]
    for thread in threads:
        thread.start()
    with contextlib.suppress(threading.BrokenBarrierError):
        barrier.wait()
    for thread in threads:
        thread.join(timeout=seconds + 120)
    elapsed = time.perf_counter() - start[0]
    errors = [linguist.error for linguist in linguists if linguist.error is not None]
    if errors:
        raise SystemExit(f"bench: a simulated linguist failed: {errors[0]!r}")
    total = Stats()
    for linguist in linguists:
        total.merge(linguist.stats)
    return total, elapsed


# --- figures ------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def server_times(access_log: Path, offset: int) -> dict[str, list[float]]:
    """Per-request time inside the worker (ms) from gunicorn's access log, from ``offset``."""
    times: dict[str, list[float]] = {"payload": [], "save": []}
    with access_log.open("rb") as handle:
        handle.seek(offset)
        for line in handle.read().decode().splitlines():
            parts = line.split()
            if len(parts) != 4:
                continue
            method, _, _, micros = parts
            if method == "GET":
                times["payload"].append(int(micros) / 1000)
            elif method in ("PATCH", "POST"):
                times["save"].append(int(micros) / 1000)
    return times


def count_in_database(round_id: int) -> tuple[int, int]:
    """(sum of the judgements' versions, audit rows of saves) in the benchmark round."""
    from django.db.models import Sum

    from annotations.models import (
        JudgementChange,
        KeyFactSheet,
        SentenceJudgement,
        SummaryJudgement,
        TopicJudgement,
    )

    versions = 0
    for model in (SentenceJudgement, SummaryJudgement, TopicJudgement, KeyFactSheet):
        versions += (
            model.objects.filter(assignment__round_id=round_id).aggregate(n=Sum("version"))["n"]
            or 0
        )
    changes = JudgementChange.objects.filter(
        assignment__round_id=round_id,
        kind__in=["sentencejudgement", "summaryjudgement", "topicjudgement", "keyfactsheet"],
    ).count()
    return versions, changes
