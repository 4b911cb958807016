"""project_get_or_create: the one way a project is made (the command line, the API, the demo)."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from annotations.models import ErrorTaxonomy, Membership, Project
from annotations.services.projects import (
    SCHEME_FIELDS,
    SCHEME_NEEDS,
    ProjectSetupError,
    project_get_or_create,
)
from tests.factories import ProjectFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("key", "needed"), sorted(SCHEME_NEEDS.items()))
def test_each_need_the_service_checks_is_a_constraint_of_the_database(
    key: str, needed: str
) -> None:
    """SCHEME_NEEDS says the model's check constraints again, to name the switch at fault;
    a project breaking one of them must be refused by the database too."""
    project = ProjectFactory.build(taxonomy=ProjectFactory().taxonomy, slug="needs")
    for other in SCHEME_NEEDS.values():
        setattr(project, SCHEME_FIELDS[other], True)
    setattr(project, SCHEME_FIELDS[key], True)
    setattr(project, SCHEME_FIELDS[needed], False)
    with pytest.raises(IntegrityError), transaction.atomic():
        project.save()


def test_the_database_has_no_scheme_constraint_the_service_does_not_check() -> None:
    scheme_constraints = [
        c.name
        for c in Project._meta.constraints
        if any(field in str(getattr(c, "condition", "")) for field in Project.SCHEME_FIELDS)
    ]
    assert len(scheme_constraints) == len(SCHEME_NEEDS)


def test_a_new_project_gets_its_scheme_and_its_creator_as_admin() -> None:
    creator = UserFactory()
    project, created = project_get_or_create(
        slug="spans",
        taxonomy="dialogue-llm",
        scheme={"error_spans": True, "require_error_spans": True, "topic_category": False},
        creator=creator,
    )
    assert created
    project.refresh_from_db()
    assert (project.ask_error_spans, project.require_error_spans) == (True, True)
    assert not project.ask_topic_category
    assert project.ask_relevance  # not given: the default
    assert list(Membership.objects.values_list("user", "role")) == [(creator.pk, "admin")]


def test_an_existing_project_is_returned_as_it_is_unless_it_must_be_new() -> None:
    existing = ProjectFactory(slug="kept", name="Kept")
    creator = UserFactory()
    project, created = project_get_or_create(
        slug="kept", name="Other", taxonomy="frank", creator=creator
    )
    assert (project, created) == (existing, False)
    assert not Membership.objects.exists()  # the creator of nothing is admin of nothing
    with pytest.raises(ProjectSetupError) as refused:
        project_get_or_create(slug="kept", exists_ok=False)
    assert set(refused.value.errors) == {"slug"}


def test_a_leftover_taxonomy_copy_is_a_clear_refusal_not_a_crash() -> None:
    """A deleted project leaves its taxonomy copy behind; the new copy's name is taken."""
    ErrorTaxonomy.objects.create(slug="again-tofueval", name="TofuEval (again)")
    with pytest.raises(ProjectSetupError, match="taxonomy copy again-tofueval") as refused:
        project_get_or_create(slug="again")
    assert set(refused.value.errors) == {"slug"}
    assert not Project.objects.filter(slug="again").exists()


def test_every_fault_is_named_at_once_and_the_message_has_them_all() -> None:
    with pytest.raises(ProjectSetupError) as refused:
        project_get_or_create(
            slug="-no", name="n" * 201, taxonomy="nope", scheme={"evidence": True}
        )
    # In the order of the form's fields, whatever order they were found in.
    assert list(refused.value.errors) == ["slug", "name", "taxonomy", "scheme.evidence"]
    assert "unknown taxonomy 'nope'" in str(refused.value)
    assert "at most 200" in str(refused.value)
