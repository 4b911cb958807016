"""The taxonomy editor's API (docs/api/admin.md, *Taxonomies*; docs/taxonomies.md).

A taxonomy is reached through the project that uses it: its admins, and superusers, edit it
(anyone else, and built-in taxonomies: 404). Thin views: validate, call
``annotations.services.taxonomy_versions``, answer with the contract below.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Max, Q
from django.http import Http404
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.api.errors import ApiError, Conflict, validated
from annotations.api.schema import ErrorEnvelope
from annotations.models import ErrorTaxonomy, Project, TaxonomyVersion
from annotations.selectors.admin import administered_projects
from annotations.services.taxonomy_versions import (
    CODE,
    TaxonomyInvalid,
    current_types,
    draft_diff,
    draft_discard,
    draft_of,
    draft_save,
    latest_version,
    locked_type_ids,
    taxonomy_create,
    taxonomy_publish,
    unified_leaves,
)
from annotations.taxonomy_catalogue import TAXONOMIES, UNIFIED_SLUG

BUILTIN = [t["slug"] for t in TAXONOMIES]
# Every code of the unified taxonomy: leaves for every taxonomy, groups for a copy of itself.
UNIFIED_CODES = [
    t["code"] for spec in TAXONOMIES if spec["slug"] == UNIFIED_SLUG for t in spec["types"]
]


def _choice(choices: list[str], what: str, **kwargs: Any) -> serializers.ChoiceField:
    return serializers.ChoiceField(
        choices=choices,
        error_messages={"invalid_choice": f'"{{input}}" is not {what}: one of {choices}'},
        **kwargs,
    )


@extend_schema_field({"type": "string", "enum": ["", *BUILTIN]})
class CopyFromField(serializers.CharField):
    """A built-in taxonomy's slug or blank (an inline enum: the same set as the project form's
    taxonomy field, which spectacular would otherwise name twice)."""

    def to_internal_value(self, data: Any) -> str:
        value = super().to_internal_value(data)
        if value and value not in BUILTIN:
            raise serializers.ValidationError(
                f'"{value}" is not a built-in taxonomy: one of {BUILTIN}, or blank'
            )
        return value


class TypeInput(serializers.Serializer):
    class Meta:
        ref_name = "TaxonomyTypeInput"

    code = serializers.RegexField(
        CODE.pattern,
        max_length=60,
        error_messages={
            "invalid": "1 to 60 lowercase letters, digits, - and _ (a letter or digit first)"
        },
        help_text="Stable id in exports: lowercase letters, digits, - _.",
    )
    name = serializers.CharField(max_length=200)
    definition = serializers.CharField(max_length=5000)
    example = serializers.CharField(max_length=5000, required=False, default="", allow_blank=True)
    group = serializers.RegexField(
        f"^$|{CODE.pattern}",
        max_length=60,
        required=False,
        default="",
        allow_blank=True,
        help_text="The code of another type of the draft, its group (parent), or blank.",
    )
    unified = _choice(
        ["", *UNIFIED_CODES],
        "a unified type",
        required=False,
        default="",
        allow_blank=True,
        help_text="The unified leaf it maps to (the crosswalk): one of unified_leaves.",
    )
    retired = serializers.BooleanField(
        required=False, default=False, help_text="Retired: left out of new rounds, kept in old."
    )


class DraftInput(serializers.Serializer):
    class Meta:
        ref_name = "TaxonomyDraftInput"

    types = TypeInput(many=True, max_length=200, help_text="The whole draft, in order.")


class CreateInput(serializers.Serializer):
    class Meta:
        ref_name = "TaxonomyCreateInput"

    project = serializers.CharField(max_length=100, help_text="A project you administer.")
    name = serializers.CharField(max_length=200)
    copy_from = CopyFromField(
        required=False,
        default="",
        allow_blank=True,
        help_text="A built-in taxonomy's slug to start from, or blank to start empty.",
    )


class PublishInput(serializers.Serializer):
    class Meta:
        ref_name = "TaxonomyPublishInput"

    changelog = serializers.CharField(max_length=5000, required=False, default="", allow_blank=True)


class TypeOutput(serializers.Serializer):
    class Meta:
        ref_name = "TaxonomyType"

    code = serializers.CharField()
    name = serializers.CharField()
    definition = serializers.CharField()
    example = serializers.CharField(allow_blank=True)
    group = serializers.CharField(allow_blank=True)
    unified = serializers.CharField(allow_blank=True)
    retired = serializers.BooleanField()
    locked = serializers.BooleanField(
        help_text="Labels use it or a round froze it: it may be reordered or retired only."
    )


class ChangeOutput(serializers.Serializer):
    class Meta:
        ref_name = "TaxonomyChange"

    code = serializers.CharField()
    fields = serializers.ListField(child=serializers.CharField())


class DiffOutput(serializers.Serializer):
    class Meta:
        ref_name = "TaxonomyDiff"

    added = serializers.ListField(child=serializers.CharField())
    changed = ChangeOutput(many=True)
    retired = serializers.ListField(child=serializers.CharField())
    restored = serializers.ListField(child=serializers.CharField())
    reordered = serializers.BooleanField()


class DraftOutput(serializers.Serializer):
    class Meta:
        ref_name = "TaxonomyDraft"

    types = TypeOutput(many=True)
    diff = DiffOutput()


class VersionOutput(serializers.Serializer):
    class Meta:
        ref_name = "TaxonomyVersionOutput"

    version = serializers.IntegerField()
    published_at = serializers.DateTimeField()
    changelog = serializers.CharField(allow_blank=True)
    types = serializers.IntegerField(help_text="How many types it offers.")
    rounds = serializers.IntegerField(help_text="How many rounds froze it.")


class SummaryOutput(serializers.Serializer):
    class Meta:
        ref_name = "TaxonomySummary"

    slug = serializers.CharField()
    name = serializers.CharField()
    project = serializers.CharField()
    version = serializers.IntegerField(allow_null=True, help_text="The latest published one.")
    has_draft = serializers.BooleanField()


class DetailOutput(SummaryOutput):
    class Meta:
        ref_name = "TaxonomyDetail"

    types = TypeOutput(many=True, help_text="The published types, retired ones flagged.")
    draft = DraftOutput(allow_null=True)
    versions = VersionOutput(many=True)
    unified_leaves = serializers.ListField(child=serializers.CharField())


def _projects(request: Request) -> Any:
    if request.user.is_superuser:
        return Project.objects.all()
    return administered_projects(user=request.user)


def _editable(request: Request, slug: str) -> tuple[ErrorTaxonomy, Project]:
    project = (
        _projects(request)
        .filter(taxonomy__slug=slug, taxonomy__builtin=False)
        .select_related("taxonomy")
        .order_by("slug")
        .first()
    )
    if project is None:
        raise Http404("No such taxonomy of a project you administer.")
    return project.taxonomy, project


def _summary(taxonomy: ErrorTaxonomy, project: Project) -> dict[str, Any]:
    latest = latest_version(taxonomy)
    return {
        "slug": taxonomy.slug,
        "name": taxonomy.name,
        "project": project.slug,
        "version": latest.version if latest else None,
        "has_draft": draft_of(taxonomy) is not None,
    }


def _detail(taxonomy: ErrorTaxonomy, project: Project) -> dict[str, Any]:
    locked = locked_type_ids(taxonomy)
    codes_locked = set(taxonomy.types.filter(pk__in=locked).values_list("code", flat=True))
    published = [{**t, "locked": t["code"] in codes_locked} for t in current_types(taxonomy)]
    draft = draft_of(taxonomy)
    versions = [
        {
            "version": v.version,
            "published_at": v.published_at,
            "changelog": v.changelog,
            "types": len(v.snapshot),
            "rounds": v.n_rounds,
        }
        # One query whatever the number of versions.
        for v in TaxonomyVersion.objects.filter(
            taxonomy=taxonomy, published_at__isnull=False
        ).annotate(n_rounds=Count("rounds"))
    ]
    return {
        **_summary(taxonomy, project),
        "types": published,
        "draft": None
        if draft is None
        else {
            "types": [{**t, "locked": t["code"] in codes_locked} for t in draft.draft],
            "diff": vars(draft_diff(taxonomy, list(draft.draft))),
        },
        "versions": versions,
        "unified_leaves": unified_leaves(),
    }


def _refused(error: TaxonomyInvalid) -> ApiError:
    """What stored data refuses (a type in use, a project with rounds, no draft) is a 409;
    a draft that contradicts itself (a group not in it, a code twice) a 400 ``draft_refused``."""
    if error.code == "draft_refused":
        return ApiError(str(error), errors=error.errors, code=error.code)
    return Conflict(str(error), code=error.code, errors=error.errors)


class TaxonomiesView(APIView):
    @extend_schema(
        responses=SummaryOutput(many=True),
        operation_id="admin_taxonomies_list",
        summary="The taxonomies of the projects you administer",
    )
    def get(self, request: Request) -> Response:
        # One query for any number of projects: the versions are counted in it.
        projects = (
            _projects(request)
            .filter(taxonomy__builtin=False)
            .select_related("taxonomy")
            .annotate(
                latest=Max(
                    "taxonomy__versions__version",
                    filter=Q(taxonomy__versions__published_at__isnull=False),
                ),
                drafts=Count(
                    "taxonomy__versions", filter=Q(taxonomy__versions__published_at__isnull=True)
                ),
            )
            .order_by("slug")
        )
        return Response(
            [
                {
                    "slug": p.taxonomy.slug,
                    "name": p.taxonomy.name,
                    "project": p.slug,
                    "version": p.latest,
                    "has_draft": bool(p.drafts),
                }
                for p in projects
            ]
        )

    @extend_schema(
        request=CreateInput,
        responses={201: DetailOutput, 409: ErrorEnvelope},
        operation_id="admin_taxonomies_create",
        summary="A new taxonomy for a project without rounds (a draft until published)",
    )
    def post(self, request: Request) -> Response:
        data = validated(CreateInput, request.data)
        project = _projects(request).filter(slug=data["project"]).first()
        if project is None:
            message = f"{data['project']!r} is not a project you administer"
            raise Conflict(
                f"project: {message}", code="taxonomy_refused", errors={"project": [message]}
            )
        source = (
            ErrorTaxonomy.objects.filter(slug=data["copy_from"], builtin=True).first()
            if data["copy_from"]
            else None
        )
        try:
            taxonomy = taxonomy_create(
                project=project, name=data["name"], copy_from=source, user=request.user
            )
        except TaxonomyInvalid as error:
            raise _refused(error) from error
        project.refresh_from_db()
        return Response(_detail(taxonomy, project), status=status.HTTP_201_CREATED)


class TaxonomyView(APIView):
    @extend_schema(
        responses=DetailOutput,
        operation_id="admin_taxonomy",
        summary="A taxonomy: published types, the draft with its diff, the versions",
    )
    def get(self, request: Request, slug: str) -> Response:
        return Response(_detail(*_editable(request, slug)))


class TaxonomyDraftView(APIView):
    @extend_schema(
        request=DraftInput,
        responses={200: DetailOutput, 409: ErrorEnvelope},
        operation_id="admin_taxonomy_draft_save",
        summary="Replace the draft (the whole list of types, in order)",
    )
    def put(self, request: Request, slug: str) -> Response:
        taxonomy, project = _editable(request, slug)
        data = validated(DraftInput, request.data)
        types = [dict(t) for t in data["types"]]
        try:
            draft_save(taxonomy, types, user=request.user)
        except TaxonomyInvalid as error:
            raise _refused(error) from error
        return Response(_detail(taxonomy, project))

    @extend_schema(
        responses={204: None},
        operation_id="admin_taxonomy_draft_discard",
        summary="Discard the draft",
    )
    def delete(self, request: Request, slug: str) -> Response:
        taxonomy, _ = _editable(request, slug)
        draft_discard(taxonomy)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TaxonomyPublishView(APIView):
    @extend_schema(
        request=PublishInput,
        responses={201: DetailOutput, 409: ErrorEnvelope},
        operation_id="admin_taxonomy_publish",
        summary="Publish the draft as the next version (new rounds freeze it)",
    )
    def post(self, request: Request, slug: str) -> Response:
        taxonomy, project = _editable(request, slug)
        data = validated(PublishInput, request.data)
        try:
            taxonomy_publish(taxonomy, changelog=data["changelog"], user=request.user)
        except TaxonomyInvalid as error:
            raise _refused(error) from error
        return Response(_detail(taxonomy, project), status=status.HTTP_201_CREATED)
