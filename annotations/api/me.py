"""Who is signed in, and their roles in each project."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.selectors.people import user_memberships
from annotations.services.project_creators import can_create_projects


class MembershipOutput(serializers.Serializer):
    project = serializers.CharField()
    project_name = serializers.CharField()
    role = serializers.CharField()


class MeOutput(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField()
    is_staff = serializers.BooleanField()
    is_superuser = serializers.BooleanField(
        help_text="A site superuser manages any project's people, admin of it or not."
    )
    can_create_projects = serializers.BooleanField()
    memberships = MembershipOutput(many=True)


class MeView(APIView):
    @extend_schema(responses=MeOutput, summary="The signed-in user and their project roles")
    def get(self, request: Request) -> Response:
        user = request.user
        payload = {
            "username": user.get_username(),
            "display_name": user.get_full_name() or user.get_username(),
            "is_staff": user.is_staff,
            "is_superuser": user.is_superuser,
            "can_create_projects": can_create_projects(user),
            "memberships": user_memberships(user=user),
        }
        return Response(MeOutput(payload).data)
