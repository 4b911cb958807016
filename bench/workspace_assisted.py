"""Workspace benchmark, assisted round (docs/models-in-the-loop.md): the seeded round becomes
assisted (a corpus run with a verdict on every sentence, half the pairs assisted), then one
request at a time in this process: the payload of an assisted unit, and a label save followed
by the reveal request (what the workspace sends after a save in an assisted unit)."""

from __future__ import annotations

import statistics
import time
from typing import Any

from workspace_seeding import Seeded

# The budget for the assisted payload in-process, and the workspace's request budget
# (the paced phase's payload p95 target) for a save with its reveal.
PAYLOAD_P95_MS = 15.0
SAVE_WITH_REVEAL_P95_MS = 50.0


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def assisted_check(seeded: Seeded, *, repeat: int) -> dict[str, Any]:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from annotations.formats.corpus_run_parts import Extra, records_from_rows
    from annotations.models import (
        Assignment,
        CorpusRun,
        Evaluator,
        Round,
        SummarySentence,
    )
    from annotations.services.assisted import round_assistance_set
    from annotations.services.corpus_runs import store_run_records

    round_ = Round.objects.get(pk=seeded.round_id)
    evaluator = Evaluator.objects.create(project=round_.project, name="bench-judge", kind="llm")
    sentences = list(
        SummarySentence.objects.filter(summary__topic__assignments__round=round_)
        .distinct()
        .values_list("pk", "summary_id")
    )
    run = CorpusRun.objects.create(
        project=round_.project,
        evaluator=evaluator,
        version="bench-v1",
        source_name="bench.jsonl",
        sha256="0" * 64,
        sentences=len(sentences),
        has_labels=True,
    )
    store_run_records(
        run,
        records_from_rows(
            (
                summary,
                pk,
                "inconsistent" if pk % 3 == 0 else "consistent",
                None,
                False,
                Extra("The dialogue says the opposite in turn 4. " * 3, evidence=(3, 4)),
            )
            for pk, summary in sentences
        ),
    )
    round_assistance_set(round=round_, run=run, share=0.5)
    key, units = seeded.users[-1]
    assisted = [
        pk
        for pk in Assignment.objects.filter(pk__in=units, assisted=True).values_list(
            "pk", flat=True
        )
    ]
    unit = assisted[0]
    client = Client(SERVER_NAME="127.0.0.1", HTTP_AUTHORIZATION=f"Token {key}")
    payload_ms: list[float] = []
    for _ in range(repeat):
        started = time.perf_counter()
        response = client.get(f"/api/assignments/{unit}/")
        payload_ms.append((time.perf_counter() - started) * 1000)
    assert response.status_code == 200
    with CaptureQueriesContext(connection) as payload_queries:
        client.get(f"/api/assignments/{unit}/")
    body = response.json()
    handles = [x["id"] for s in body["summaries"] for x in s["sentences"]]
    versions = {j["sentence"]: j["version"] for j in body["judgements"]["sentences"]}
    save_ms: list[float] = []
    revealed = 0
    for i in range(repeat):
        target = handles[i % len(handles)]
        label = "inconsistent" if (i // len(handles)) % 2 else "consistent"
        started = time.perf_counter()
        saved = client.patch(
            f"/api/assignments/{unit}/sentences/{target}/",
            {"label": label, "version": versions.get(target, 0)},
            content_type="application/json",
        )
        reveal = client.get(f"/api/assignments/{unit}/reveal/")
        save_ms.append((time.perf_counter() - started) * 1000)
        assert saved.status_code == 200, saved.content
        assert reveal.status_code == 200, reveal.content
        versions[target] = saved.json()["version"]
        revealed = len(reveal.json()["sentences"])
    with CaptureQueriesContext(connection) as reveal_queries:
        client.get(f"/api/assignments/{unit}/reveal/")
    return {
        "payload_p50": statistics.median(payload_ms),
        "payload_p95": _p95(payload_ms),
        "payload_queries": len(payload_queries),
        "save_reveal_p50": statistics.median(save_ms),
        "save_reveal_p95": _p95(save_ms),
        "reveal_queries": len(reveal_queries),
        "revealed": revealed,
        "sentences": len(handles),
        "repeat": repeat,
    }


def report(result: dict[str, Any]) -> None:
    print()
    print(
        f"assisted round, in-process ({result['repeat']} requests each; an assisted unit of"
        f" {result['sentences']} sentences, {result['revealed']} revealed at the end):"
    )
    payload_met = "met" if result["payload_p95"] <= PAYLOAD_P95_MS else "NOT met"
    save_met = "met" if result["save_reveal_p95"] <= SAVE_WITH_REVEAL_P95_MS else "NOT met"
    print(
        f"  payload p50 {result['payload_p50']:.2f} ms, p95 {result['payload_p95']:.2f} ms"
        f" ({result['payload_queries']} queries;"
        f" target p95 <= {PAYLOAD_P95_MS:g} ms: {payload_met})"
    )
    print(
        f"  label save + reveal p50 {result['save_reveal_p50']:.2f} ms,"
        f" p95 {result['save_reveal_p95']:.2f} ms (reveal: {result['reveal_queries']} queries;"
        f" target p95 <= {SAVE_WITH_REVEAL_P95_MS:g} ms: {save_met})"
    )
