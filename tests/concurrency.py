"""Run callables at the same moment, each thread with its own database connection."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db import connections


def race(workers: list[Callable[[], Any]]) -> list[Any]:
    """Run the callables at once (released together by a barrier); results or exceptions."""
    barrier = threading.Barrier(len(workers))
    results: list[Any] = [None] * len(workers)

    def run(index: int) -> None:
        try:
            barrier.wait()
            results[index] = workers[index]()
        except Exception as error:
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(workers))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results
