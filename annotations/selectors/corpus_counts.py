"""How many documents, topics (units) and summaries each corpus of a project holds, for the
project overview and the corpus browser (docs/performance.md, "Admin pages at scale").

Counting a million summaries through their topics and documents took ~300 ms a request, so
the counts are kept on the corpus (``Corpus.counts``) with what they were counted at: the
corpus's number of documents and largest document id, and the largest topic and summary ids
of the whole site. An import only ever adds documents, each with its topics and summaries,
and refuses to change an imported one (services/corpus_import.py), so while these four
numbers are the same the counts are too. Reading them is one query; the counts are taken
again, once, only for a corpus whose numbers moved (the import does it at its end, so the
first page after an import is not the one that pays). A topic or summary deleted by hand in
the Django admin, not with its document, is not seen until the next import.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Max, Subquery

from annotations.models import Corpus, Project, Summary, Topic


def corpus_counts(*, project: Project) -> list[dict[str, Any]]:
    """``[{slug, documents, topics, summaries}]`` by slug: one query, plus two and a write
    for the corpora whose contents changed since they were last counted."""
    rows = list(
        Corpus.objects.filter(project=project)
        .annotate(
            n_documents=Count("documents"),
            last_document=Max("documents__id"),
            # Uncorrelated: evaluated once per query, from the primary keys' index.
            last_topic=Subquery(Topic.objects.order_by("-id").values("id")[:1]),
            last_summary=Subquery(Summary.objects.order_by("-id").values("id")[:1]),
        )
        .order_by("slug")
        .values_list(
            "pk", "slug", "counts", "n_documents", "last_document", "last_topic", "last_summary"
        )
    )
    stale = {
        pk: [n_documents, last_document, last_topic, last_summary]
        for pk, _, counts, n_documents, last_document, last_topic, last_summary in rows
        if counts.get("at") != [n_documents, last_document, last_topic, last_summary]
    }
    counted = _recount(stale) if stale else {}
    return [
        {
            "slug": slug,
            **{
                key: counted.get(pk, counts).get(key, 0)
                for key in ("documents", "topics", "summaries")
            },
        }
        for pk, slug, counts, *_ in rows
    ]


def _recount(stale: dict[int, list[int | None]]) -> dict[int, dict[str, Any]]:
    """Count the ``stale`` corpora again (one grouped query per level, no ``DISTINCT`` over
    joins) and keep the counts with the numbers they were taken at."""
    topics = dict(
        Topic.objects.filter(document__corpus_id__in=stale)
        .values("document__corpus_id")
        .annotate(n=Count("id"))
        .values_list("document__corpus_id", "n")
        .order_by()
    )
    summaries = dict(
        Summary.objects.filter(topic__document__corpus_id__in=stale)
        .values("topic__document__corpus_id")
        .annotate(n=Count("id"))
        .values_list("topic__document__corpus_id", "n")
        .order_by()
    )
    counted = {
        pk: {
            "documents": at[0],
            "topics": topics.get(pk, 0),
            "summaries": summaries.get(pk, 0),
            "at": at,
        }
        for pk, at in stale.items()
    }
    Corpus.objects.bulk_update(
        [Corpus(pk=pk, counts=counts) for pk, counts in counted.items()], ["counts"]
    )
    return counted
