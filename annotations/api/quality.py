"""A round's quality control, and resuming a paused annotator (docs/api/quality.md)."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.api.admin import admin_project, admin_round
from annotations.api.quality_contract import RoundQualityOutput
from annotations.models import Role
from annotations.selectors.quality import round_quality
from annotations.services.people import member_update, paused_among


class RoundQualityView(APIView):
    @extend_schema(
        responses=RoundQualityOutput,
        operation_id="round_quality",
        summary="Accuracy against the answer key and on gold units, drift, and who is paused",
    )
    def get(self, request: Request, round_id: int) -> Response:
        return Response(round_quality(round=admin_round(request, round_id)))


class MemberResumeView(APIView):
    @extend_schema(
        request=None,
        responses={204: None},
        operation_id="member_resume",
        summary="Let a paused annotator start new work again",
    )
    def post(self, request: Request, slug: str, username: str) -> Response:
        project = admin_project(request, slug)
        if not paused_among(project=project, usernames=[username], role=Role.ANNOTATOR):
            raise Http404("No paused annotator of that name in this project.")
        # Through the people service, so the resume is in the project's people history.
        member_update(project=project, actor=request.user, username=username, paused=False)
        return Response(status=status.HTTP_204_NO_CONTENT)
