"""The save URLs of a sentence or summary, by its handle in the assignment (annotations/handles.py):
the tests know database ids; a linguist only ever sees handles."""

from __future__ import annotations

from annotations.handles import encode


def sentence_url(assignment_id: int, sentence_id: int) -> str:
    handle = encode(assignment_id, "sentence", sentence_id)
    return f"/api/assignments/{assignment_id}/sentences/{handle}/"


def summary_url(assignment_id: int, summary_id: int) -> str:
    handle = encode(assignment_id, "summary", summary_id)
    return f"/api/assignments/{assignment_id}/summaries/{handle}/"
