"""Acting on feedback: the thread of replies under a note, and an admin reopening a submitted
assignment (docs/api/admin.md, docs/rounds.md).

A note is visible to its annotator and to the admins of its project; anyone else gets 404,
so nobody learns that it exists.
"""

from __future__ import annotations

from django.db.models import Q
from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.api.errors import ApiError
from annotations.api.workspace_contract import ReplyOutput
from annotations.models import Assignment, Feedback, Role
from annotations.services.feedback import (
    CannotReopen,
    assignment_reopen,
    feedback_replies_read,
    feedback_reply,
)

MESSAGE_LIMIT = 5000


class ReopenedOutput(serializers.Serializer):
    assignment = serializers.IntegerField()
    status = serializers.CharField()
    feedback = serializers.IntegerField(help_text="The note that tells the annotator why.")


def _visible_feedback(request: Request, feedback_id: int) -> Feedback:
    feedback = (
        Feedback.objects.filter(pk=feedback_id)
        .filter(
            Q(annotator_id=request.user.pk)
            | Q(
                round__project__memberships__user_id=request.user.pk,
                round__project__memberships__role=Role.ADMIN,
            )
        )
        .first()
    )
    if feedback is None:
        raise Http404("No such feedback for you.")
    return feedback


class FeedbackReplyView(APIView):
    class Input(serializers.Serializer):
        class Meta:
            ref_name = "FeedbackReplyInput"

        text = serializers.CharField(max_length=MESSAGE_LIMIT)

    @extend_schema(
        request=Input,
        responses={201: ReplyOutput},
        summary="Reply to feedback (its annotator or an admin of its project)",
    )
    def post(self, request: Request, feedback_id: int) -> Response:
        feedback = _visible_feedback(request, feedback_id)
        serializer = self.Input(data=request.data)
        serializer.is_valid(raise_exception=True)
        reply = feedback_reply(
            feedback=feedback, author=request.user, text=serializer.validated_data["text"]
        )
        user = request.user
        output = {
            "id": reply.pk,
            "author": user.get_full_name() or user.get_username(),  # type: ignore[union-attr]
            "mine": True,
            "text": reply.text,
            "created_at": reply.created_at,
        }
        return Response(ReplyOutput(output).data, status=status.HTTP_201_CREATED)


class ReadRepliesOutput(serializers.Serializer):
    read = serializers.IntegerField(help_text="How many replies were unread.")


class FeedbackRepliesReadView(APIView):
    @extend_schema(
        request=None,
        responses={200: ReadRepliesOutput},
        summary="Mark the annotator's replies under a note read (an admin of its project)",
    )
    def post(self, request: Request, feedback_id: int) -> Response:
        feedback = _visible_feedback(request, feedback_id)
        if not feedback.round.project.memberships.filter(
            user_id=request.user.pk, role=Role.ADMIN
        ).exists():
            raise Http404("No such feedback for you.")
        return Response({"read": feedback_replies_read(feedback=feedback)})


class AssignmentReopenView(APIView):
    class Input(serializers.Serializer):
        class Meta:
            ref_name = "AssignmentReopenInput"

        reason = serializers.CharField(
            max_length=MESSAGE_LIMIT,
            help_text="Why: the annotator reads it as feedback on the unit.",
        )

    @extend_schema(
        request=Input,
        responses={200: ReopenedOutput},
        summary="Reopen a submitted assignment so its annotator can change it (audited)",
    )
    def post(self, request: Request, assignment_id: int) -> Response:
        administered = Assignment.objects.filter(
            pk=assignment_id,
            round__project__memberships__user_id=request.user.pk,
            round__project__memberships__role=Role.ADMIN,
        )
        if not administered.exists():
            raise Http404("No such assignment in a project that you administer.")
        serializer = self.Input(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            feedback = assignment_reopen(
                assignment_id=assignment_id,
                actor=request.user,
                reason=serializer.validated_data["reason"],
            )
        except CannotReopen as refusal:
            raise ApiError(str(refusal), status_code=status.HTTP_409_CONFLICT) from None
        output = {"assignment": assignment_id, "status": "in_progress", "feedback": feedback.pk}
        return Response(ReopenedOutput(output).data)
