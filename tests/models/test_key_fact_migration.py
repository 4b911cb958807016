"""Migration 0011 keeps what was saved before it: key facts kept per assignment (the TofuEval
import's published key points) move onto one sheet per assignment with their alignments and
sentences, atomic facts onto one sheet per (assignment, summary)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.models.migration_support import historical_unit, migration_and_parent

BEFORE, AFTER = migration_and_parent("_key_fact_sheets_and_atomic_facts")


@pytest.mark.long
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_key_facts_and_atomic_facts_move_onto_sheets() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    project, topic, (summary,), (sentence,) = historical_unit(old)
    round_ = old.get_model("annotations", "Round").objects.create(
        project=project, name="r", kind="reference", status="closed"
    )
    assignment = old.get_model("annotations", "Assignment").objects.create(
        round=round_, topic=topic, source="published"
    )
    KeyFact = old.get_model("annotations", "KeyFact")
    first = KeyFact.objects.create(assignment=assignment, position=0, text="First.", numbered=True)
    KeyFact.objects.create(assignment=assignment, position=1, text="Second.", numbered=False)
    alignment = old.get_model("annotations", "KeyFactAlignment").objects.create(
        key_fact=first, summary=summary
    )
    alignment.sentences.add(sentence)
    AtomicFact = old.get_model("annotations", "AtomicFact")
    AtomicFact.objects.create(
        assignment=assignment, summary=summary, position=0, text="A claim.", verdict="supported"
    )
    AtomicFact.objects.create(assignment=assignment, summary=summary, position=1, text="Another.")

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    sheet = new.get_model("annotations", "KeyFactSheet").objects.get(assignment_id=assignment.pk)
    facts = list(
        new.get_model("annotations", "KeyFact")
        .objects.filter(sheet=sheet)
        .order_by("position")
        .values_list("text", "numbered", "given_list_id")
    )
    assert facts == [("First.", True, None), ("Second.", False, None)]
    moved = new.get_model("annotations", "KeyFactAlignment").objects.get(pk=alignment.pk)
    assert moved.covered is True
    assert list(
        new.get_model("annotations", "AlignedSentence")
        .objects.filter(alignment_id=alignment.pk)
        .values_list("sentence_id", flat=True)
    ) == [sentence.pk]
    acu_sheet = new.get_model("annotations", "AtomicFactSheet").objects.get(
        assignment_id=assignment.pk, summary_id=summary.pk
    )
    assert list(
        new.get_model("annotations", "AtomicFact")
        .objects.filter(sheet=acu_sheet)
        .order_by("position")
        .values_list("text", "verdict")
    ) == [("A claim.", "supported"), ("Another.", "")]
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
