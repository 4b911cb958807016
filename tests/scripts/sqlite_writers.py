"""Run by tests/test_sqlite_concurrency.py in a fresh process on a file SQLite database:
people saving and heartbeating at the same moment through the API. Prints the statuses seen."""

from __future__ import annotations

import json
import os
import sys
import threading
from collections import Counter
from pathlib import Path

import django

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the project root
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "annotation_site.settings")
django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connections  # noqa: E402
from django.test import Client  # noqa: E402

from annotations.models import Assignment, RoundStatus  # noqa: E402

call_command("migrate", verbosity=0)
call_command("load_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115
ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 40
statuses: Counter[int] = Counter()
lock = threading.Lock()
start = threading.Barrier(4)


def work(username: str, kind: str) -> None:
    client = Client()
    client.login(username=username, password="demo")
    # Units of open rounds only: the demo's closed rounds are submitted work, refused (403).
    assignments = list(
        Assignment.objects.filter(
            annotator__username=username, round__status=RoundStatus.OPEN
        ).order_by("id")
    )
    start.wait()
    try:
        for n in range(ROUNDS):
            assignment = assignments[n % len(assignments)]
            if kind == "heartbeat":
                response = client.post(
                    f"/api/assignments/{assignment.pk}/heartbeat/",
                    json.dumps({"seconds": 1}),
                    content_type="application/json",
                )
            else:
                payload = client.get(f"/api/assignments/{assignment.pk}/").json()
                summary = payload["summaries"][n % len(payload["summaries"])]
                sentence = summary["sentences"][0]["id"]
                saved = {j["sentence"]: j["version"] for j in payload["judgements"]["sentences"]}
                response = client.patch(
                    f"/api/assignments/{assignment.pk}/sentences/{sentence}/",
                    json.dumps({"label": "consistent", "version": saved.get(sentence, 0)}),
                    content_type="application/json",
                )
            with lock:
                statuses[response.status_code] += 1
    finally:
        connections.close_all()


threads = [
    threading.Thread(target=work, args=(name, kind))
    for name in ("linguist1", "linguist2")
    for kind in ("save", "heartbeat")
]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(json.dumps({str(k): v for k, v in statuses.items()}))
