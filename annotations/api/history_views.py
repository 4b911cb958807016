"""A judgement's audit history, for the admins of its project (docs/api/review.md)."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.models import Membership, Role
from annotations.selectors.judgement_history import judgement_history


class HistoryEntryOutput(serializers.Serializer):
    at = serializers.DateTimeField()
    actor = serializers.CharField(allow_null=True)
    action = serializers.CharField(help_text="create, update, delete, submit, reopen, admin_edit")
    kind = serializers.CharField(help_text="What changed: the judgement, its assignment, a review.")
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)
    source = serializers.ChoiceField(
        choices=["workspace", "review", "adjudication", "django_admin"]
    )


class HistoryOutput(serializers.Serializer):
    entries = HistoryEntryOutput(many=True)


class HistoryView(APIView):
    @extend_schema(
        responses=HistoryOutput,
        operation_id="judgement_history",
        summary="A judgement's full audit history: changes, submits, reopenings, reviews",
    )
    def get(self, request: Request, kind: str, object_id: int) -> Response:
        found = judgement_history(kind=kind, object_id=object_id)
        if (
            found is None
            or not Membership.objects.filter(
                project_id=found[0], user_id=request.user.pk, role=Role.ADMIN
            ).exists()
        ):
            raise Http404("No such judgement in a project that you administer.")
        return Response({"entries": found[1]})
