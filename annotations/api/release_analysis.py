"""Error rates per summarizer of a published release, for its page
(``GET /api/releases/{id}/analysis/``) and the ``analysis/`` files as downloads
(``GET /api/releases/{id}/analysis/<name>``). Researchers and admins of the project; anyone
else gets 404, as on every evaluator route. The JSON is the selector's dict
(annotations/selectors/release_analysis.py); these serializers are its contract, so the
frontend's type is generated (tests/analysis/test_release_analysis.py checks a real answer
against them)."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.analysis.error_rates import METRIC_KEYS
from annotations.api.admin import bad_request
from annotations.api.releases import exporter_projects
from annotations.models import Release, ReleaseStatus
from annotations.selectors.release_analysis import (
    DOWNLOADS,
    AnalysisUnavailable,
    release_analysis_file,
    release_error_rates,
)


class EstimateOutput(serializers.Serializer):
    """A figure with its bootstrap interval; value, low and high null when n is 0."""

    class Meta:
        ref_name = "AnalysisEstimate"

    value = serializers.FloatField(allow_null=True)
    low = serializers.FloatField(allow_null=True)
    high = serializers.FloatField(allow_null=True)
    n = serializers.IntegerField()


class TypeShareOutput(EstimateOutput):
    class Meta:
        ref_name = "AnalysisTypeShare"

    type = serializers.CharField(help_text='The error type; "" for no gold type.')
    count = serializers.IntegerField()


class _RowBase(serializers.Serializer):
    system = serializers.CharField()
    corpus = serializers.CharField(help_text='A corpus, or "all".')
    topic_type = serializers.CharField(help_text='main, marginal, uncategorised or "all".')
    summaries = serializers.IntegerField()
    units = serializers.IntegerField(help_text="(dialogue, topic) units.")
    inconsistent_sentences = serializers.IntegerField()
    error_types = TypeShareOutput(many=True)


ErrorRateRowOutput = type(
    "ErrorRateRowOutput",
    (_RowBase,),
    {
        **{key: EstimateOutput() for key in METRIC_KEYS},
        "Meta": type("Meta", (), {"ref_name": "ErrorRateRow"}),
    },
)


class LabelledOutput(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()


class AnalysisFileOutput(serializers.Serializer):
    name = serializers.CharField()
    stored = serializers.BooleanField(help_text="In the release's archive (with its sha256).")


class ReleaseAnalysisOutput(serializers.Serializer):
    release = serializers.CharField(help_text="SLUG@VERSION")
    metrics = LabelledOutput(many=True)
    topic_types = LabelledOutput(many=True)
    error_types = serializers.ListField(child=serializers.CharField())
    confidence = serializers.FloatField()
    n_resamples = serializers.IntegerField()
    seed = serializers.IntegerField()
    method = serializers.CharField()
    notes = serializers.ListField(child=serializers.CharField())
    rows = ErrorRateRowOutput(many=True)
    dropped_not_a_summary = serializers.DictField(child=serializers.IntegerField(), allow_null=True)
    files = AnalysisFileOutput(many=True)


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


class ReleaseAnalysisView(APIView):
    @extend_schema(
        responses=ReleaseAnalysisOutput,
        operation_id="release_analysis",
        summary="Error rates per summarizer on main and marginal topics (docs/evaluation.md)",
    )
    def get(self, request: Request, release_id: int) -> Response:
        release = _published_release(request, release_id)
        try:
            return Response(release_error_rates(release))
        except AnalysisUnavailable as unavailable:
            raise bad_request(str(unavailable), {"release": [str(unavailable)]}) from None


class ReleaseAnalysisFileView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("name", str, OpenApiParameter.PATH, enum=sorted(DOWNLOADS)),
        ],
        responses={
            (200, "text/csv"): OpenApiTypes.STR,
            (200, "application/x-tex"): OpenApiTypes.STR,
        },
        operation_id="release_analysis_file",
        summary="One analysis/ file of a release (error_rates.csv, error_types.tex, ...)",
    )
    def get(self, request: Request, release_id: int, name: str) -> HttpResponse:
        if name not in DOWNLOADS:
            raise Http404(f"The analysis files are {', '.join(sorted(DOWNLOADS))}.")
        release = _published_release(request, release_id)
        try:
            body = release_analysis_file(release, name)
        except AnalysisUnavailable as unavailable:
            raise bad_request(str(unavailable), {"release": [str(unavailable)]}) from None
        content_type = "text/csv" if name.endswith(".csv") else "application/x-tex"
        response = HttpResponse(body, content_type=f"{content_type}; charset=utf-8")
        filename = f"{release.project.slug}-{release.version}-{name}"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response
