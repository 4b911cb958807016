"""The Judges page (docs/models-in-the-loop.md, "Judges"): a project's corpus runs scored
against its current gold. Admins and researchers only: linguists and reviewers never see an
evaluator's name or verdicts here (a 404, as for a project they are not in)."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.api.judges_contract import JudgesOutput
from annotations.api.releases import exporter_projects
from annotations.selectors.judges import judges_report


class JudgesView(APIView):
    @extend_schema(
        responses=JudgesOutput,
        operation_id="project_judges",
        summary="Every corpus run scored live against the project's current gold",
    )
    def get(self, request: Request, slug: str) -> Response:
        project = exporter_projects(request.user).filter(slug=slug).first()
        if project is None:
            raise Http404("No such project where you administer or research.")
        return Response(judges_report(project))
