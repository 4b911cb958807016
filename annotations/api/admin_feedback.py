"""Feedback to annotators (docs/api/admin.md, *Disagreements and feedback*): writing it,
and what was sent in a round with its read state and replies."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.api.admin import admin_round, bad_request
from annotations.api.errors import validated
from annotations.models import Assignment, SummarySentence
from annotations.selectors.admin import round_feedback
from annotations.services.feedback import feedback_send


class CreatedOutput(serializers.Serializer):
    id = serializers.IntegerField()


class FeedbackReplyOutput(serializers.Serializer):
    id = serializers.IntegerField()
    author = serializers.CharField()
    from_annotator = serializers.BooleanField(help_text="Written by the note's annotator.")
    text = serializers.CharField()
    created_at = serializers.DateTimeField()
    unread = serializers.BooleanField(help_text="The annotator's reply, not read by an admin yet.")


class FeedbackSentenceOutput(serializers.Serializer):
    id = serializers.IntegerField()
    summary_label = serializers.CharField(help_text="The summary's letter in stored order.")
    number = serializers.IntegerField()


class SentFeedbackOutput(serializers.Serializer):
    id = serializers.IntegerField()
    annotator = serializers.CharField()
    author = serializers.CharField()
    text = serializers.CharField()
    created_at = serializers.DateTimeField()
    read_at = serializers.DateTimeField(allow_null=True, help_text="null: not read yet.")
    reopened = serializers.BooleanField(help_text="Sent as the reason for reopening the unit.")
    topic = serializers.IntegerField(allow_null=True, help_text="The unit it is about, if any.")
    sentence = FeedbackSentenceOutput(allow_null=True)
    replies = FeedbackReplyOutput(many=True)
    unread_replies = serializers.IntegerField(help_text="Replies of the annotator no admin read.")


class FeedbackCreateView(APIView):
    class Input(serializers.Serializer):
        class Meta:
            ref_name = "FeedbackInput"

        annotator = serializers.CharField()
        text = serializers.CharField(max_length=5000)
        sentence = serializers.IntegerField(required=False, allow_null=True)

    @extend_schema(
        responses=SentFeedbackOutput(many=True),
        operation_id="admin_round_feedback_list",
        summary="The feedback sent in the round, with read state and replies",
    )
    def get(self, request: Request, round_id: int) -> Response:
        round_ = admin_round(request, round_id)
        return Response(SentFeedbackOutput(round_feedback(round=round_), many=True).data)

    @extend_schema(
        request=Input, responses={201: CreatedOutput}, summary="Write feedback to an annotator"
    )
    def post(self, request: Request, round_id: int) -> Response:
        round_ = admin_round(request, round_id)
        data = validated(self.Input, request.data)
        assignments = Assignment.objects.filter(round=round_, annotator__username=data["annotator"])
        if not assignments.exists():
            raise bad_request(
                "No such annotator in this round.",
                {"annotator": [f"{data['annotator']!r} has no assignment in this round"]},
                code="not_in_round",
            )
        sentence = None
        if data.get("sentence") is not None:
            sentence = SummarySentence.objects.filter(
                pk=data["sentence"], summary__topic__assignments__round=round_
            ).first()
            if sentence is None:
                raise bad_request(
                    "No such sentence in this round.",
                    {"sentence": ["not in this round's units"]},
                    code="not_in_round",
                )
        annotator = assignments[0].annotator
        if annotator is None:  # an annotator__username filter matches people only
            raise bad_request("No such annotator in this round.", {"annotator": ["not a person"]})
        feedback = feedback_send(
            round=round_,
            annotator=annotator,
            author=request.user,
            text=data["text"],
            sentence=sentence,
        )
        return Response({"id": feedback.pk}, status=status.HTTP_201_CREATED)
