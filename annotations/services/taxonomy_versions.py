"""Versions of a project's taxonomy (docs/taxonomies.md, *Editing a taxonomy*).

Like guidelines: admins edit a draft (version 0, the proposed types as JSON), and publishing
makes the next version. A published type is never deleted: it is *retired* (left out of the
new version, so new rounds do not offer it) and keeps its row, so old labels, old rounds and
their exports still show it. A *locked* type, one that labels use or that a round froze, may
be reordered or retired but not changed; a published type nobody uses yet may be edited.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from annotations.models import ErrorTaxonomy, ErrorType, Project, Round, TaxonomyVersion
from annotations.taxonomy_catalogue import UNIFIED_SLUG

CODE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,59}$")
# The fields a draft type has; ``group`` is a parent's code, ``unified`` a unified leaf's.
TYPE_FIELDS = ("code", "name", "definition", "example", "group", "unified", "retired")
# What a locked type may not change (its order and retirement it may).
MEANING_FIELDS = ("name", "definition", "example", "group", "unified")
MAX_TYPES = 200


class TaxonomyInvalid(Exception):
    """A refused edit; ``errors`` names each field (``types.2.unified``) as the API does."""

    def __init__(self, errors: dict[str, list[str]], code: str) -> None:
        super().__init__("; ".join(f"{k}: {' '.join(v)}" for k, v in errors.items()))
        self.errors = errors
        self.code = code


def type_snapshot(error_type: Any) -> dict[str, Any]:
    """A type as a version records it (also used by the migration, on historical models)."""
    return {
        "code": error_type.code,
        "name": error_type.name,
        "definition": error_type.definition,
        "example": error_type.example,
        "group": error_type.parent.code if error_type.parent_id else "",
        "unified": error_type.unified_type.code if error_type.unified_type_id else "",
    }


def latest_version(taxonomy: ErrorTaxonomy) -> TaxonomyVersion | None:
    return (
        TaxonomyVersion.objects.filter(taxonomy=taxonomy, published_at__isnull=False)
        .order_by("-version")
        .first()
    )


def unified_leaves() -> list[str]:
    """The crosswalk's allowed targets: the unified taxonomy's leaves, in order."""
    return list(
        ErrorType.objects.filter(
            taxonomy__slug=UNIFIED_SLUG, taxonomy__builtin=True, children__isnull=True
        )
        .order_by("position")
        .values_list("code", flat=True)
    )


def used_type_ids(taxonomy: ErrorTaxonomy) -> set[int]:
    """Types some label uses: every relation to ``ErrorType`` but the taxonomy's own links
    (parent, crosswalk, versions), so a label kind added later counts without a change here."""
    ids = set(ErrorType.objects.filter(taxonomy=taxonomy).values_list("pk", flat=True))
    used: set[int] = set()
    own: set[Any] = {ErrorType, TaxonomyVersion, TaxonomyVersion.types.through}
    for relation in ErrorType._meta.get_fields(include_hidden=True):
        if not relation.is_relation or not relation.auto_created or relation.concrete:
            continue
        model: Any = relation.related_model
        if model in own:
            continue
        if relation.many_to_many:
            through: Any = relation.through  # type: ignore[union-attr]
            column = next(
                f.name
                for f in through._meta.fields
                if f.is_relation and f.related_model is ErrorType
            )
            found = through.objects.filter(**{f"{column}__in": ids}).values_list(
                f"{column}_id", flat=True
            )
        else:
            column = relation.field.name  # type: ignore[union-attr]
            found = model.objects.filter(**{f"{column}__in": ids}).values_list(
                f"{column}_id", flat=True
            )
        used.update(found)
    return used


def locked_type_ids(taxonomy: ErrorTaxonomy) -> set[int]:
    """Types labels use or a round froze: their meaning may not change."""
    frozen = set(
        TaxonomyVersion.types.through.objects.filter(
            taxonomyversion__rounds__isnull=False, errortype__taxonomy=taxonomy
        ).values_list("errortype_id", flat=True)
    )
    return frozen | used_type_ids(taxonomy)


def current_types(taxonomy: ErrorTaxonomy) -> list[dict[str, Any]]:
    """The published state as a draft: every type, retired ones flagged."""
    latest = latest_version(taxonomy)
    live = set(latest.types.values_list("pk", flat=True)) if latest else set()
    types = taxonomy.types.order_by("position", "id").select_related("parent", "unified_type")
    return [{**type_snapshot(t), "retired": t.pk not in live} for t in types]


def draft_of(taxonomy: ErrorTaxonomy) -> TaxonomyVersion | None:
    return TaxonomyVersion.objects.filter(taxonomy=taxonomy, published_at__isnull=True).first()


def draft_types(taxonomy: ErrorTaxonomy) -> list[dict[str, Any]]:
    """The draft's types, or the published state when there is no draft."""
    draft = draft_of(taxonomy)
    return list(draft.draft) if draft else current_types(taxonomy)


def _check(
    taxonomy: ErrorTaxonomy, types: list[dict[str, Any]], *, builtin_unified: bool
) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Every reason the draft ``types`` cannot be published, by field: those of the draft
    itself, and those of the stored labels and rounds (a locked type changed or dropped)."""
    errors: dict[str, list[str]] = {}
    stored: dict[str, list[str]] = {}

    def refuse(index: int, field: str, message: str, into: dict[str, list[str]] = errors) -> None:
        into.setdefault(f"types.{index}.{field}", []).append(message)

    if len(types) > MAX_TYPES:
        errors["types"] = [f"at most {MAX_TYPES} types"]
    leaves = unified_leaves()
    # A copy of the unified taxonomy maps its own groups to the built-in groups.
    source = taxonomy.copied_from
    from_unified = source is not None and source.slug == UNIFIED_SLUG
    published = {t.code: t for t in taxonomy.types.select_related("parent", "unified_type")}
    locked = locked_type_ids(taxonomy) if published else set()
    codes = [t["code"] for t in types]
    by_code = {t["code"]: t for t in types}
    seen_codes: set[str] = set()
    seen_names: set[str] = set()
    for index, item in enumerate(types):
        code, name = item["code"], item["name"]
        if not CODE.match(code):
            refuse(
                index,
                "code",
                "1 to 60 lowercase letters, digits, - and _ (a letter or digit first)",
            )
        if code in seen_codes:
            refuse(index, "code", f"{code!r} is used by an earlier type")
        seen_codes.add(code)
        if name in seen_names:
            refuse(index, "name", f"{name!r} is used by an earlier type")
        seen_names.add(name)
        group = item["group"]
        if group:
            parent = by_code.get(group)
            if parent is None or group == code:
                refuse(
                    index, "group", f"{group!r} is not another type of this draft: one of {codes}"
                )
            elif parent["group"]:
                refuse(index, "group", f"{group!r} is itself in a group: groups are one level")
            elif parent["retired"] and not item["retired"]:
                refuse(index, "group", f"{group!r} is retired: retire this type too or regroup it")
        unified = item["unified"]
        old = published.get(code)
        kept = old is not None and old.unified_type is not None and old.unified_type.code == unified
        if builtin_unified:
            if unified:
                refuse(index, "unified", "types of the unified taxonomy are their own unified type")
        elif unified not in leaves and not kept and not (unified and from_unified):
            refuse(index, "unified", f"a unified leaf: one of {leaves}")
        if old is not None and old.pk in locked:
            before = type_snapshot(old)
            for field in MEANING_FIELDS:
                if item[field] != before[field]:
                    refuse(
                        index,
                        field,
                        f"{code!r} is in use (labels or a round); its {field} cannot change:"
                        " retire it and add a new type instead",
                        stored,
                    )
    missing = sorted(set(published) - set(codes))
    if missing:
        stored.setdefault("types", []).append(
            f"published types are retired, never deleted: keep {missing} with retired true"
        )
    return errors, stored


def _is_builtin_unified(taxonomy: ErrorTaxonomy) -> bool:
    return taxonomy.builtin and taxonomy.slug == UNIFIED_SLUG


def _refuse_any(errors: dict[str, list[str]], stored: dict[str, list[str]]) -> None:
    if errors:
        raise TaxonomyInvalid(errors, code="draft_refused")
    if stored:
        raise TaxonomyInvalid(stored, code="type_in_use")


def draft_save(
    taxonomy: ErrorTaxonomy, types: list[dict[str, Any]], *, user: Any
) -> TaxonomyVersion:
    """Replace the draft with ``types`` (validated, nothing saved on refusal)."""
    _refuse_any(*_check(taxonomy, types, builtin_unified=_is_builtin_unified(taxonomy)))
    draft, _ = TaxonomyVersion.objects.update_or_create(
        taxonomy=taxonomy,
        published_at__isnull=True,
        defaults={"draft": types, "version": 0, "created_by": user},
    )
    return draft


def draft_discard(taxonomy: ErrorTaxonomy) -> None:
    TaxonomyVersion.objects.filter(taxonomy=taxonomy, published_at__isnull=True).delete()


@dataclass(frozen=True)
class Diff:
    added: list[str]
    changed: list[dict[str, Any]]
    retired: list[str]
    restored: list[str]
    reordered: bool


def draft_diff(taxonomy: ErrorTaxonomy, types: list[dict[str, Any]]) -> Diff:
    """What publishing ``types`` changes against the published state."""
    before = {t["code"]: t for t in current_types(taxonomy)}
    added = [t["code"] for t in types if t["code"] not in before]
    changed = [
        {"code": t["code"], "fields": [f for f in MEANING_FIELDS if t[f] != before[t["code"]][f]]}
        for t in types
        if t["code"] in before and any(t[f] != before[t["code"]][f] for f in MEANING_FIELDS)
    ]
    retired = [t["code"] for t in types if t["retired"] and not before.get(t["code"], t)["retired"]]
    restored = [
        t["code"] for t in types if not t["retired"] and before.get(t["code"], t)["retired"]
    ]
    kept = [t["code"] for t in types if t["code"] in before]
    return Diff(added, changed, retired, restored, kept != [c for c in before if c in kept])


@transaction.atomic
def taxonomy_publish(taxonomy: ErrorTaxonomy, *, changelog: str, user: Any) -> TaxonomyVersion:
    """Make the draft the next version: new types created, unlocked ones updated, order
    applied, retired ones left out. Re-checked under a lock, since labels may have come."""
    ErrorTaxonomy.objects.select_for_update().get(pk=taxonomy.pk)
    draft = draft_of(taxonomy)
    if draft is None:
        raise TaxonomyInvalid({"draft": ["no draft to publish: save one first"]}, code="no_draft")
    types = list(draft.draft)
    _refuse_any(*_check(taxonomy, types, builtin_unified=_is_builtin_unified(taxonomy)))
    unified = dict(
        ErrorType.objects.filter(taxonomy__slug=UNIFIED_SLUG, taxonomy__builtin=True).values_list(
            "code", "pk"
        )
    )
    rows = {t.code: t for t in taxonomy.types.all()}
    for position, item in enumerate(types):
        row = rows.get(item["code"]) or ErrorType(taxonomy=taxonomy, code=item["code"])
        row.name, row.definition, row.example = item["name"], item["definition"], item["example"]
        row.position = position
        if item["unified"]:
            row.unified_type_id = unified[item["unified"]]
        row.parent = None
        row.save()
        rows[item["code"]] = row
    for item in types:
        if item["group"]:
            ErrorType.objects.filter(pk=rows[item["code"]].pk).update(parent=rows[item["group"]].pk)
    number = (
        TaxonomyVersion.objects.filter(taxonomy=taxonomy).aggregate(n=Max("version"))["n"] or 0
    ) + 1
    live = [rows[t["code"]] for t in types if not t["retired"]]
    draft.version = number
    draft.published_at = timezone.now()
    draft.changelog = changelog
    draft.created_by = user
    draft.snapshot = [
        {k: t[k] for k in TYPE_FIELDS if k != "retired"} for t in types if not t["retired"]
    ]
    draft.draft = []
    draft.save()
    draft.types.set(live)
    # Rounds made before the taxonomy had any version (the adjudication round) take this one.
    Round.objects.filter(project__taxonomy=taxonomy, taxonomy_version__isnull=True).update(
        taxonomy_version=draft
    )
    return draft


@transaction.atomic
def taxonomy_create(
    *, project: Project, name: str, copy_from: ErrorTaxonomy | None, user: Any
) -> ErrorTaxonomy:
    """A new taxonomy for ``project``, which starts using it: only before the project has
    rounds (its old labels would lose their types). It starts as a draft, a copy of
    ``copy_from``'s current types or empty; version 1 is its first publish."""
    if Round.objects.filter(project=project).exclude(kind="adjudication").exists():
        raise TaxonomyInvalid(
            {
                "project": [
                    f"{project.slug} already has rounds: edit its taxonomy"
                    f" {project.taxonomy.slug} instead"
                ]
            },
            code="taxonomy_in_use",
        )
    number = ErrorTaxonomy.objects.filter(slug__startswith=f"{project.slug}-t").count() + 1
    slug = f"{project.slug}-t{number}"
    while ErrorTaxonomy.objects.filter(slug=slug).exists():
        number += 1
        slug = f"{project.slug}-t{number}"
    taxonomy = ErrorTaxonomy.objects.create(
        slug=slug, name=name, builtin=False, copied_from=copy_from
    )
    types = (
        [{**t, "retired": False} for t in current_types(copy_from) if not t["retired"]]
        if copy_from
        else []
    )
    if copy_from is not None and copy_from.slug == UNIFIED_SLUG:
        # The unified taxonomy's own types map to themselves.
        types = [{**t, "unified": t["unified"] or t["code"]} for t in types]
    TaxonomyVersion.objects.create(taxonomy=taxonomy, version=0, draft=types, created_by=user)
    Project.objects.filter(pk=project.pk).update(taxonomy=taxonomy)
    # The adjudication round (no labels: the project has no other round) follows the switch.
    Round.objects.filter(project=project).update(taxonomy_version=None)
    return taxonomy
