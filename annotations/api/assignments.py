"""The linguist's API: queue, workspace payload, saves, submit, heartbeat, feedback read.

Views are thin: they check that the assignment is the user's (another's is 404, so nobody
learns it exists), validate input, call a service or selector, and map its outcome to HTTP.
See docs/api/workspace.md for the contract.
"""

from __future__ import annotations

from django.http import Http404
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.api.errors import ApiError, validated
from annotations.api.renderers import json_renderers
from annotations.api.saves import refusal
from annotations.api.workspace_contract import (
    HeartbeatOutput,
    QueueEntryOutput,
    QueueOutput,
    WorkspacePayloadOutput,
)
from annotations.models import Assignment, Feedback
from annotations.selectors.workspace import (
    queue,
    queue_entry,
    user_assignments,
    workspace_payload,
)
from annotations.services.judgements import (
    Incomplete,
    NotAnnotator,
    ReadOnly,
    assignment_heartbeat,
    assignment_submit,
)


def own_assignment(request: Request, assignment_id: int) -> Assignment:
    assignment = (
        user_assignments(user=request.user)
        .select_related("round__project__taxonomy", "round__guideline_version", "topic__document")
        .filter(pk=assignment_id)
        .first()
    )
    if assignment is None:
        raise Http404("No such assignment of yours.")
    return assignment


class QueueView(APIView):
    @extend_schema(
        responses=QueueOutput,
        operation_id="queue",
        summary="The signed-in linguist's queue and unread feedback (docs/api/workspace.md)",
    )
    def get(self, request: Request) -> Response:
        return Response(queue(user=request.user))


class WorkspaceView(APIView):
    renderer_classes = json_renderers()  # the same bytes as DRF's, ~0.1 ms sooner

    @extend_schema(
        responses=WorkspacePayloadOutput,
        operation_id="workspace",
        summary="The workspace payload of one of your assignments (docs/api/workspace.md)",
    )
    def get(self, request: Request, assignment_id: int) -> Response:
        payload = workspace_payload(user_id=request.user.pk, assignment_id=assignment_id)
        if payload is None:
            raise Http404("No such assignment of yours.")
        return Response(payload)


class SubmitView(APIView):
    @extend_schema(
        request=None,
        responses=QueueEntryOutput,
        summary="Submit: refuses, listing what is missing",
    )
    def post(self, request: Request, assignment_id: int) -> Response:
        own_assignment(request, assignment_id)
        try:
            assignment_submit(assignment_id=assignment_id, user=request.user)
        except Incomplete as incomplete:
            count = len(incomplete.missing)
            raise ApiError(
                f"{count} item{'s are' if count != 1 else ' is'} missing.",
                code="incomplete",
                missing=[item.as_dict() for item in incomplete.missing],
            ) from None
        except (ReadOnly, NotAnnotator) as refused:
            raise refusal(refused) from None
        return Response(queue_entry(user=request.user, assignment_id=assignment_id))


class HeartbeatView(APIView):
    class Input(serializers.Serializer):
        class Meta:
            ref_name = "HeartbeatInput"

        seconds = serializers.IntegerField(min_value=0, max_value=3600)

    @extend_schema(
        request=Input,
        responses=HeartbeatOutput,
        summary="Count active time on task (capped)",
    )
    def post(self, request: Request, assignment_id: int) -> Response:
        own_assignment(request, assignment_id)
        data = validated(self.Input, request.data)
        total = assignment_heartbeat(assignment_id=assignment_id, seconds=data["seconds"])
        return Response({"active_seconds": total})


class FeedbackReadView(APIView):
    @extend_schema(request=None, responses={204: None}, summary="Mark feedback as read")
    def post(self, request: Request, feedback_id: int) -> Response:
        updated = Feedback.objects.filter(
            pk=feedback_id, annotator_id=request.user.pk, read_at__isnull=True
        ).update(read_at=timezone.now())
        if (
            not updated
            and not Feedback.objects.filter(pk=feedback_id, annotator_id=request.user.pk).exists()
        ):
            raise Http404("No such feedback of yours.")
        return Response(status=status.HTTP_204_NO_CONTENT)


class RevealedVerdictOutput(serializers.Serializer):
    sentence = serializers.CharField(help_text="The sentence's handle in this assignment.")
    label = serializers.CharField(
        allow_null=True, help_text='"consistent" or "inconsistent"; null: a score only.'
    )
    score = serializers.FloatField(allow_null=True)
    abstain = serializers.BooleanField(help_text="The model declined this sentence.")
    explanation = serializers.CharField(allow_blank=True)
    error_types = serializers.ListField(child=serializers.CharField(), help_text="Type codes.")
    spans = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2),
        help_text="[start, end] character offsets in the sentence.",
    )
    evidence = serializers.ListField(
        child=serializers.IntegerField(), help_text="Positions of the dialogue turns it cites."
    )


class RevealOutput(serializers.Serializer):
    assisted = serializers.BooleanField(help_text="Whether this unit is in the assisted arm.")
    source = serializers.CharField(
        allow_null=True, help_text='"Model" (never the evaluator\'s name); null when unassisted.'
    )
    sentences = RevealedVerdictOutput(many=True)


class RevealView(APIView):
    @extend_schema(
        responses=RevealOutput,
        operation_id="assignment_reveal",
        summary="The model's verdicts on the sentences you labelled, in an assisted unit"
        " (docs/models-in-the-loop.md)",
    )
    def get(self, request: Request, assignment_id: int) -> Response:
        from annotations.selectors.assisted_reveal import assisted_reveal

        found = assisted_reveal(user=request.user, assignment_id=assignment_id)
        if found is None:
            raise Http404("No such assignment of yours.")
        return Response(found)
