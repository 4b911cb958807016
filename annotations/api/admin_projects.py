"""Projects (docs/api/admin.md, the sections before *People*): the projects you administer,
creating one (staff, and those staff let create projects) with the schema's statement of its
fields, the options a new project offers, a project's overview and its agreement targets."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.permissions import SAFE_METHODS, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.api.admin import admin_project, bad_request
from annotations.api.admin_contract import (
    QUESTION_KEYS,
    AdminProjectOutput,
    ProjectOptionsOutput,
    TargetsOutput,
)
from annotations.api.errors import Conflict, validated
from annotations.api.schema import NUL
from annotations.models import Project
from annotations.selectors.admin import administered_projects, project_overview
from annotations.selectors.project_options import project_options
from annotations.services.project_creators import can_create_projects
from annotations.services.projects import (
    DEFAULT_TAXONOMY,
    SCHEME_FIELDS,
    SCHEME_NEEDS,
    SLUG,
    ProjectSetupError,
    ProjectSlugTaken,
    longest_slug,
    project_get_or_create,
    scheme_field,
)
from annotations.taxonomy_catalogue import TAXONOMIES


class ProjectRefOutput(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()


class StaffOnly(BasePermission):
    """Creating a project starts a study: staff (``is_staff``), and the people staff granted
    the right to (services/project_creators.py)."""

    message = "Only staff can create projects: ask a site administrator."

    def has_permission(self, request: Request, view: Any) -> bool:
        return can_create_projects(request.user)


class StaffCreatesProjects(StaffOnly):
    """Anyone signed in lists the projects they administer; only those who may create one
    create one."""

    def has_permission(self, request: Request, view: Any) -> bool:
        return request.method in SAFE_METHODS or super().has_permission(request, view)


# A new project's fields as the service checks them (services/projects.py), stated in the
# schema; the service, not the field, refuses them, so its errors name the allowed values.
@extend_schema_field(
    {"type": "string", "pattern": f"^{SLUG.pattern}$", "minLength": 1, "maxLength": longest_slug()}
)
class ProjectSlugField(serializers.CharField):
    pass


@extend_schema_field(
    {
        "type": "string",
        "maxLength": Project._meta.get_field("name").max_length,
        "not": {"pattern": NUL},
    }
)
class ProjectNameField(serializers.CharField):
    pass


@extend_schema_field({"type": "string", "enum": [spec["slug"] for spec in TAXONOMIES]})
class BuiltinTaxonomyField(serializers.CharField):
    pass


def _scheme_schema() -> dict[str, Any]:
    """A scheme's switches, and what each needs switched on (services/projects.py
    SCHEME_NEEDS), so a scheme the service refuses is not valid here either. JSON Schema (of
    OpenAPI 3.0) has no "if": the needs are said as three cases, one of which holds."""
    assert SCHEME_NEEDS == {
        "require_error_spans": "error_spans",
        "evidence": "error_spans",
        "require_evidence": "evidence",
    }, "the cases below spell out these needs"
    # A switch left out is off (each default is), so a case may leave it out.
    assert not any(scheme_field(key).get_default() for key in ("error_spans", *SCHEME_NEEDS))
    true, false = ({"type": "boolean", "enum": [value]} for value in (True, False))
    cases = [
        # No spans: nothing that needs them.
        {
            "properties": dict.fromkeys(
                ("error_spans", "require_error_spans", "evidence", "require_evidence"), false
            )
        },
        # Spans, without evidence.
        {
            "properties": {"error_spans": true, "evidence": false, "require_evidence": false},
            "required": ["error_spans"],
        },
        # Spans and evidence: the two "require" switches are free.
        {
            "properties": {"error_spans": true, "evidence": true},
            "required": ["error_spans", "evidence"],
        },
    ]
    return {
        "type": "object",
        "properties": {key: {"type": "boolean"} for key in SCHEME_FIELDS},
        "additionalProperties": False,
        "oneOf": cases,
        "description": "Question key -> asked; left out: its default. "
        + "; ".join(f"{key} needs {need}" for key, need in SCHEME_NEEDS.items())
        + ".",
    }


@extend_schema_field(_scheme_schema())
class SchemeField(serializers.DictField):
    pass


class ProjectsView(APIView):
    permission_classes = [IsAuthenticated, StaffCreatesProjects]

    class Input(serializers.Serializer):
        class Meta:
            ref_name = "ProjectCreateInput"

        # Lengths and characters are checked by the service, with the allowed values; the
        # schema states the same rules (ProjectSlugField and the two below).
        slug = ProjectSlugField(max_length=1000, help_text="Lowercase letters, digits, - _.")
        name = ProjectNameField(
            max_length=1000,
            required=False,
            default="",
            allow_blank=True,
            help_text="Default: slug.",
        )
        taxonomy = BuiltinTaxonomyField(
            max_length=1000,
            required=False,
            default=DEFAULT_TAXONOMY,
            help_text="A built-in taxonomy (GET /api/admin/project-options/); the project gets"
            " its own editable copy.",
        )
        scheme = SchemeField(
            child=serializers.BooleanField(),
            required=False,
            default=dict,
        )

    @extend_schema(
        responses=ProjectRefOutput(many=True),
        operation_id="admin_projects_list",
        summary="Projects you administer",
    )
    def get(self, request: Request) -> Response:
        return Response(
            [{"slug": p.slug, "name": p.name} for p in administered_projects(user=request.user)]
        )

    @extend_schema(
        request=Input,
        responses={201: AdminProjectOutput},
        operation_id="admin_projects_create",
        summary="Create a project (staff): you become its admin",
    )
    def post(self, request: Request) -> Response:
        data = validated(self.Input, request.data)
        try:
            project, _ = project_get_or_create(**data, creator=request.user, exists_ok=False)
        except ProjectSlugTaken as error:
            raise Conflict(
                "The project was not created: the slug is taken.",
                code="slug_taken",
                errors=error.errors,
            ) from None
        except ProjectSetupError as error:
            message = f"The project was not created: check {', '.join(error.errors)}."
            raise bad_request(message, error.errors) from None
        return Response(project_overview(project=project), status=status.HTTP_201_CREATED)


class ProjectOptionsView(APIView):
    permission_classes = [IsAuthenticated, StaffOnly]

    @extend_schema(
        responses=ProjectOptionsOutput,
        summary="What a new project can be: built-in taxonomies and the scheme's questions",
    )
    def get(self, request: Request) -> Response:
        return Response(project_options())


class ProjectView(APIView):
    @extend_schema(responses=AdminProjectOutput, summary="Project overview for its admins")
    def get(self, request: Request, slug: str) -> Response:
        return Response(project_overview(project=admin_project(request, slug)))


class TargetsView(APIView):
    @extend_schema(
        request=TargetsOutput, responses=TargetsOutput, summary="Set agreement targets per question"
    )
    def put(self, request: Request, slug: str) -> Response:
        project = admin_project(request, slug)
        if not isinstance(request.data, dict):
            raise bad_request("Expected an object {question: target}.")
        errors: dict[str, list[str]] = {}
        targets = {}
        for key, value in request.data.items():
            if key not in QUESTION_KEYS:
                errors[key] = [f"unknown question; allowed: {', '.join(QUESTION_KEYS)}"]
            elif value is not None and (
                isinstance(value, bool)
                or not isinstance(value, int | float)
                or not -1 <= value <= 1
            ):
                errors[key] = ["a number between -1 and 1, or null to remove"]
            elif value is not None:
                targets[key] = float(value)
        if errors:
            raise bad_request("Invalid targets.", errors)
        project.agreement_targets = targets
        project.save(update_fields=["agreement_targets"])
        return Response(targets)
