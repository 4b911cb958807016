"""Adjudication (admins of the project): the queue, opening a unit, the unit's payload, a
case's note and flag, and the flagged cases (docs/api/review.md)."""

from __future__ import annotations

import re

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.api.adjudication_contract import (
    AdjudicationPayloadOutput,
    AdjudicationQueueOutput,
    CaseOutput,
    FlaggedCasesOutput,
    OpenedOutput,
)
from annotations.api.admin import admin_project
from annotations.api.errors import ApiError, validated
from annotations.api.paging import MAX_PAGE, whole_parameter
from annotations.models import (
    AdjudicationCase,
    Assignment,
    Membership,
    Role,
    Round,
    RoundKind,
    Topic,
)
from annotations.selectors.adjudication_queue import QUESTIONS, adjudication_queue
from annotations.selectors.adjudication_unit import adjudication_payload
from annotations.services.adjudication_cases import CaseInvalid, case_save
from annotations.services.adjudication_round import adjudication_open

# The largest id ?round= reads (the twelve digits _whole accepts).
LARGEST_ID = 999_999_999_999


def _whole(value: str | None, name: str) -> int | None:
    if value in (None, ""):
        return None
    # ASCII digits only: str.isdigit() accepts "²", which int() refuses.
    if not re.fullmatch(r"[0-9]{1,12}", value):
        raise ApiError(f"{name} is a positive whole number.", errors={name: ["a whole number"]})
    return int(value)


class AdjudicationQueueView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("question", str, enum=list(QUESTIONS)),
            whole_parameter("round", least=1, most=LARGEST_ID),
            OpenApiParameter("decided", bool),
            whole_parameter("page", least=1, most=MAX_PAGE),
        ],
        responses=AdjudicationQueueOutput,
        operation_id="adjudication_queue",
        summary="What needs an admin's decision, lowest agreement first",
    )
    def get(self, request: Request, slug: str) -> Response:
        project = admin_project(request, slug)
        question = request.query_params.get("question") or None
        if question is not None and question not in QUESTIONS:
            raise ApiError(
                "Unknown question.", errors={"question": [f"one of {', '.join(QUESTIONS)}"]}
            )
        decided_text = request.query_params.get("decided")
        if decided_text not in (None, "", "true", "false"):
            raise ApiError("decided is true or false.", errors={"decided": ["true or false"]})
        return Response(
            adjudication_queue(
                project=project,
                question=question,
                round_id=_whole(request.query_params.get("round"), "round"),
                decided=None if decided_text in (None, "") else decided_text == "true",
                page=_whole(request.query_params.get("page"), "page") or 1,
            )
        )


class AdjudicationOpenView(APIView):
    @extend_schema(
        request=None,
        responses={200: OpenedOutput},
        operation_id="adjudication_open",
        summary="Your assignment of a unit in the project's adjudication round (made once)",
    )
    def post(self, request: Request, slug: str, topic_id: int) -> Response:
        project = admin_project(request, slug)
        if not Topic.objects.filter(pk=topic_id, document__corpus__project=project).exists():
            raise Http404("No such unit in this project.")
        assignment = adjudication_open(project, topic_id, request.user)
        return Response({"assignment": assignment.pk})


def admin_adjudication(request: Request, assignment_id: int) -> Assignment:
    """An adjudication assignment of a project the user administers."""
    assignment = (
        Assignment.objects.filter(pk=assignment_id, round__kind=RoundKind.ADJUDICATION)
        .select_related("round__project", "topic__document")
        .first()
    )
    if (
        assignment is None
        or not Membership.objects.filter(
            project_id=assignment.round.project_id, user_id=request.user.pk, role=Role.ADMIN
        ).exists()
    ):
        raise Http404("No such adjudication in a project that you administer.")
    return assignment


class AdjudicationPayloadView(APIView):
    @extend_schema(
        parameters=[
            whole_parameter("round", least=1, most=LARGEST_ID, description="Whose answers to show.")
        ],
        responses=AdjudicationPayloadOutput,
        operation_id="adjudication_payload",
        summary="One unit's answers side by side, the gold of each layer, and your gold values",
    )
    def get(self, request: Request, assignment_id: int) -> Response:
        assignment = admin_adjudication(request, assignment_id)
        round_id = _whole(request.query_params.get("round"), "round")
        round_ = None
        if round_id is not None:
            round_ = Round.objects.filter(
                pk=round_id, project_id=assignment.round.project_id
            ).first()
            if round_ is None:
                raise Http404("No such round in this project.")
        return Response(adjudication_payload(assignment=assignment, round=round_))


class CaseView(APIView):
    class Input(serializers.Serializer):
        class Meta:
            ref_name = "AdjudicationCaseInput"

        question = serializers.ChoiceField(choices=list(QUESTIONS))
        target = serializers.CharField(allow_null=True, max_length=40)
        note = serializers.CharField(allow_blank=True, max_length=5000, trim_whitespace=False)
        flagged = serializers.BooleanField()

    @extend_schema(
        request=Input,
        responses={200: CaseOutput},
        operation_id="adjudication_case",
        summary="A case's note and its flag for the next guideline version",
    )
    def put(self, request: Request, assignment_id: int) -> Response:
        assignment = admin_adjudication(request, assignment_id)
        data = validated(self.Input, request.data)
        try:
            case = case_save(assignment=assignment, user=request.user, **data)
        except CaseInvalid as invalid:
            # Its own code, as a save's: the body had the documented shape but names what
            # the unit lacks (a handle of another unit, or of the wrong kind for the question).
            raise ApiError(
                "Invalid case.", errors=invalid.errors, code="invalid_judgement"
            ) from None
        return Response(
            {
                "id": case.pk,
                "question": case.question,
                "target": data["target"],
                "note": case.note,
                "flagged": case.flagged,
            },
            status=status.HTTP_200_OK,
        )


class FlaggedCasesView(APIView):
    @extend_schema(
        responses=FlaggedCasesOutput,
        operation_id="flagged_cases",
        summary="Cases flagged for the guidelines that no version answers yet",
    )
    def get(self, request: Request, slug: str) -> Response:
        project = admin_project(request, slug)
        cases = (
            AdjudicationCase.objects.filter(
                round__project=project, flagged=True, answered_in__isnull=True
            )
            .select_related("topic__document")
            .order_by("created_at", "id")
        )
        return Response(
            {
                "cases": [
                    {
                        "id": case.pk,
                        "question": case.question,
                        "unit": f"{case.topic.document.title or case.topic.document.external_id}"
                        f" · {case.topic.name}",
                        "note": case.note,
                        "created_at": case.created_at,
                    }
                    for case in cases
                ]
            }
        )
