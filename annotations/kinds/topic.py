"""The unit's topic category: main, marginal or irrelevant to the document."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from annotations.kinds.spec import Kind
from annotations.models import TopicJudgement


def missing(state: Mapping[str, Any] | None, scheme: Mapping[str, bool]) -> list[str]:
    return [] if state is not None and state["category"] else ["topic_category"]


TOPIC = Kind(
    key="topic",
    payload_key="topic",
    model=TopicJudgement,
    target="unit",
    scalars=("category",),
    asked_by=("topic_category",),
    missing=missing,
    messages={"topic_category": "choose main, marginal or irrelevant."},
)
