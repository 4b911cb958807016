"""Staff grant the right to create projects (services/project_creators.py, docs/sign-in.md)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.services.project_creators import (
    project_creator_grant,
    project_creator_revoke,
    project_creators,
)


class StaffOnly(BasePermission):
    message = "Only site staff can grant the right to create projects."

    def has_permission(self, request: Request, view: Any) -> bool:
        return bool(request.user and request.user.is_staff)


class ProjectCreatorOutput(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField()
    email = serializers.CharField()


def _entry(user: Any) -> dict[str, str]:
    return {
        "username": user.get_username(),
        "display_name": user.get_full_name() or user.get_username(),
        "email": user.email,
    }


def _user(username: str) -> Any:
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise Http404(f"No user '{username}': they sign in once (or are invited) first.")
    return user


class ProjectCreatorsView(APIView):
    permission_classes = [IsAuthenticated, StaffOnly]

    @extend_schema(
        responses=ProjectCreatorOutput(many=True),
        operation_id="staff_project_creators_list",
        summary="People granted the right to create projects (staff)",
    )
    def get(self, request: Request) -> Response:
        return Response(ProjectCreatorOutput(map(_entry, project_creators()), many=True).data)


class ProjectCreatorView(APIView):
    permission_classes = [IsAuthenticated, StaffOnly]

    @extend_schema(
        request=None,
        responses={200: ProjectCreatorOutput},
        operation_id="staff_project_creators_grant",
        summary="Let a person create projects (staff); granting twice is one grant",
    )
    def put(self, request: Request, username: str) -> Response:
        user = _user(username)
        project_creator_grant(user=user, by=request.user)
        return Response(ProjectCreatorOutput(_entry(user)).data)

    @extend_schema(
        responses={204: None},
        operation_id="staff_project_creators_revoke",
        summary="Take back the right to create projects (staff)",
    )
    def delete(self, request: Request, username: str) -> Response:
        project_creator_revoke(user=_user(username), by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
