"""A summary's relevance to the topic (1-5), the not-a-summary flag, and a comment."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from annotations.kinds.spec import Kind
from annotations.models import SummaryJudgement


def missing(state: Mapping[str, Any] | None, scheme: Mapping[str, bool]) -> list[str]:
    """Rated, or flagged as not a summary (which needs no rating)."""
    if state is not None and (state["relevance"] is not None or state["not_a_summary"]):
        return []
    return ["relevance"]


SUMMARY = Kind(
    key="summary",
    payload_key="summaries",
    model=SummaryJudgement,
    target="summary",
    scalars=("relevance", "not_a_summary", "comment"),
    asked_by=("relevance",),
    missing=missing,
    messages={"relevance": "rate relevance to the topic."},
)
