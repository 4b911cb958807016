"""Workspace benchmark, in-process breakdown: one request at a time through Django's
test client, split into SQL and Python, with its query count (and cProfile)."""

from __future__ import annotations

import statistics
import time

from workspace_seeding import Seeded

# --- in-process breakdown -----------------------------------------------------------------


def breakdown(seeded: Seeded, *, repeat: int, profile: bool) -> list[tuple]:
    """Per request, one at a time in this process: wall ms, SQL ms, queries."""
    from django.db import connection
    from django.test import Client

    key, units = seeded.users[0]
    unit = units[0]
    client = Client(SERVER_NAME="127.0.0.1", HTTP_AUTHORIZATION=f"Token {key}")
    payload = client.get(f"/api/assignments/{unit}/").json()
    sentence_ids = [x["id"] for s in payload["summaries"] for x in s["sentences"]]
    summary_ids = [s["id"] for s in payload["summaries"]]
    type_ids = [t["id"] for t in payload["taxonomy"]["types"]]
    versions = {j["sentence"]: j["version"] for j in payload["judgements"]["sentences"]}
    summary_versions = {j["summary"]: j["version"] for j in payload["judgements"]["summaries"]}
    topic_version = [(payload["judgements"]["topic"] or {}).get("version", 0)]
    counter = {"n": 0, "seconds": 0.0, "commit": 0.0}
    raw_commit = connection._commit

    def timed_commit():  # COMMIT is not an execute(): time it apart (WAL flush to disk)
        started = time.perf_counter()
        try:
            return raw_commit()
        finally:
            counter["commit"] += time.perf_counter() - started

    def timed(execute, sql, params, many, context):
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            counter["n"] += 1
            counter["seconds"] += time.perf_counter() - started

    def get_payload(i: int):
        return client.get(f"/api/assignments/{unit}/")

    turn_ids = [t["id"] for t in payload["document"]["turns"]]
    spans_asked = payload["scheme"]["error_spans"]

    def patch_sentence(i: int, body: dict, part: str = ""):
        target = sentence_ids[i % len(sentence_ids)]
        response = client.patch(
            f"/api/assignments/{unit}/sentences/{target}/{part}",
            {**body, "version": versions.get(target, 0)},
            content_type="application/json",
        )
        versions[target] = response.json()["version"]
        return response

    def save_sentence(i: int):
        body = {"label": "inconsistent", "explanation": "x", "error_types": type_ids[:1]}
        return patch_sentence(i, body)

    def save_label(i: int):
        return patch_sentence(i, {"label": "consistent"})

    def evidence(i: int) -> list[dict]:
        return [{"turn": turn_ids[(i + k) % len(turn_ids)], "start": 0, "end": 4} for k in (0, 1)]

    def save_spans(i: int):
        spans = [{"start": 0, "end": 4 + i % 3, "evidence": evidence(i)}, {"start": 8, "end": 12}]
        return patch_sentence(i, {"spans": spans}, "spans/")

    def save_evidence(i: int):
        # The span save_spans left on this sentence (the same i cycles the same sentences).
        span = {"start": 0, "end": 4 + i % 3}
        return patch_sentence(i, {"span": span, "evidence": evidence(i + 1)}, "evidence/")

    def save_summary(i: int):
        target = summary_ids[i % len(summary_ids)]
        response = client.patch(
            f"/api/assignments/{unit}/summaries/{target}/",
            {"relevance": 1 + i % 5, "version": summary_versions.get(target, 0)},
            content_type="application/json",
        )
        summary_versions[target] = response.json()["version"]
        return response

    def save_topic(i: int):
        response = client.patch(
            f"/api/assignments/{unit}/topic/",
            {"category": "main", "version": topic_version[0]},
            content_type="application/json",
        )
        topic_version[0] = response.json()["version"]
        return response

    key_fact_version = [(payload["judgements"].get("key_facts") or {}).get("version", 0)]
    sentences_of = {s["id"]: [x["id"] for x in s["sentences"]] for s in payload["summaries"]}

    def save_key_facts(i: int):
        """The unit's whole list: 12 facts, each decided for the 6 summaries, half of the
        cells stated with one or two sentences (the list a key-fact save sends)."""
        facts = [
            {
                "position": n,
                "text": f"Key fact {n} of save {i}.",
                "alignments": [
                    {
                        "summary": summary,
                        "covered": (n + k + i) % 2 == 0,
                        "sentences": [{"sentence": x} for x in sentences_of[summary][: 1 + n % 2]]
                        if (n + k + i) % 2 == 0
                        else [],
                    }
                    for k, summary in enumerate(summary_ids)
                ],
            }
            for n in range(1, 13)
        ]
        response = client.patch(
            f"/api/assignments/{unit}/key_facts/",
            {"facts": facts, "version": key_fact_version[0]},
            content_type="application/json",
        )
        key_fact_version[0] = response.json()["version"]
        return response

    def post_batch(i: int, typed: bool):
        """One summary's batch, as the save queue sends it on leaving the summary: its five
        sentences (labels; ``typed``: inconsistent with an explanation and a type) and its
        relevance."""
        summary = summary_ids[i % len(summary_ids)]
        fields = (
            {"label": "inconsistent", "explanation": f"x{i}", "error_types": type_ids[:1]}
            if typed
            else {"label": "consistent" if i % 2 else "inconsistent"}
        )
        entries = [
            {"kind": "sentence", "handle": x, "version": versions.get(x, 0), **fields}
            for x in sentences_of[summary]
        ]
        entries.append(
            {
                "kind": "summary",
                "handle": summary,
                "version": summary_versions.get(summary, 0),
                "relevance": 1 + i % 5,
            }
        )
        response = client.post(
            f"/api/assignments/{unit}/batch/", {"entries": entries}, content_type="application/json"
        )
        for entry, result in zip(entries, response.json()["entries"], strict=True):
            if result["status"] != 200:
                raise SystemExit(f"bench: a batch entry answered {result}")
            known = versions if entry["kind"] == "sentence" else summary_versions
            known[entry["handle"]] = result["state"]["version"]
        return response

    cases = [
        ("GET payload", get_payload),
        ("POST batch 5 labels+relev.", lambda i: post_batch(i, False)),
        ("POST batch 5 typed+relev.", lambda i: post_batch(i, True)),
        ("PATCH sentence label", save_label),
        ("PATCH sentence +expl+types", save_sentence),
        ("PATCH summary relevance", save_summary),
        ("PATCH topic category", save_topic),
    ]
    if spans_asked:
        cases += [("PATCH spans (2, 2 evidence)", save_spans), ("PATCH evidence", save_evidence)]
    if payload["scheme"]["completeness"]:
        cases += [("PATCH key facts (12 x 6)", save_key_facts)]
    rows = []
    for label, request in cases:
        for i in range(5):  # warm
            request(i)
        walls, sqls, commits, queries = [], [], [], []
        profiler = None
        if profile:
            import cProfile

            profiler = cProfile.Profile()
        connection._commit = timed_commit
        with connection.execute_wrapper(timed):
            for i in range(repeat):
                counter["n"], counter["seconds"], counter["commit"] = 0, 0.0, 0.0
                started = time.perf_counter()
                if profiler is not None:
                    profiler.enable()
                response = request(i)
                if profiler is not None:
                    profiler.disable()
                walls.append((time.perf_counter() - started) * 1000)
                if response.status_code != 200:
                    raise SystemExit(f"bench: {label} answered {response.status_code}")
                sqls.append(counter["seconds"] * 1000)
                commits.append(counter["commit"] * 1000)
                queries.append(counter["n"])
        del connection._commit
        rows.append(
            (
                label,
                statistics.median(walls),
                statistics.median(sqls),
                statistics.median(commits),
                statistics.median(queries),
                len(response.content),
            )
        )
        if profiler is not None:
            import io
            import pstats

            out = io.StringIO()
            stats = pstats.Stats(profiler, stream=out)
            stats.sort_stats("cumulative").print_stats(30)
            stats.sort_stats("tottime").print_stats(25)
            print(f"\n--- cProfile: {label} x{repeat} (cumulative, then own time) ---")
            print(out.getvalue())
    return rows
