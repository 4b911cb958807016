"""A project's guidelines (docs/api/admin.md, *Guidelines*): publishing a version, reading
one, and the unified diff between two."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.api.admin import admin_project, bad_request
from annotations.api.admin_contract import GuidelineDiffOutput, GuidelineOutput
from annotations.api.errors import validated
from annotations.api.paging import whole_parameter
from annotations.models import GuidelineVersion
from annotations.services.adjudication_cases import cases_answer
from annotations.services.guidelines import guideline_diff, guideline_publish


class GuidelineCreateView(APIView):
    class Input(serializers.Serializer):
        class Meta:
            ref_name = "GuidelineInput"

        markdown = serializers.CharField(max_length=200_000, trim_whitespace=False)
        changelog = serializers.CharField(max_length=5000)
        answers_cases = serializers.ListField(
            child=serializers.IntegerField(min_value=1),
            required=False,
            max_length=500,
            help_text="Flagged adjudication cases this version answers: listed in its changelog.",
        )

    @extend_schema(
        request=Input, responses={201: GuidelineOutput}, summary="Publish a new guideline version"
    )
    def post(self, request: Request, slug: str) -> Response:
        project = admin_project(request, slug)
        data = validated(self.Input, request.data)
        answered = data.pop("answers_cases", [])
        with transaction.atomic():
            version = guideline_publish(project=project, user=request.user, **data)
            cases_answer(version=version, case_ids=answered)
        return Response(_guideline(version), status=status.HTTP_201_CREATED)


def _guideline(version: GuidelineVersion) -> dict[str, Any]:
    return {
        "version": version.version,
        "markdown": version.markdown,
        "changelog": version.changelog,
        "created_at": version.created_at,
        "published_at": version.published_at,
    }


class GuidelineView(APIView):
    @extend_schema(responses=GuidelineOutput, summary="One guideline version")
    def get(self, request: Request, slug: str, version: int) -> Response:
        project = admin_project(request, slug)
        found = GuidelineVersion.objects.filter(project=project, version=version).first()
        if found is None:
            raise Http404(f"No guideline version {version}.")
        return Response(_guideline(found))


# Guideline versions are PositiveIntegerFields: past this the database cannot compare them.
LARGEST_VERSION = 2_147_483_647


class GuidelineDiffView(APIView):
    @extend_schema(
        parameters=[
            whole_parameter("from", least=1, most=LARGEST_VERSION, required=True),
            whole_parameter("to", least=1, most=LARGEST_VERSION, required=True),
        ],
        responses=GuidelineDiffOutput,
        summary="Unified diff between two guideline versions",
    )
    def get(self, request: Request, slug: str) -> Response:
        project = admin_project(request, slug)
        try:
            old_number, new_number = (
                int(request.query_params["from"]),
                int(request.query_params["to"]),
            )
        except (KeyError, ValueError):
            raise bad_request("Give two versions: ?from=1&to=2.") from None
        if not all(1 <= n <= LARGEST_VERSION for n in (old_number, new_number)):
            raise bad_request(f"Versions are whole numbers from 1 to {LARGEST_VERSION}.")
        versions = {
            g.version: g
            for g in GuidelineVersion.objects.filter(
                project=project, version__in=[old_number, new_number]
            )
        }
        missing = [n for n in (old_number, new_number) if n not in versions]
        if missing:
            # A version that does not exist is a missing object, as for GuidelineView.
            raise Http404(f"No guideline version(s) {missing} in this project.")
        return Response(
            {
                "from": old_number,
                "to": new_number,
                "diff": guideline_diff(versions[old_number], versions[new_number]),
            }
        )
