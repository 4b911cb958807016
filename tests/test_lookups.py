"""``__any``: the same rows as ``__in``, for plain and related fields, on either database."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from annotations.models import Summary, SummarySentence, Topic

pytestmark = pytest.mark.django_db


def test_any_selects_what_in_selects() -> None:
    call_command("load_demo", stdout=StringIO())
    topics = set(list(Topic.objects.order_by("id").values_list("id", flat=True))[::2])
    assert set(Topic.objects.filter(pk__any=topics)) == set(Topic.objects.filter(pk__in=topics))
    assert set(Summary.objects.filter(topic_id__any=topics)) == set(
        Summary.objects.filter(topic_id__in=topics)
    )
    across_a_join = SummarySentence.objects.filter(summary__topic_id__any=topics)
    assert (
        across_a_join.count()
        == SummarySentence.objects.filter(summary__topic_id__in=topics).count()
    )
    assert across_a_join.count() > 0
    assert list(Topic.objects.filter(pk__any=set())) == []
    one = min(topics)
    assert Topic.objects.filter(pk__any={one}).get().pk == one
    assert Topic.objects.filter(pk__any=[one]).get().pk == one  # a list works too
