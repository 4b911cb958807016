"""A project's people (docs/api/admin.md, *People*; docs/people.md): its members, their roles
and pause state, invitation links for people without an account, and the audit trail.

Only the project's admins, and superusers, reach these views (anyone else: 404). Thin views:
validate, call ``annotations.services.people``, answer with the contract below.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.api.errors import ApiError, Conflict, validated
from annotations.api.schema import ErrorEnvelope
from annotations.models import Invitation, PeopleAction, PeopleChange, Project, Role
from annotations.selectors.admin import administered_projects
from annotations.selectors.people import display_name
from annotations.services.people import (
    ALLOWED_ROLES,
    Member,
    PeopleInvalid,
    invitation_create,
    invitation_revoke,
    member,
    member_add,
    member_remove,
    member_update,
    members,
    pending_invitations,
    people_changes,
)

ROLE_HELP = "annotator (linguist), reviewer, researcher, or admin (project admin)."


def role_field(**kwargs: Any) -> serializers.ChoiceField:
    return serializers.ChoiceField(
        choices=Role.choices,
        error_messages={"invalid_choice": f'"{{input}}" is not a role: one of {ALLOWED_ROLES}'},
        help_text=ROLE_HELP,
        **kwargs,
    )


class MemberOutput(serializers.Serializer):
    class Meta:
        ref_name = "ProjectMember"

    username = serializers.CharField()
    display_name = serializers.CharField()
    email = serializers.CharField(allow_blank=True)
    roles = serializers.ListField(child=serializers.ChoiceField(choices=Role.choices))
    paused = serializers.BooleanField(help_text="Paused people start no new work.")
    paused_at = serializers.DateTimeField(allow_null=True)
    paused_round = serializers.IntegerField(
        allow_null=True, help_text="The round whose gold-unit threshold paused them, if one did."
    )
    joined_at = serializers.DateTimeField()


class MemberAddInput(serializers.Serializer):
    user = serializers.CharField(
        max_length=254, help_text="An existing account's username or email address."
    )
    role = role_field()


class MemberUpdateInput(serializers.Serializer):
    roles = serializers.ListField(
        child=role_field(),
        min_length=1,
        max_length=4,
        required=False,
        help_text="The member's whole set of roles (at least one: to take all away, remove them).",
    )
    paused = serializers.BooleanField(
        required=False, help_text="true pauses (no new work), false resumes."
    )


class InvitationOutput(serializers.Serializer):
    id = serializers.IntegerField()
    role = serializers.ChoiceField(choices=Role.choices)
    email = serializers.CharField(allow_blank=True)
    created_by = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField()


class InvitationCreatedOutput(InvitationOutput):
    link = serializers.URLField(
        help_text="The one-time link to send to the invitee: shown only now (only its hash is"
        " kept)."
    )


class InvitationInput(serializers.Serializer):
    role = role_field()
    email = serializers.EmailField(
        required=False,
        allow_blank=True,
        max_length=254,
        help_text="Who it is for (optional): listed with the pending invitations.",
    )


class PeopleStateOutput(serializers.Serializer):
    roles = serializers.ListField(child=serializers.ChoiceField(choices=Role.choices))
    paused = serializers.BooleanField()
    released_assignments = serializers.IntegerField(
        required=False,
        help_text="A removal only: how many of their assignments, never started, were deleted"
        " so their rounds can give the units to someone else.",
    )
    # A reassignment only (services/overlap.py): which round, how many new assignments, and
    # whether the round did it by itself after a pause or a removal.
    round = serializers.CharField(required=False, help_text="A reassignment: the round's name.")
    assignments = serializers.IntegerField(
        required=False, help_text="A reassignment: the assignments it created."
    )
    automatic = serializers.BooleanField(
        required=False, help_text="A reassignment the round made by itself."
    )


class PeopleChangeOutput(serializers.Serializer):
    id = serializers.IntegerField()
    at = serializers.DateTimeField()
    action = serializers.ChoiceField(choices=PeopleAction.choices)
    actor = serializers.CharField(allow_blank=True, help_text="Who made the change.")
    subject = serializers.CharField(
        allow_blank=True, help_text="Whom it changed (an invitation's email before it is used)."
    )
    invitation = serializers.IntegerField(allow_null=True)
    before = PeopleStateOutput(allow_null=True)
    after = PeopleStateOutput(allow_null=True)


def people_project(request: Request, slug: str) -> Project:
    """The project, if the caller may manage its people: its admins, and superusers."""
    if request.user.is_superuser:
        project = Project.objects.filter(slug=slug).first()
    else:
        project = administered_projects(user=request.user).filter(slug=slug).first()
    if project is None:
        raise Http404("No such project that you administer.")
    return project


def _member(found: Member) -> dict[str, Any]:
    return {
        "username": found.user.get_username(),
        "display_name": display_name(found.user),
        "email": getattr(found.user, "email", "") or "",
        "roles": found.roles,
        "paused": found.paused_at is not None,
        "paused_at": found.paused_at,
        "paused_round": found.paused_round,
        "joined_at": found.joined_at,
    }


def _invitation(invitation: Invitation) -> dict[str, Any]:
    return {
        "id": invitation.pk,
        "role": invitation.role,
        "email": invitation.email,
        "created_by": invitation.created_by.get_username() if invitation.created_by else "",
        "created_at": invitation.created_at,
        "expires_at": invitation.expires_at,
    }


def _change(change: PeopleChange) -> dict[str, Any]:
    return {
        "id": change.pk,
        "at": change.at,
        "action": change.action,
        "actor": change.actor_name,
        "subject": change.subject_name,
        "invitation": change.invitation_id,
        "before": change.before,
        "after": change.after,
    }


def _refused(error: PeopleInvalid) -> ApiError:
    if error.code == "not_found":
        return ApiError(str(error), status_code=status.HTTP_404_NOT_FOUND, code="not_found")
    if error.code in ("conflict", "last_admin") and not error.errors:
        return Conflict(str(error), code=error.code)
    return ApiError(str(error), errors=error.errors, code=error.code)


class MembersView(APIView):
    @extend_schema(
        responses=MemberOutput(many=True),
        operation_id="project_members",
        summary="The project's people with their roles and pause state",
    )
    def get(self, request: Request, slug: str) -> Response:
        project = people_project(request, slug)
        return Response([_member(m) for m in members(project=project)])

    @extend_schema(
        request=MemberAddInput,
        responses={201: MemberOutput},
        operation_id="project_member_add",
        summary="Give an existing account a role in the project",
    )
    def post(self, request: Request, slug: str) -> Response:
        project = people_project(request, slug)
        data = validated(MemberAddInput, request.data)
        try:
            added = member_add(project=project, actor=request.user, **data)
        except PeopleInvalid as error:
            raise _refused(error) from error
        return Response(_member(added), status=status.HTTP_201_CREATED)


class MemberView(APIView):
    @extend_schema(
        responses=MemberOutput, operation_id="project_member", summary="One of the project's people"
    )
    def get(self, request: Request, slug: str, username: str) -> Response:
        found = member(project=people_project(request, slug), username=username)
        if found is None:
            raise Http404(f"{username} is not a member of this project.")
        return Response(_member(found))

    @extend_schema(
        request=MemberUpdateInput,
        responses=MemberOutput,
        operation_id="project_member_update",
        summary="Set a member's roles, or pause or resume them",
    )
    def patch(self, request: Request, slug: str, username: str) -> Response:
        project = people_project(request, slug)
        data = validated(MemberUpdateInput, request.data)
        try:
            changed = member_update(
                project=project,
                actor=request.user,
                username=username,
                roles=data.get("roles"),
                paused=data.get("paused"),
            )
        except PeopleInvalid as error:
            raise _refused(error) from error
        return Response(_member(changed))

    @extend_schema(
        request=None,
        responses={204: None, 409: ErrorEnvelope},
        operation_id="project_member_remove",
        summary="Remove someone from the project (their judgements stay, attributed to them)",
    )
    def delete(self, request: Request, slug: str, username: str) -> Response:
        project = people_project(request, slug)
        try:
            member_remove(project=project, actor=request.user, username=username)
        except PeopleInvalid as error:
            raise _refused(error) from error
        return Response(status=status.HTTP_204_NO_CONTENT)


class InvitationsView(APIView):
    @extend_schema(
        responses=InvitationOutput(many=True),
        operation_id="project_invitations",
        summary="The project's pending invitations (not used, revoked or expired), newest first",
    )
    def get(self, request: Request, slug: str) -> Response:
        project = people_project(request, slug)
        return Response([_invitation(i) for i in pending_invitations(project=project)])

    @extend_schema(
        request=InvitationInput,
        responses={201: InvitationCreatedOutput},
        operation_id="project_invitation_create",
        summary="Invite someone without an account: a one-time link for the admin to send",
    )
    def post(self, request: Request, slug: str) -> Response:
        project = people_project(request, slug)
        data = validated(InvitationInput, request.data)
        invitation, token = invitation_create(
            project=project, actor=request.user, role=data["role"], email=data.get("email", "")
        )
        answer = _invitation(invitation)
        answer["link"] = request.build_absolute_uri(f"/accounts/invitations/{token}/")
        return Response(answer, status=status.HTTP_201_CREATED)


class InvitationView(APIView):
    @extend_schema(
        request=None,
        responses={204: None, 409: ErrorEnvelope},
        operation_id="project_invitation_revoke",
        summary="Revoke a pending invitation: its link stops working",
    )
    def delete(self, request: Request, slug: str, invitation_id: int) -> Response:
        project = people_project(request, slug)
        try:
            invitation_revoke(project=project, actor=request.user, invitation_id=invitation_id)
        except PeopleInvalid as error:
            raise _refused(error) from error
        return Response(status=status.HTTP_204_NO_CONTENT)


class PeopleHistoryView(APIView):
    @extend_schema(
        responses=PeopleChangeOutput(many=True),
        operation_id="project_people_history",
        summary="Who added, changed, paused, removed or invited whom, and when (latest 200)",
    )
    def get(self, request: Request, slug: str) -> Response:
        project = people_project(request, slug)
        return Response([_change(c) for c in people_changes(project=project)])
