"""Writes to projects and their members."""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, models, transaction

from annotations.models import ErrorTaxonomy, Membership, Project, Role
from annotations.services.taxonomies import taxonomy_copy

DEFAULT_TAXONOMY = "tofueval"
SLUG = re.compile(r"[a-z0-9][a-z0-9_-]*")
# Room in the taxonomy copy's slug ("<project>-<taxonomy>") for the longest built-in name.
TAXONOMY_SUFFIX = 20
# A scheme is given by the keys of ``Project.scheme`` ("error_spans", "require_evidence"),
# each the name of one model field.
SCHEME_FIELDS = {field.removeprefix("ask_"): field for field in Project.SCHEME_FIELDS}
# What a switch needs switched on: the model's check constraints (required_spans_are_asked,
# evidence_needs_spans, required_evidence_is_asked) in the scheme's words, so a refusal
# names the switch instead of failing on the constraint. tests/services/test_projects.py
# checks that the two agree.
SCHEME_NEEDS = {
    "require_error_spans": "error_spans",
    "evidence": "error_spans",
    "require_evidence": "evidence",
}


def scheme_field(key: str) -> models.BooleanField:
    """The model field of the scheme's question ``key``: its default and its label."""
    found = Project._meta.get_field(SCHEME_FIELDS[key])
    assert isinstance(found, models.BooleanField), f"{key} is not a switch"
    return found


class ProjectSetupError(ValueError):
    """A project that cannot be created as asked. ``errors`` names each field at fault
    (``slug``, ``name``, ``taxonomy``, ``scheme.<key>``); the message says it all in one line."""

    FIELDS = ("slug", "name", "taxonomy", "scheme")

    def __init__(self, errors: Mapping[str, list[str]]) -> None:
        # In the order of the arguments (and of the form), whatever order they were found in.
        ordered = sorted(errors.items(), key=lambda item: self.FIELDS.index(item[0].split(".")[0]))
        self.errors = {field: list(messages) for field, messages in ordered}
        super().__init__("; ".join(m for messages in self.errors.values() for m in messages))


class ProjectSlugTaken(ProjectSetupError):
    """The slug is free of faults but taken: by a project, or by an earlier project's taxonomy
    copy. Stored data decides it, not the request's shape (the API answers 409)."""


def longest_slug() -> int:
    """The longest project slug: its column less room for the taxonomy copy's suffix."""
    length = getattr(Project._meta.get_field("slug"), "max_length", None) or 0
    return int(length) - TAXONOMY_SUFFIX


def builtin_taxonomy_slugs() -> list[str]:
    return list(
        ErrorTaxonomy.objects.filter(builtin=True).order_by("slug").values_list("slug", flat=True)
    )


def scheme_errors(scheme: Mapping[str, bool]) -> dict[str, list[str]]:
    """Why ``scheme`` cannot be a project's scheme, per ``scheme.<key>``; empty when it can.
    Switches it leaves out keep their defaults."""
    errors: dict[str, list[str]] = {}
    for key, value in scheme.items():
        if key not in SCHEME_FIELDS:
            errors[f"scheme.{key}"] = [
                f"unknown question {key!r}; the questions are {', '.join(SCHEME_FIELDS)}"
            ]
        elif not isinstance(value, bool):
            errors[f"scheme.{key}"] = [f"{key} is true or false, not {value!r}"]
    if errors:
        return errors
    effective = {key: scheme.get(key, scheme_field(key).get_default()) for key in SCHEME_FIELDS}
    for key, needed in SCHEME_NEEDS.items():
        if effective[key] and not effective[needed]:
            errors[f"scheme.{key}"] = [f"{key} needs {needed}: switch {needed} on, or {key} off"]
    return errors


@transaction.atomic
def project_get_or_create(
    *,
    slug: str,
    name: str = "",
    taxonomy: str = DEFAULT_TAXONOMY,
    scheme: Mapping[str, bool] | None = None,
    creator: AbstractBaseUser | None = None,
    exists_ok: bool = True,
) -> tuple[Project, bool]:
    """The project ``slug``, created if missing with its own copy of the built-in taxonomy
    ``taxonomy`` and ``scheme`` (questions left out keep their defaults, which reproduce
    TofuEval). A new project's ``creator`` becomes its admin. An existing project is returned
    as it is (name, taxonomy and scheme are not compared), unless ``exists_ok`` is false: then
    its slug is an error. Raises ``ProjectSetupError`` naming every field at fault; nothing is
    written then."""
    errors: dict[str, list[str]] = {}
    longest = longest_slug()
    # The taxonomy copy's slug is "<project>-<taxonomy>": both must fit their columns.
    if not SLUG.fullmatch(slug) or len(slug) > longest:
        shown = slug[:60] + ("…" if len(slug) > 60 else "")
        errors["slug"] = [
            f"project slug {shown!r} is not valid: use 1 to {longest} lowercase letters,"
            " digits, - and _, starting with a letter or digit"
        ]
    longest_name = getattr(Project._meta.get_field("name"), "max_length", None) or 0
    if len(name) > longest_name:
        errors["name"] = [f"the project name has {len(name)} characters; at most {longest_name}"]
    errors.update(scheme_errors(scheme or {}))
    project = None if "slug" in errors else Project.objects.filter(slug=slug).first()
    if project is not None:
        if not exists_ok:
            errors["slug"] = [f"a project with the slug {slug!r} already exists: choose another"]
        elif not errors:
            return project, False
    builtin = ErrorTaxonomy.objects.filter(slug=taxonomy, builtin=True).first()
    if builtin is None:
        errors["taxonomy"] = [
            f"unknown taxonomy {taxonomy!r}; built-in ones are"
            f" {', '.join(builtin_taxonomy_slugs())}"
        ]
    if errors or builtin is None:
        taken = project is not None and list(errors) == ["slug"]
        raise (ProjectSlugTaken if taken else ProjectSetupError)(errors)
    fields = {SCHEME_FIELDS[key]: value for key, value in (scheme or {}).items()}
    try:
        # A savepoint: a project created meanwhile by someone else (the unique slug) is
        # answered like one that existed before, and the caller's transaction goes on.
        with transaction.atomic():
            copy = taxonomy_copy(
                source=builtin, slug=f"{slug}-{builtin.slug}", name=f"{builtin.name} ({slug})"
            )
            project = Project.objects.create(slug=slug, name=name or slug, taxonomy=copy, **fields)
    except IntegrityError:
        project = Project.objects.filter(slug=slug).first()
        if project is not None and exists_ok:
            return project, False
        raise ProjectSlugTaken(
            {
                "slug": [
                    f"a project with the slug {slug!r} already exists: choose another"
                    if project is not None
                    # A deleted project leaves its taxonomy copy (projects protect taxonomies).
                    else f"the taxonomy copy {slug}-{builtin.slug} of an earlier project"
                    f" {slug!r} still exists: choose another slug"
                ]
            }
        ) from None
    if creator is not None:
        membership_add(project=project, user=creator, role=Role.ADMIN)
    return project, True


def membership_add(*, project: Project, user: AbstractBaseUser, role: str) -> Membership:
    membership, _ = Membership.objects.get_or_create(project=project, user_id=user.pk, role=role)
    return membership


def memberships_add(*, project: Project, roles: list[tuple[AbstractBaseUser, str]]) -> None:
    """``membership_add`` for many (person, role) pairs in one statement; pairs the project
    already has stay as they are."""
    Membership.objects.bulk_create(
        [Membership(project=project, user_id=user.pk, role=role) for user, role in roles],
        ignore_conflicts=True,
    )
