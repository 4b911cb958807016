"""The researcher's API: releases (docs/api/releases.md)."""

from __future__ import annotations

import zipfile
from typing import Any

from django.db import transaction
from django.http import FileResponse, Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.models import Project, Release, ReleaseStatus, Role, Round
from annotations.services.releases import (
    FORMATS,
    ReleaseInvalid,
    release_create,
    release_verify,
)

EXPORTERS = (Role.RESEARCHER, Role.ADMIN)


def exporter_projects(user: Any) -> Any:
    return Project.objects.filter(
        memberships__user_id=user.pk, memberships__role__in=EXPORTERS
    ).distinct()


def _release(release: Release) -> dict[str, Any]:
    manifest = release.manifest or {}
    per_split = (manifest.get("counts") or {}).get("per_split", {})
    return {
        "id": release.pk,
        "version": release.version,
        "status": release.status,
        "progress": release.progress,
        "error": release.error,
        "created_at": release.created_at,
        "published_at": release.published_at,
        "created_by": (release.created_by.get_full_name() or release.created_by.get_username())
        if release.created_by
        else "",
        "counts": {"summaries": sum(per_split.values()), **per_split},
        "files": [
            {"name": f.name, "sha256": f.sha256, "size": f.size, "records": f.records}
            for f in release.files.all()
        ],
        "download": f"/api/releases/{release.pk}/download/"
        if release.status == ReleaseStatus.PUBLISHED
        else None,
    }


class ProjectReleasesView(APIView):
    @extend_schema(responses=OpenApiTypes.OBJECT, summary="A project's releases")
    def get(self, request: Request, slug: str) -> Response:
        project = exporter_projects(request.user).filter(slug=slug).first()
        if project is None:
            raise Http404("No such project where you may export.")
        releases = (
            Release.objects.filter(project=project)
            .select_related("created_by")
            .prefetch_related("files")
            .order_by("-created_at")
        )
        return Response(
            {
                "project": {"slug": project.slug, "name": project.name},
                "rounds": [
                    {"id": r.pk, "name": r.name, "kind": r.kind, "status": r.status}
                    for r in Round.objects.filter(project=project).order_by("created_at")
                ],
                "formats": list(FORMATS),
                "releases": [_release(r) for r in releases],
            }
        )

    @extend_schema(
        request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT, summary="Build a release"
    )
    def post(self, request: Request, slug: str) -> Response:
        project = exporter_projects(request.user).filter(slug=slug).first()
        if project is None:
            raise Http404("No such project where you may export.")
        if not isinstance(request.data, dict):
            return Response({"detail": "Expected a JSON object."}, status=400)
        try:
            release = release_create(project=project, user=request.user, config=request.data)
        except ReleaseInvalid as invalid:
            errors = dict(invalid.errors)
            missing = errors.pop("missing", None)
            detail = errors.pop("detail_missing", ["The release cannot be built."])[0]
            body: dict[str, Any] = {"detail": detail, "errors": errors}
            if missing:
                body["missing"] = missing
            return Response(body, status=status.HTTP_400_BAD_REQUEST)
        from annotations.tasks import release_build_task

        transaction.on_commit(lambda: release_build_task.delay(release.pk))
        return Response({"release": release.pk}, status=status.HTTP_202_ACCEPTED)


def _visible(request: Request, release_id: int) -> Release:
    release = (
        Release.objects.filter(pk=release_id, project__in=exporter_projects(request.user))
        .select_related("created_by", "project")
        .prefetch_related("files")
        .first()
    )
    if release is None:
        raise Http404("No such release in a project where you may export.")
    return release


class ReleaseView(APIView):
    @extend_schema(responses=OpenApiTypes.OBJECT, summary="One release with its manifest")
    def get(self, request: Request, release_id: int) -> Response:
        release = _visible(request, release_id)
        body = _release(release)
        if release.status == ReleaseStatus.PUBLISHED:
            body["manifest"] = release.manifest
            with zipfile.ZipFile(release.archive.path) as packed:
                body["card"] = packed.read("README.md").decode("utf-8")
        return Response(body)


class ReleaseRetryView(APIView):
    @extend_schema(request=None, responses=OpenApiTypes.OBJECT, summary="Retry a failed build")
    def post(self, request: Request, release_id: int) -> Response:
        release = _visible(request, release_id)
        if release.status != ReleaseStatus.FAILED:
            return Response(
                {"detail": f"Only a failed build can be retried; this one is {release.status}."},
                status=status.HTTP_409_CONFLICT,
            )
        Release.objects.filter(pk=release.pk).update(status=ReleaseStatus.BUILDING, error="")
        from annotations.tasks import release_build_task

        transaction.on_commit(lambda: release_build_task.delay(release.pk))
        return Response({"release": release.pk}, status=status.HTTP_202_ACCEPTED)


class ReleaseDownloadView(APIView):
    @extend_schema(responses={(200, "application/zip"): OpenApiTypes.BINARY}, summary="Download")
    def get(self, request: Request, release_id: int) -> Any:
        release = _visible(request, release_id)
        if release.status != ReleaseStatus.PUBLISHED:
            return Response(
                {"detail": f"Release {release.version} is {release.status}."}, status=409
            )
        problems = release_verify(release)
        if problems:
            return Response(
                {
                    "detail": "The stored release no longer matches its manifest: "
                    + "; ".join(problems)
                },
                status=status.HTTP_409_CONFLICT,
            )
        return FileResponse(
            release.archive.open("rb"),
            as_attachment=True,
            filename=f"{release.project.slug}-{release.version}.zip",
            content_type="application/zip",
        )
