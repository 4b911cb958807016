"""Agreement and disagreements (docs/api/admin.md, *Agreement*, *Disagreements and
feedback*): a round's report, computing it, each question's agreement across the rounds,
and the units where annotators disagree, one at a time."""

from __future__ import annotations

import re
from typing import Any

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.agreement.report import reproject, with_targets
from annotations.api.admin import JobStartedOutput, admin_project, admin_round, bad_request
from annotations.api.admin_contract import (
    AgreementHistoryOutput,
    AgreementReportOutput,
    DisagreementUnitOutput,
)
from annotations.api.paging import PageOutput, page_parameters, page_request, whole_parameter
from annotations.api.queue import QUEUE_DOWN, answer_queued
from annotations.models import AgreementReport, Topic
from annotations.selectors.admin import disagreement_unit
from annotations.selectors.assistance_inputs import AssistanceChoiceError
from annotations.selectors.disagreement_list import disagreement_page, next_disagreement
from annotations.services.agreement_live import agreement_recompute_due, agreement_updating
from annotations.services.agreement_reports import agreement_report_current, report_comparison
from annotations.services.jobs import job_start
from annotations.services.unit_disagreements import unit_disagreements_refresh

# The largest ?compare= read: a round id within PostgreSQL's bigint (a 64-bit signed integer).
LARGEST_ROUND_ID = 2**63 - 1


def _report(
    report: AgreementReport,
    *,
    stale: bool,
    targets: dict[str, float],
    half_width: float | None = None,
) -> dict[str, Any]:
    results = dict(report.results)
    if "questions" in results:
        # The project's targets as they are now, not as they were when it was computed.
        results["questions"] = with_targets(results["questions"], targets or {})
        if half_width is not None:
            results["questions"] = [
                {**q, "projection": reproject(q["projection"], half_width)}
                if "projection" in q
                else q
                for q in results["questions"]
            ]
    return {
        "round": report.round_id,
        "computed_at": report.computed_at,
        "inputs_hash": report.inputs_hash,
        "stale": stale,
        **results,
    }


class AgreementView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter(
                "half_width",
                # The bounds the view checks, stated (a plain float documents 1e154 as valid).
                {"type": "number", "minimum": 0.005, "maximum": 0.5},
                required=False,
                description=(
                    "The interval half-width w each question's projection aims at (0.005 to"
                    " 0.5; default 0.05)."
                ),
            )
        ],
        responses=AgreementReportOutput,
        summary="The round's latest agreement report",
    )
    def get(self, request: Request, round_id: int) -> Response:
        round_ = admin_round(request, round_id)
        half_width = _half_width_parameter(request)
        # Embedded configuration: a recompute waiting after submits runs now (docs/agreement.md).
        agreement_recompute_due(round=round_)
        latest = AgreementReport.objects.filter(round=round_).order_by("-computed_at").first()
        if latest is None:
            raise Http404("No agreement report yet: compute one.")
        try:
            # Judged against the comparison the report was asked for (docs/agreement.md).
            current, _ = agreement_report_current(round=round_, compare=report_comparison(latest))
        except AssistanceChoiceError:
            current = None  # the round it was compared with can no longer be compared
        return Response(
            {
                **_report(
                    latest,
                    stale=current is None or current.pk != latest.pk,
                    targets=round_.project.agreement_targets,
                    half_width=half_width,
                ),
                "updating": agreement_updating(round_id=round_.pk),
            }
        )

    @extend_schema(
        request=None,
        parameters=[
            whole_parameter(
                "compare",
                least=1,
                most=LARGEST_ROUND_ID,
                description=(
                    "A round of the opposite evidence-hint setting to compare with; by default"
                    " the most recent such round of the same kind over shared units."
                ),
            )
        ],
        responses={200: AgreementReportOutput, 202: JobStartedOutput, 503: QUEUE_DOWN},
        summary="Compute the report (background job; 200 with the report if it is current)",
    )
    def post(self, request: Request, round_id: int) -> Response:
        round_ = admin_round(request, round_id)
        compare = _compare_parameter(request)
        try:
            current, _ = agreement_report_current(round=round_, compare=compare)
        except AssistanceChoiceError as error:
            raise bad_request(
                str(error), {"compare": [str(error)]}, code="cannot_compare"
            ) from None
        if current is not None:
            return Response(_report(current, stale=False, targets=round_.project.agreement_targets))
        job = job_start(
            project=round_.project,
            kind="agreement",
            params={"round": round_.pk, "compare": compare},
            user=request.user,
        )
        answer_queued(job, saved=f"The agreement report of {round_.name} is saved as job {job.pk}")
        return Response({"job": job.pk}, status=status.HTTP_202_ACCEPTED)


def _half_width_parameter(request: Request) -> float | None:
    raw = request.query_params.get("half_width", "")
    if raw == "":
        return None
    try:
        # Any spelling of a number (0.05, .05, 5e-2); nan and inf fail the range.
        value: float | None = float(raw)
    except ValueError:
        value = None
    if value is None or not 0.005 <= value <= 0.5:
        message = f"half_width must be a number from 0.005 to 0.5; got {raw[:40]!r}."
        raise bad_request(message, {"half_width": [message]})
    return value


def _compare_parameter(request: Request) -> int | None:
    raw = request.query_params.get("compare", "")
    if raw == "":
        return None
    # ASCII digits only, as for ?page= (str.isdigit() accepts "²", which int() refuses).
    if not re.fullmatch(r"[1-9][0-9]{0,18}", raw) or int(raw) > LARGEST_ROUND_ID:
        message = f"compare must be a round id (a whole number); got {raw[:40]!r}."
        raise bad_request(message, {"compare": [message]})
    return int(raw)


class AgreementHistoryView(APIView):
    @extend_schema(
        responses=AgreementHistoryOutput, summary="Each question's agreement across the rounds"
    )
    def get(self, request: Request, slug: str) -> Response:
        project = admin_project(request, slug)
        latest: dict[int, AgreementReport] = {}
        for report in (
            AgreementReport.objects.filter(round__project=project)
            .select_related("round")
            .order_by("computed_at")
        ):
            latest[report.round_id] = report
        ordered = sorted(latest.values(), key=lambda r: (r.round.created_at, r.round_id))
        questions: dict[str, dict[str, Any]] = {}
        for report in ordered:
            for question in report.results.get("questions", []):
                entry = questions.setdefault(
                    question["key"],
                    {
                        "key": question["key"],
                        "label": question["label"],
                        "target": project.agreement_targets.get(question["key"]),
                        "points": [],
                    },
                )
                coefficient = question.get("coefficient")
                entry["points"].append(
                    {
                        "round": report.round.name,
                        "round_id": report.round_id,
                        "value": coefficient["value"] if coefficient else None,
                        # The interval, drawn as error bars: a small round's point alone
                        # overstates what it shows.
                        "ci": coefficient.get("ci") if coefficient else None,
                        "n_units": question.get("n_units"),
                    }
                )
        return Response({"questions": list(questions.values())})


class DisagreementOutput(serializers.Serializer):
    topic = serializers.IntegerField()
    topic_name = serializers.CharField()
    document = serializers.CharField()
    sentences = serializers.IntegerField(help_text="Sentences whose labels differ.")
    summaries = serializers.IntegerField(help_text="Summaries whose relevance differs.")
    topic_category = serializers.BooleanField(help_text="Whether the topic category differs.")


class DisagreementPageOutput(PageOutput):
    """The paging fields count the units with disagreements."""

    units = DisagreementOutput(many=True, help_text="By document and topic.")


class DisagreementsView(APIView):
    @extend_schema(
        parameters=page_parameters(),
        responses=DisagreementPageOutput,
        operation_id="admin_round_disagreements_list",
        summary="Units where annotators disagree, a page at a time",
    )
    def get(self, request: Request, round_id: int) -> Response:
        round_ = admin_round(request, round_id)
        asked = page_request(request)
        unit_disagreements_refresh(round=round_)
        return Response(disagreement_page(round=round_, asked=asked))


class DisagreementUnitView(APIView):
    @extend_schema(
        responses=DisagreementUnitOutput, summary="Everyone's labels on one unit, side by side"
    )
    def get(self, request: Request, round_id: int, topic_id: int) -> Response:
        round_ = admin_round(request, round_id)
        topic = (
            Topic.objects.filter(pk=topic_id, assignments__round=round_)
            .select_related("document")
            .first()
        )
        if topic is None:
            raise Http404("This unit is not in the round.")
        unit_disagreements_refresh(round=round_)
        return Response(
            {
                **disagreement_unit(round=round_, topic=topic),
                "next_topic": next_disagreement(round=round_, topic=topic),
            }
        )
