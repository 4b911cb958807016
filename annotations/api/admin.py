"""What every admin view shares (docs/api/admin.md): finding the project or round among
those the user administers (else 404), the 400 envelope, and the answer of an operation
that starts a background job. The views are in the ``admin_*`` modules beside this one."""

from __future__ import annotations

from django.http import Http404
from rest_framework import serializers
from rest_framework.request import Request

from annotations.api.errors import ApiError
from annotations.models import Project, Role, Round
from annotations.selectors.admin import administered_projects


class JobStartedOutput(serializers.Serializer):
    job = serializers.IntegerField(help_text="Poll /api/admin/jobs/{job}/ for its progress.")


def admin_project(request: Request, slug: str) -> Project:
    project = administered_projects(user=request.user).filter(slug=slug).first()
    if project is None:
        raise Http404("No such project that you administer.")
    return project


def admin_round(request: Request, round_id: int) -> Round:
    round_ = (
        Round.objects.filter(
            pk=round_id,
            project__memberships__user_id=request.user.pk,
            project__memberships__role=Role.ADMIN,
        )
        .select_related("project", "guideline_version")
        .first()
    )
    if round_ is None:
        raise Http404("No such round in a project that you administer.")
    return round_


def bad_request(
    detail: str, errors: dict[str, list[str]] | None = None, *, code: str | None = None
) -> ApiError:
    """The 400 envelope, for the caller to raise. ``code`` sets a refusal that depends on
    stored data apart from ``invalid`` (a body the operation's schema already refuses)."""
    return ApiError(detail, errors=errors, code=code)
