"""The units of a round where its raters disagree, a page at a time (docs/api/admin.md,
"Disagreements"), read from ``UnitDisagreement`` (kept current by
``services/unit_disagreements.py``, which the views call first): a count and an indexed page,
in the order of their documents and topics."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from annotations.models import Round, Topic, UnitDisagreement
from annotations.selectors.paging import PageRequest, page_of

ORDER = ("topic__document__external_id", "topic__position", "topic_id")


def _listed(round_: Round) -> QuerySet[UnitDisagreement]:
    return UnitDisagreement.objects.filter(round=round_).filter(
        Q(sentences__gt=0) | Q(summaries__gt=0) | Q(topic_category=True)
    )


def disagreement_page(*, round: Round, asked: PageRequest) -> dict[str, Any]:
    """Two queries whatever the round's size."""
    listed = _listed(round)
    page = page_of(listed.count(), asked)
    rows = listed.order_by(*ORDER).values_list(
        "topic_id",
        "topic__name",
        "topic__document__title",
        "topic__document__external_id",
        "sentences",
        "summaries",
        "topic_category",
    )[page.start : page.stop]
    return {
        **page.fields(),
        "units": [
            {
                "topic": topic_id,
                "topic_name": name,
                "document": title or external_id,
                "sentences": sentences,
                "summaries": summaries,
                "topic_category": category,
            }
            for topic_id, name, title, external_id, sentences, summaries, category in rows
        ],
    }


def next_disagreement(*, round: Round, topic: Topic) -> int | None:
    """The unit listed after ``topic`` (listed or not), or None after the last: one query."""
    key = topic.document.external_id
    after = (
        Q(topic__document__external_id__gt=key)
        | Q(topic__document__external_id=key, topic__position__gt=topic.position)
        | Q(topic__document__external_id=key, topic__position=topic.position, topic_id__gt=topic.pk)
    )
    return _listed(round).filter(after).order_by(*ORDER).values_list("topic_id", flat=True).first()
