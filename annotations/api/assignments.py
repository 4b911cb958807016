"""The linguist's API: queue, workspace payload, saves, submit, heartbeat, feedback read.

Views are thin: they check that the assignment is the user's (another's is 404, so nobody
learns it exists), validate input, call a service or selector, and map its outcome to HTTP.
See docs/api/workspace.md for the contract.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import ObjectDoesNotExist
from django.http import Http404
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations import handles
from annotations.api.errors import ApiError, Conflict
from annotations.api.renderers import json_renderers
from annotations.api.workspace_contract import (
    HeartbeatOutput,
    QueueEntryOutput,
    QueueOutput,
    WorkspacePayloadOutput,
    kind_state_serializer,
)
from annotations.kinds import SENTENCE, SUMMARY, TOPIC, Kind
from annotations.models import Assignment, Feedback
from annotations.selectors.workspace import queue, user_assignments, workspace_payload
from annotations.services.judgements import (
    Incomplete,
    InvalidJudgement,
    NotAnnotator,
    ReadOnly,
    StaleVersion,
    assignment_heartbeat,
    assignment_submit,
    judgement_save,
)

TEXT_LIMIT = 5000


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


def blinded(assignment_id: int, state: dict[str, Any] | None) -> dict[str, Any] | None:
    """A judgement's state with its sentence or summary id turned into this assignment's
    handle (annotations/handles.py): no database id reaches a linguist."""
    if state is None:
        return None
    out = dict(state)
    for kind in ("sentence", "summary"):
        if isinstance(out.get(kind), int):
            out[kind] = handles.encode(assignment_id, kind, out[kind])  # type: ignore[arg-type]
    return out


def item_id(assignment_id: int, kind: handles.Kind, handle: str) -> int:
    try:
        return handles.decode(assignment_id, kind, handle)
    except handles.UnknownHandle:
        raise Http404(f"No such {kind} in this assignment's unit.") from None


def run_save(assignment_id: int, save: Callable[[], dict[str, Any]]) -> Response:
    """Map a save's outcome to HTTP: 200 saved, 409 stale, 403 read-only, 400 invalid."""
    try:
        return Response(blinded(assignment_id, save()))
    except StaleVersion as stale:
        raise Conflict(
            "This item changed since you loaded it (another tab or device saved it). Nothing"
            " was overwritten: compare and choose.",
            code="stale_version",
            current=blinded(assignment_id, stale.current),
        ) from None
    except (ReadOnly, NotAnnotator) as refused:
        raise refusal(refused) from None
    except InvalidJudgement as invalid:
        raise ApiError("Invalid judgement.", errors=invalid.errors) from None
    except ObjectDoesNotExist:
        raise Http404("Not part of this assignment's unit.") from None


def refusal(error: ReadOnly | NotAnnotator) -> ApiError:
    if isinstance(error, ReadOnly):
        return ApiError(
            "This assignment was submitted or its round is closed: it is read-only.",
            status_code=status.HTTP_403_FORBIDDEN,
            code="read_only",
        )
    return ApiError(
        "Only the project's annotators can annotate.",
        status_code=status.HTTP_403_FORBIDDEN,
        code="not_annotator",
    )


def validated(serializer_class: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def save_changes(
    request: Request,
    serializer_class: type[serializers.Serializer],
    kind: Kind,
    assignment_id: int,
    target_id: int | None = None,
) -> Response:
    """A PATCH of some fields of one judgement: validate, split off the version it edits,
    and hand the changed fields to the save pipeline."""
    data = validated(serializer_class, request.data)
    version = data.pop("version")
    if not data:
        fields = ", ".join(name for name in serializer_class().fields if name != "version")
        raise ApiError(
            f"Nothing to save: give at least one of {fields} besides the version.",
            code="empty_change",
            errors={"non_field_errors": [f"give at least one of {fields}"]},
        )
    return run_save(
        assignment_id,
        lambda: judgement_save(
            kind,
            user=request.user,
            version=version,
            changes=data,
            assignment_id=assignment_id,
            target_id=target_id,
        ),
    )


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


class SentenceSaveView(APIView):
    class Input(serializers.Serializer):
        class Meta:
            ref_name = "SentenceSaveInput"

        label = serializers.ChoiceField(choices=["consistent", "inconsistent", ""], required=False)
        explanation = serializers.CharField(
            required=False, allow_blank=True, max_length=TEXT_LIMIT, trim_whitespace=False
        )
        error_types = serializers.ListField(
            child=serializers.IntegerField(min_value=1), required=False, max_length=50
        )
        comment = serializers.CharField(
            required=False, allow_blank=True, max_length=TEXT_LIMIT, trim_whitespace=False
        )
        confidence = serializers.IntegerField(
            min_value=1,
            max_value=3,
            required=False,
            allow_null=True,
            help_text="1 low, 2 medium, 3 high; null: not given.",
        )
        version = serializers.IntegerField(min_value=0)

    @extend_schema(
        request=Input,
        responses=kind_state_serializer(SENTENCE),
        summary="Save a sentence's label, explanation, error types, comment or confidence",
    )
    def patch(self, request: Request, assignment_id: int, sentence: str) -> Response:
        return save_changes(
            request,
            self.Input,
            SENTENCE,
            assignment_id=assignment_id,
            target_id=item_id(assignment_id, "sentence", sentence),
        )


class SummarySaveView(APIView):
    class Input(serializers.Serializer):
        class Meta:
            ref_name = "SummarySaveInput"

        relevance = serializers.IntegerField(
            min_value=1, max_value=5, required=False, allow_null=True
        )
        not_a_summary = serializers.BooleanField(required=False)
        comment = serializers.CharField(
            required=False, allow_blank=True, max_length=TEXT_LIMIT, trim_whitespace=False
        )
        version = serializers.IntegerField(min_value=0)

    @extend_schema(
        request=Input,
        responses=kind_state_serializer(SUMMARY),
        summary="Save a summary's relevance, flag or comment",
    )
    def patch(self, request: Request, assignment_id: int, summary: str) -> Response:
        return save_changes(
            request,
            self.Input,
            SUMMARY,
            assignment_id=assignment_id,
            target_id=item_id(assignment_id, "summary", summary),
        )


class TopicSaveView(APIView):
    class Input(serializers.Serializer):
        class Meta:
            ref_name = "TopicSaveInput"

        category = serializers.ChoiceField(choices=["main", "marginal", "irrelevant", ""])
        version = serializers.IntegerField(min_value=0)

    @extend_schema(
        request=Input, responses=kind_state_serializer(TOPIC), summary="Save the topic's category"
    )
    def patch(self, request: Request, assignment_id: int) -> Response:
        return save_changes(request, self.Input, TOPIC, assignment_id=assignment_id)


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
        entry = next(a for a in queue(user=request.user)["assignments"] if a["id"] == assignment_id)
        return Response(entry)


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
