"""Evaluators' runs on a release, for researchers and admins (docs/api/evaluation.md).

Linguists and reviewers never reach these routes: an evaluator's name is not theirs to see
(the explanation meta-annotation round shows model explanations without it).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from django.http import Http404, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.parsers import MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.api.admin import JobStartedOutput, bad_request
from annotations.api.leaderboard_contract import LeaderboardOutput
from annotations.api.paging import whole_parameter
from annotations.api.queue import QUEUE_DOWN, answer_queued
from annotations.api.releases import exporter_projects
from annotations.evaluator_scores.beyond_tables import ANALYSES, analysis_csv, analysis_latex
from annotations.evaluator_scores.tables import leaderboard_csv, leaderboard_latex
from annotations.models import EvaluatorKind, EvaluatorRun, PredictionKind, Release, ReleaseStatus
from annotations.selectors.evaluator_leaderboard import (
    LEVELS,
    cached_release_leaderboard,
)
from annotations.services.evaluator_runs import EvaluatorInvalid, run_summary
from annotations.services.jobs import job_start
from annotations.services.stored_files import upload_store

# The most units ?count= asks for.
MAX_HARD_UNITS = 100_000
# A run of 3 million predictions with explanations is a few hundred MB at most.
MAX_UPLOAD_BYTES = 1024 * 1024 * 1024


class RunOutput(serializers.Serializer):
    id = serializers.IntegerField()
    evaluator = serializers.CharField()
    kind = serializers.ChoiceField(choices=EvaluatorKind.choices)
    release = serializers.CharField(help_text="The release's version.")
    run = serializers.IntegerField()
    predictions = serializers.ChoiceField(choices=PredictionKind.choices)
    sentences = serializers.IntegerField()
    summaries = serializers.IntegerField()
    explanations = serializers.IntegerField()
    source_name = serializers.CharField()
    sha256 = serializers.CharField()


class RunsOutput(serializers.Serializer):
    runs = RunOutput(many=True)


@extend_schema_field({"type": "string", "format": "binary"})
class UploadedFile(serializers.FileField):
    """A file part of the multipart body: documented as binary (a plain FileField is
    documented as a URI, which a client would send as a text field and be refused). An empty
    file is a file, refused by the upload's job as any unreadable content is ("is empty")."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(allow_empty_file=True, **kwargs)


class RunUploadInput(serializers.Serializer):
    file = UploadedFile()
    evaluator = serializers.CharField(max_length=100)
    kind = serializers.ChoiceField(choices=EvaluatorKind.choices, default=EvaluatorKind.METRIC)
    run = serializers.IntegerField(min_value=1, max_value=1000, required=False)
    notes = serializers.CharField(allow_blank=True, required=False, default="")


def _published_release(request: Request, release_id: int) -> Release:
    release = (
        Release.objects.filter(
            pk=release_id,
            status=ReleaseStatus.PUBLISHED,
            project__in=exporter_projects(request.user),
        )
        .select_related("project")
        .first()
    )
    if release is None:
        raise Http404("No such published release in a project you research or administer.")
    return release


class EvaluatorRunsView(APIView):
    parser_classes = [MultiPartParser]

    @extend_schema(
        responses=RunsOutput,
        operation_id="evaluator_runs",
        summary="The evaluators' runs on a published release",
    )
    def get(self, request: Request, release_id: int) -> Response:
        release = _published_release(request, release_id)
        runs = (
            EvaluatorRun.objects.filter(release=release)
            .select_related("evaluator", "release")
            .order_by("evaluator__name", "number")
        )
        return Response({"runs": [run_summary(run) for run in runs]})

    @extend_schema(
        request={"multipart/form-data": RunUploadInput},
        responses={202: JobStartedOutput, 503: QUEUE_DOWN},
        operation_id="evaluator_run_upload",
        summary="Upload a run of predictions (CSV or JSONL; a background job)",
    )
    def post(self, request: Request, release_id: int) -> Response:
        release = _published_release(request, release_id)
        given = RunUploadInput(data=request.data)
        if not given.is_valid():
            raise bad_request("The upload is not valid: see the field errors.", given.errors)
        data = given.validated_data
        upload = data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            raise bad_request(
                "The file is too large.", {"file": [f"at most {MAX_UPLOAD_BYTES} bytes"]}
            )
        name = Path(upload.name or "predictions.csv").name
        # Kept in the storage, so the worker that runs the job may be on another machine.
        stored = upload_store(upload, suffix=Path(name).suffix[:10])
        job = job_start(
            project=release.project,
            kind="evaluator_upload",
            params={
                "upload": stored,
                "name": name,
                "release": release.pk,
                "evaluator": data["evaluator"],
                "kind": data["kind"],
                "run": data.get("run"),
                "notes": data["notes"],
            },
            user=request.user,
        )
        answer_queued(job, saved=f"The upload of {name} is saved as job {job.pk}")
        return Response({"job": job.pk}, status=status.HTTP_202_ACCEPTED)


class LeaderboardView(APIView):
    @extend_schema(
        responses=LeaderboardOutput,
        operation_id="evaluator_leaderboard",
        summary="Every evaluator's figures on a published release (docs/evaluation.md)",
    )
    def get(self, request: Request, release_id: int) -> Response:
        release = _published_release(request, release_id)
        try:
            return Response(cached_release_leaderboard(release))
        except EvaluatorInvalid as invalid:
            raise bad_request(str(invalid), invalid.errors) from None


class LeaderboardTableView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("level", str, enum=list(LEVELS)),
            OpenApiParameter(
                "analysis",
                str,
                enum=list(ANALYSES),
                description="A table beyond balanced accuracy instead of a level's leaderboard"
                " (docs/evaluation.md).",
            ),
        ],
        responses={
            (200, "text/csv"): OpenApiTypes.STR,
            (200, "application/x-tex"): OpenApiTypes.STR,
        },
        operation_id="evaluator_leaderboard_table",
        summary="The leaderboard of one level, or one analysis, as a CSV or a LaTeX table",
    )
    def get(self, request: Request, release_id: int, table: str) -> HttpResponse:
        if table not in ("csv", "tex"):
            raise Http404("The leaderboard comes as .csv or .tex.")
        release = _published_release(request, release_id)
        analysis = request.query_params.get("analysis")
        if analysis is not None:
            return self._analysis(release, analysis, table)
        level = request.query_params.get("level", "sentence")
        if level not in LEVELS:
            raise bad_request("Unknown level.", {"level": [f"one of {', '.join(LEVELS)}"]})
        try:
            board = cached_release_leaderboard(release)["levels"].get(level)
        except EvaluatorInvalid as invalid:
            raise bad_request(str(invalid), invalid.errors) from None
        if not board or "error" in board:
            raise bad_request(
                f"No {level}-level figures for this release.",
                {"level": [board["error"] if board else "no run predicts this level"]},
            )
        name = f"{release.project.slug}-{release.version}-{level}-evaluators"
        if table == "csv":
            body, content_type = leaderboard_csv(board), "text/csv; charset=utf-8"
        else:
            caption = (
                f"{level.capitalize()}-level evaluator figures on {release.project.name}"
                f" {release.version} ({board['protocol'].replace('_', '/')}; 95% bootstrap"
                " intervals by document)."
            )
            body = leaderboard_latex(board, caption=caption)
            content_type = "application/x-tex; charset=utf-8"
        response = HttpResponse(body, content_type=content_type)
        response["Content-Disposition"] = f'attachment; filename="{name}.{table}"'
        return response

    def _analysis(self, release: Release, analysis: str, table: str) -> HttpResponse:
        if analysis not in ANALYSES:
            raise bad_request("Unknown analysis.", {"analysis": [f"one of {', '.join(ANALYSES)}"]})
        try:
            report = cached_release_leaderboard(release)
        except EvaluatorInvalid as invalid:
            raise bad_request(str(invalid), invalid.errors) from None
        name = f"{release.project.slug}-{release.version}-evaluators-{analysis}"
        if table == "csv":
            body, content_type = analysis_csv(report, analysis), "text/csv; charset=utf-8"
        else:
            body = analysis_latex(report, analysis)
            content_type = "application/x-tex; charset=utf-8"
        response = HttpResponse(body, content_type=content_type)
        response["Content-Disposition"] = f'attachment; filename="{name}.{table}"'
        return response


class HardUnitOutput(serializers.Serializer):
    topic_id = serializers.IntegerField()
    unit = serializers.CharField(help_text="Document · topic.")
    records = serializers.IntegerField(help_text="Judged sentences in the unit.")
    against_gold = serializers.FloatField()
    among_evaluators = serializers.FloatField()


class HardUnitsOutput(serializers.Serializer):
    units = HardUnitOutput(many=True)


class HardUnitsView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("by", str, enum=["against_gold", "among_evaluators"]),
            whole_parameter("count", least=1, most=MAX_HARD_UNITS),
        ],
        responses=HardUnitsOutput,
        operation_id="evaluator_hard_units",
        summary="The release's units hardest for its evaluators, hardest first",
    )
    def get(self, request: Request, release_id: int) -> Response:
        from annotations.selectors.hard_units import hard_units

        release = _published_release(request, release_id)
        count = request.query_params.get("count", "20")
        # ASCII digits only: str.isdigit() accepts "²", which int() refuses.
        if not re.fullmatch(r"[0-9]{1,6}", count) or not 1 <= int(count) <= MAX_HARD_UNITS:
            raise bad_request(
                "Invalid count.", {"count": [f"a whole number from 1 to {MAX_HARD_UNITS}"]}
            )
        try:
            units = hard_units(
                release, by=request.query_params.get("by", "against_gold"), count=int(count)
            )
        except EvaluatorInvalid as invalid:
            raise bad_request(str(invalid), invalid.errors) from None
        return Response({"units": units})
