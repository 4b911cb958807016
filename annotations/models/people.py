"""Who works on a project, beyond ``Membership``: invitations for people without an account,
and the audit trail of every change to a project's people (docs/people.md).

Invitation:  pending ──accepted by the invitee──▶ accepted
             pending ──revoked by an admin──▶ revoked
             pending ──its time passes──▶ expired (no write: ``expires_at`` decides)
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from annotations.models.project import Project, Role


class Invitation(models.Model):
    """A one-time link that lets its holder create an account and join ``project`` with
    ``role``. Only the token's SHA-256 is kept: the link is shown once, when it is made, and
    a copy of the database does not let anyone join."""

    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(max_length=12, choices=Role.choices)
    # Who it is for, as the admin wrote it (optional): the accept form offers it.
    email = models.EmailField(blank=True)
    token_hash = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["project", "-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(role__in=[r.value for r in Role]), name="invitation_role_valid"
            ),
            # Used or revoked, never both.
            models.CheckConstraint(
                condition=Q(revoked_at__isnull=True) | Q(accepted_at__isnull=True),
                name="invitation_accepted_or_revoked",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.project.slug} · invitation {self.pk} · {self.role}"


class PeopleAction(models.TextChoices):
    """What a ``PeopleChange`` records."""

    ADD = "add", "added"
    ROLES = "roles", "roles changed"
    PAUSE = "pause", "paused"
    RESUME = "resume", "resumed"
    REMOVE = "remove", "removed"
    INVITE = "invite", "invited"
    REVOKE = "revoke", "invitation revoked"
    ACCEPT = "accept", "invitation accepted"
    # Units of an open round given to other annotators to keep its overlap (services/overlap.py).
    REASSIGN = "reassign", "units reassigned"


class PeopleChange(models.Model):
    """The audit trail of a project's people: one row per change, never edited or deleted.
    Names are copied in, so the trail still reads after an account is renamed or deleted."""

    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="people_changes")
    action = models.CharField(max_length=8, choices=PeopleAction.choices)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    actor_name = models.CharField(max_length=150, blank=True)
    # The person changed; blank for an invitation nobody has accepted yet.
    subject = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    subject_name = models.CharField(max_length=150, blank=True)
    invitation = models.ForeignKey(
        Invitation, null=True, blank=True, on_delete=models.SET_NULL, related_name="changes"
    )
    at = models.DateTimeField(auto_now_add=True)
    # Roles and pause state before and after ({"roles": [...], "paused": bool}).
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["project", "-at", "-id"]
        indexes = [models.Index(fields=["project", "-at"], name="people_change_project_at")]
        constraints = [
            models.CheckConstraint(
                condition=Q(action__in=[a.value for a in PeopleAction]),
                name="people_change_action_valid",
            )
        ]

    def __str__(self) -> str:
        return (
            f"{self.project_id}: {self.actor_name} {self.action} {self.subject_name} {self.at:%c}"
        )
