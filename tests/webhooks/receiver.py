"""A real webhook receiver for the tests: ``http.server`` on 127.0.0.1 in a thread.

It records every request (path, headers, body) and answers from a script: a list of
statuses taken in order (200 once it runs out); 302 answers with a Location to ``/moved``;
``hold`` makes the first request wait until released (a worker killed mid-delivery)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Receiver:
    port: int = 0
    script: list[int] = field(default_factory=list)
    requests: list[Received] = field(default_factory=list)
    hold: bool = False
    holding: threading.Event = field(default_factory=threading.Event)
    release: threading.Event = field(default_factory=threading.Event)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hook"

    def answer(self) -> int:
        return self.script.pop(0) if self.script else 200


@contextmanager
def receiver(*, script: list[int] | None = None, hold: bool = False) -> Iterator[Receiver]:
    state = Receiver(script=list(script or []), hold=hold)
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            with lock:
                state.requests.append(Received(self.path, dict(self.headers.items()), body))
                first = len(state.requests) == 1
                status = state.answer()
            if state.hold and first:
                state.holding.set()
                state.release.wait(60)
                return  # the sender is gone: answer nothing
            self.send_response(status)
            if status == 302:
                self.send_header("Location", "/moved")
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    state.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        state.release.set()
        server.shutdown()
        server.server_close()
