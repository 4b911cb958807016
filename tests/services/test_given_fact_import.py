"""Given key facts and atomic facts in a native corpus (docs/formats/native.md): a topic's
``key_facts`` become a given list (source "given") a round can align, a summary's
``atomic_facts`` the ACUs a round can verify; bad lists are refused naming the field, and a
round that asks for lists its units lack is refused naming how many."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotations.models import AtomicFact, Document, KeyFact, KeyFactList, Membership, Role, Topic
from annotations.services.corpus_import import ImportFailed, corpus_import_native
from annotations.services.rounds import RoundInvalid, round_create
from tests.factories import GuidelineFactory, ProjectFactory, UserFactory
from tests.services.test_corpus_import import dialogue, write_lines

pytestmark = pytest.mark.django_db


def with_facts(doc_id: str) -> dict:
    document = dialogue(doc_id)
    document["topics"][0]["key_facts"] = ["The council votes tonight.", " Funding is unclear. "]
    document["topics"][0]["summaries"][0]["atomic_facts"] = ["A vote is tonight.", "Patel asks."]
    document["topics"][0]["summaries"][1]["atomic_facts"] = ["A vote is held."]
    return document


def test_given_lists_come_in_with_the_corpus_and_once(tmp_path: Path) -> None:
    project = ProjectFactory()
    path = write_lines(tmp_path / "c.jsonl", [with_facts("d1"), dialogue("d2")])
    report = corpus_import_native(project=project, path=path)
    assert "given: 2 key fact(s) in lists rounds can align (source 'given'), 3 atomic" in (
        "\n".join(report.lines())
    )
    given = KeyFactList.objects.get()
    assert (given.source, given.topic.document.external_id) == ("given", "d1")
    assert list(given.facts.order_by("position").values_list("position", "text")) == [
        (1, "The council votes tonight."),
        (2, "Funding is unclear."),
    ]
    assert list(
        AtomicFact.objects.filter(given_for__system="Quillon-13B")
        .order_by("position")
        .values_list("text", flat=True)
    ) == ["A vote is tonight.", "Patel asks."]
    # Importing the same file again changes nothing; without the lists, d2's hash is as before.
    again = corpus_import_native(project=project, path=path)
    assert again.documents_unchanged == 2
    assert KeyFact.objects.count() == 2
    assert AtomicFact.objects.count() == 3


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["topics"][0].update(key_facts="one fact"), "topics[0].key_facts: expected"),
        (
            lambda d: d["topics"][0].update(key_facts=["ok", "  "]),
            "key_facts[1]: expected a non-empty string",
        ),
        (lambda d: d["topics"][0].update(key_facts=["x"] * 51), "at most 50 facts"),
        (
            lambda d: d["topics"][0]["summaries"][0].update(atomic_facts=[3]),
            "summaries[0].atomic_facts[0]: expected",
        ),
    ],
)
def test_bad_lists_are_refused_naming_the_field(tmp_path: Path, change, message: str) -> None:  # type: ignore[no-untyped-def]
    document = with_facts("d1")
    change(document)
    with pytest.raises(ImportFailed) as error:
        corpus_import_native(
            project=ProjectFactory(), path=write_lines(tmp_path / "c.jsonl", [document])
        )
    assert message in str(error.value)
    assert not Document.objects.exists()
    assert not KeyFact.objects.exists()


def test_a_round_needs_the_given_lists_in_every_unit(tmp_path: Path) -> None:
    project = ProjectFactory(ask_completeness=True, ask_atomic_facts=True)
    corpus_import_native(
        project=project,
        path=write_lines(tmp_path / "c.jsonl", [with_facts("d1"), dialogue("d2")]),
    )
    linguist = UserFactory(username="aligner")
    Membership.objects.create(project=project, user=linguist, role=Role.ANNOTATOR)
    GuidelineFactory(project=project, version=1)
    units = dict(Topic.objects.values_list("document__external_id", "pk"))
    common = {
        "project": project,
        "kind": "pilot",
        "overlap": 1,
        "guideline_version": 1,
        "annotators": ["aligner"],
    }
    with pytest.raises(RoundInvalid) as refused:
        round_create(
            name="Both units",
            topic_ids=list(units.values()),
            key_fact_source="given",
            given_atomic_facts=True,
            **common,  # type: ignore[arg-type]
        )
    assert refused.value.errors["key_fact_source"] == [
        "1 of the 2 units have no 'given' key-fact list (lists these units have: given)"
    ]
    assert refused.value.errors["given_atomic_facts"] == [
        "2 summaries of these units have no given atomic facts"
    ]
    round_, _ = round_create(
        name="With lists",
        topic_ids=[units["d1"]],
        key_fact_source="given",
        given_atomic_facts=True,
        **common,  # type: ignore[arg-type]
    )
    assert (round_.key_fact_source, round_.given_atomic_facts) == ("given", True)
