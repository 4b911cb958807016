"""The Judges page (docs/models-in-the-loop.md, "Judges"): a project's corpus runs scored
against its current gold. Admins and researchers only: linguists and reviewers never see an
evaluator's name or verdicts here (a 404, as for a project they are not in).

The GET answers from the persisted report (a constant number of queries, whatever the size of
the gold and the runs); the figures are computed by a Celery task (services/judges_live.py)."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.api.judges_contract import JudgesOutput
from annotations.api.releases import exporter_projects
from annotations.models import JudgesReport, Project, Role
from annotations.selectors.judges import DEV_SHARE, N_RESAMPLES, SPLIT_SEED, judges_inputs
from annotations.services.judges_live import (
    judges_page_refresh,
    judges_pending,
    judges_recompute,
    report_state,
)

NOT_YET = {
    "rounds": [],
    "gold": {
        "rule": "",
        "sentences": 0,
        "summaries": 0,
        "inconsistent_sentences": 0,
        "type_min_count": 0,
    },
    "split": {"method": "document", "dev": DEV_SHARE, "seed": SPLIT_SEED},
    "n_resamples": N_RESAMPLES,
    "computed_at": None,
    "runs": [],
    "trends": [],
}


def _project(request: Request, slug: str) -> Project:
    project = exporter_projects(request.user).filter(slug=slug).first()
    if project is None:
        raise Http404("No such project where you administer or research.")
    return project


def _is_admin(request: Request, project: Project) -> bool:
    return project.memberships.filter(user_id=request.user.pk, role=Role.ADMIN).exists()


def _answer(
    request: Request, project: Project, report: JudgesReport | None, key: str
) -> dict[str, Any]:
    figures = report.figures if report is not None and report.figures is not None else None
    return {
        **(figures or NOT_YET),
        "project": {"slug": project.slug, "name": project.name},
        "ready": figures is not None,
        "stale": judges_pending(report, key),
        **report_state(report),
        "can_recompute": _is_admin(request, project),
    }


class JudgesView(APIView):
    @extend_schema(
        responses=JudgesOutput,
        operation_id="project_judges",
        summary="Every corpus run scored against the project's current gold, as last computed",
    )
    def get(self, request: Request, slug: str) -> Response:
        project = _project(request, slug)
        key = judges_inputs(project).key
        report = judges_page_refresh(project=project, current_key=key)
        return Response(_answer(request, project, report, key))


class JudgesRecomputeView(APIView):
    @extend_schema(
        request=None,
        responses={202: JudgesOutput},
        operation_id="project_judges_recompute",
        summary="Recompute the Judges figures now (admins)",
    )
    def post(self, request: Request, slug: str) -> Response:
        project = _project(request, slug)
        if not _is_admin(request, project):
            raise PermissionDenied("Only the project's admins can recompute the judges.")
        judges_recompute(project=project, user=request.user)
        key = judges_inputs(project).key
        report = JudgesReport.objects.select_related("job").get(project=project)
        return Response(_answer(request, project, report, key), status=status.HTTP_202_ACCEPTED)
