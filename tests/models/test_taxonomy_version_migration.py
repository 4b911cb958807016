"""The taxonomy-versions migration gives every taxonomy a published version 1 with all its
types (a snapshot of their texts) and makes every existing round freeze it, so old labels
keep their types."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.models.migration_support import migration_and_parent

BEFORE, AFTER = migration_and_parent("_taxonomy_versions")


@pytest.mark.long
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_existing_rounds_freeze_a_version_1_of_their_taxonomy() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    taxonomy = old.get_model("annotations", "ErrorTaxonomy").objects.create(
        slug="old-taxonomy", name="Old"
    )
    ErrorType = old.get_model("annotations", "ErrorType")
    group = ErrorType.objects.create(taxonomy=taxonomy, code="g", name="G", definition="G.")
    ErrorType.objects.create(
        taxonomy=taxonomy, code="c", name="C", definition="C.", parent=group, position=1
    )
    project = old.get_model("annotations", "Project").objects.create(
        slug="old", name="Old", taxonomy=taxonomy
    )
    round_ = old.get_model("annotations", "Round").objects.create(
        project=project, name="r", kind="pilot"
    )

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    version = new.get_model("annotations", "Round").objects.get(pk=round_.pk).taxonomy_version
    assert (version.taxonomy_id, version.version) == (taxonomy.pk, 1)
    assert version.published_at is not None
    assert sorted(version.types.values_list("code", flat=True)) == ["c", "g"]
    assert [t["code"] for t in version.snapshot] == ["g", "c"]
    assert version.snapshot[1]["group"] == "g"
    # Back to the latest schema: the migrations after this one add columns later tests use.
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
