"""Writes to projects and their members."""

from __future__ import annotations

import re

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from annotations.models import ErrorTaxonomy, Membership, Project
from annotations.services.taxonomies import taxonomy_copy

DEFAULT_TAXONOMY = "tofueval"
SLUG = re.compile(r"[a-z0-9][a-z0-9_-]*")
# Room in the taxonomy copy's slug ("<project>-<taxonomy>") for the longest built-in name.
TAXONOMY_SUFFIX = 20


class ProjectSetupError(ValueError):
    pass


@transaction.atomic
def project_get_or_create(
    *, slug: str, name: str = "", taxonomy: str = DEFAULT_TAXONOMY
) -> tuple[Project, bool]:
    """The project ``slug``, created if missing with its own copy of a built-in taxonomy
    and the default (TofuEval) scheme."""
    longest = (getattr(Project._meta.get_field("slug"), "max_length", None) or 0) - TAXONOMY_SUFFIX
    # The taxonomy copy's slug is "<project>-<taxonomy>": both must fit their columns.
    if not SLUG.fullmatch(slug) or len(slug) > longest:
        shown = slug[:60] + ("…" if len(slug) > 60 else "")
        raise ProjectSetupError(
            f"project slug {shown!r} is not valid: use 1 to {longest} lowercase letters,"
            " digits, - and _, starting with a letter or digit"
        )
    project = Project.objects.filter(slug=slug).first()
    if project is not None:
        return project, False
    builtin = ErrorTaxonomy.objects.filter(slug=taxonomy, builtin=True).first()
    if builtin is None:
        choices = ", ".join(
            ErrorTaxonomy.objects.filter(builtin=True).values_list("slug", flat=True)
        )
        raise ProjectSetupError(f"unknown taxonomy {taxonomy!r}; built-in ones are {choices}")
    copy = taxonomy_copy(
        source=builtin, slug=f"{slug}-{builtin.slug}", name=f"{builtin.name} ({slug})"
    )
    project = Project.objects.create(slug=slug, name=name or slug, taxonomy=copy)
    return project, True


def membership_add(*, project: Project, user: AbstractBaseUser, role: str) -> Membership:
    membership, _ = Membership.objects.get_or_create(project=project, user_id=user.pk, role=role)
    return membership
