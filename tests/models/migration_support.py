"""What the migration tests share: finding a migration and its parent in the graph, and a
corpus unit made with a historical state's models."""

from __future__ import annotations

from typing import Any

from django.db.migrations.loader import MigrationLoader


def migration_and_parent(suffix: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The migration by its name's end, and the one it follows: found in the graph, so that
    renumbering the migrations at a merge never leaves a test pointing at no node."""
    graph = MigrationLoader(None, ignore_no_migrations=True).graph
    (node,) = [n for n in graph.leaf_nodes() + list(graph.nodes) if n[1].endswith(suffix)][:1]
    (parent,) = [p for p in graph.node_map[node].parents if p[0] == "annotations"]
    return [parent.key], [node]


def historical_unit(
    apps: Any, *, summaries: int = 1, sentences: int = 1
) -> tuple[Any, Any, list[Any], list[Any]]:
    """A project with one document and topic, ``summaries`` summaries of ``sentences``
    sentences each, made with ``apps``' models: (project, topic, summaries, sentences)."""

    def model(name: str) -> Any:
        return apps.get_model("annotations", name)

    project = model("Project").objects.create(
        slug="old",
        name="Old",
        taxonomy=model("ErrorTaxonomy").objects.create(slug="old-taxonomy", name="Old"),
    )
    corpus = model("Corpus").objects.create(project=project, slug="c")
    document = model("Document").objects.create(corpus=corpus, external_id="d", content_hash="x")
    topic = model("Topic").objects.create(document=document, name="t", position=0)
    made = [
        model("Summary").objects.create(
            topic=topic, external_id=f"s{n}", system="s", text="One. Two.", position=n
        )
        for n in range(summaries)
    ]
    lines = [
        model("SummarySentence").objects.create(
            summary=summary, position=n, text="One.", start=0, end=4
        )
        for summary in made
        for n in range(sentences)
    ]
    return project, topic, made, lines
