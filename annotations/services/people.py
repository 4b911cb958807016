"""A project's people: add, change roles, pause, remove, invite (docs/people.md).

Locking contract: every write here first locks the project's row (``_locked``), so two admins
changing people at once are serialised and the last-admin rule cannot be raced (two admins
each demoting the other would otherwise both see one other admin left). Every write records a
``PeopleChange`` in the same transaction: no change without its audit row.

A person's roles are their ``Membership`` rows (one per role). Pausing sets ``paused_at`` on
all of them; the assignment lock and the queue already keep a paused person from starting new
work (docs/quality.md, *Pausing*), and round creation refuses them.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from annotations.models import (
    Assignment,
    AssignmentStatus,
    Invitation,
    Membership,
    PeopleAction,
    PeopleChange,
    Project,
    Role,
    RoundStatus,
)

ROLE_ORDER = [Role.ADMIN.value, Role.ANNOTATOR.value, Role.REVIEWER.value, Role.RESEARCHER.value]
ALLOWED_ROLES = ", ".join(ROLE_ORDER)


class PeopleInvalid(ValueError):
    """A change refused because of its input or the stored people; ``errors`` names each
    field. ``conflict`` marks a refusal of the current state rather than of the input."""

    def __init__(
        self, message: str, errors: dict[str, list[str]] | None = None, *, code: str = "invalid"
    ) -> None:
        super().__init__(message)
        self.errors = errors or {}
        self.code = code


class InvitationRefused(ValueError):
    """An invitation link that cannot be used; the message tells its holder what to do."""

    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message)
        self.code = code


def token_hash(token: str) -> str:
    # A token has 256 random bits: a plain SHA-256 is enough, no slow hash needed.
    return hashlib.sha256(token.encode()).hexdigest()


def sorted_roles(roles: Iterable[str]) -> list[str]:
    return sorted(set(roles), key=ROLE_ORDER.index)


def _locked(project: Project) -> None:
    Project.objects.select_for_update().filter(pk=project.pk).first()


def _name(user: AbstractBaseUser | None) -> str:
    return user.get_username() if user is not None else ""


def _record(
    project: Project,
    action: str,
    *,
    actor: AbstractBaseUser | None,
    subject: AbstractBaseUser | None = None,
    invitation: Invitation | None = None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> None:
    PeopleChange.objects.create(
        project=project,
        action=action,
        actor_id=actor.pk if actor else None,
        actor_name=_name(actor),
        subject_id=subject.pk if subject else None,
        subject_name=_name(subject) or (invitation.email if invitation else ""),
        invitation=invitation,
        before=before,
        after=after,
    )


@dataclass(frozen=True)
class Member:
    user: Any
    roles: list[str]
    paused_at: datetime | None
    paused_round: int | None
    joined_at: datetime


def members(*, project: Project) -> list[Member]:
    """The project's people, one entry per person, by username; one query."""
    rows = (
        Membership.objects.filter(project=project)
        .select_related("user")
        .order_by("user__username", "created_at")
    )
    by_user: dict[int, list[Membership]] = {}
    for row in rows:
        by_user.setdefault(row.user_id, []).append(row)
    return [_member(person_rows) for person_rows in by_user.values()]


def _member(rows: Sequence[Membership]) -> Member:
    paused = [r for r in rows if r.paused_at is not None]
    first_paused = min(paused, key=lambda r: r.paused_at or r.created_at, default=None)
    return Member(
        user=rows[0].user,
        roles=sorted_roles(r.role for r in rows),
        paused_at=first_paused.paused_at if first_paused else None,
        paused_round=first_paused.paused_round_id if first_paused else None,
        joined_at=min(r.created_at for r in rows),
    )


def member(*, project: Project, username: str) -> Member | None:
    rows = list(
        Membership.objects.filter(project=project, user__username=username).select_related("user")
    )
    return _member(rows) if rows else None


def _state(rows: Sequence[Membership]) -> dict[str, Any]:
    return {
        "roles": sorted_roles(r.role for r in rows),
        "paused": any(r.paused_at is not None for r in rows),
    }


def _rows(project: Project, username: str) -> list[Membership]:
    rows = list(
        Membership.objects.filter(project=project, user__username=username).select_related("user")
    )
    if not rows:
        raise PeopleInvalid(f"{username} is not a member of this project.", code="not_found")
    return rows


def _admins_besides(project: Project, user_id: int) -> bool:
    return (
        Membership.objects.filter(project=project, role=Role.ADMIN)
        .exclude(user_id=user_id)
        .exists()
    )


def _find_user(identifier: str) -> Any:
    users = get_user_model()
    text = identifier.strip()
    found = users.objects.filter(username=text).first()
    if found is None and "@" in text:
        by_email = list(users.objects.filter(email__iexact=text)[:2])
        if len(by_email) > 1:
            raise PeopleInvalid(
                "Several accounts have that email address.",
                {"user": [f"several accounts have the email {text}: give the username"]},
            )
        found = by_email[0] if by_email else None
    if found is None:
        raise PeopleInvalid(
            f"No account is called {text}.",
            {"user": [f"no account has the username or email {text!r}: invite them instead"]},
        )
    if not found.is_active:
        raise PeopleInvalid(
            f"{found.get_username()}'s account is deactivated.",
            {
                "user": [
                    f"{found.get_username()}'s account is deactivated: a site admin can"
                    " reactivate it in Django admin"
                ]
            },
        )
    return found


@transaction.atomic
def member_add(*, project: Project, actor: AbstractBaseUser, user: str, role: str) -> Member:
    """Give an existing account ``role`` in the project (another role if already a member)."""
    _locked(project)
    person = _find_user(user)
    rows = list(Membership.objects.filter(project=project, user=person))
    if any(r.role == role for r in rows):
        raise PeopleInvalid(
            f"{person.get_username()} is already {role} of this project.",
            {"role": [f"{person.get_username()} already has the role {role}"]},
        )
    before = _state(rows) if rows else None
    paused_at = next((r.paused_at for r in rows if r.paused_at is not None), None)
    created = Membership.objects.create(
        project=project, user=person, role=role, paused_at=paused_at
    )
    _record(
        project,
        PeopleAction.ADD if not rows else PeopleAction.ROLES,
        actor=actor,
        subject=person,
        before=before,
        after=_state([*rows, created]),
    )
    found = member(project=project, username=person.get_username())
    assert found is not None
    return found


@transaction.atomic
def member_update(
    *,
    project: Project,
    actor: AbstractBaseUser,
    username: str,
    roles: Sequence[str] | None = None,
    paused: bool | None = None,
) -> Member:
    """Set a member's roles (the whole set) and/or pause or resume them. Refuses to leave the
    project without an admin."""
    _locked(project)
    rows = _rows(project, username)
    person = rows[0].user
    if roles is not None:
        wanted = set(roles)
        had = {r.role for r in rows}
        if (
            Role.ADMIN in had
            and Role.ADMIN not in wanted
            and not _admins_besides(project, person.pk)
        ):
            raise PeopleInvalid(
                f"{username} is the project's last admin.",
                {"roles": [f"{username} is the last admin: make someone else admin first"]},
                code="last_admin",
            )
        if wanted != had:
            before = _state(rows)
            paused_at = next((r.paused_at for r in rows if r.paused_at is not None), None)
            Membership.objects.filter(project=project, user=person, role__in=had - wanted).delete()
            Membership.objects.bulk_create(
                Membership(project=project, user=person, role=role, paused_at=paused_at)
                for role in sorted_roles(wanted - had)
            )
            rows = _rows(project, username)
            _record(
                project,
                PeopleAction.ROLES,
                actor=actor,
                subject=person,
                before=before,
                after=_state(rows),
            )
    if paused is not None and paused != _state(rows)["paused"]:
        before = _state(rows)
        Membership.objects.filter(project=project, user=person).update(
            paused_at=timezone.now() if paused else None, paused_round=None
        )
        rows = _rows(project, username)
        _record(
            project,
            PeopleAction.PAUSE if paused else PeopleAction.RESUME,
            actor=actor,
            subject=person,
            before=before,
            after=_state(rows),
        )
    if roles is not None or paused:
        _keep_overlap(project)
    found = member(project=project, username=username)
    assert found is not None
    return found


def _keep_overlap(project: Project) -> None:
    """Rounds that asked for it give the units this change left short to someone else at once
    (services/overlap.py); imported here, services.rounds imports this module."""
    from annotations.services.overlap import overlap_fill_automatic

    overlap_fill_automatic(project_id=project.pk)


def _unstarted(project: Project, user_id: int) -> Any:
    """The person's assignments in the project's rounds that are not closed and that they
    never started: no save ever touched them (no audited change), so nothing is lost by
    deleting them, and the round's units go back to fewer than ``overlap`` annotators, which
    ``round_assign_units`` fills again."""
    return (
        Assignment.objects.filter(
            round__project=project, annotator_id=user_id, status=AssignmentStatus.ASSIGNED
        )
        .exclude(round__status=RoundStatus.CLOSED)
        .exclude(changes__isnull=False)
    )


@transaction.atomic
def member_remove(*, project: Project, actor: AbstractBaseUser, username: str) -> int:
    """Take every role of ``username`` in the project away and release the units they had not
    started (their assignments are deleted, so the rounds can give them to someone else).
    Started and submitted assignments and their judgements stay, still attributed to them;
    they can no longer open them. Returns how many assignments were released."""
    _locked(project)
    rows = _rows(project, username)
    person = rows[0].user
    if any(r.role == Role.ADMIN for r in rows) and not _admins_besides(project, person.pk):
        raise PeopleInvalid(
            f"{username} is the project's last admin: make someone else admin before removing"
            " them.",
            code="last_admin",
        )
    before = _state(rows)
    Membership.objects.filter(project=project, user=person).delete()
    # A list of ids first: a DELETE cannot take the EXISTS over ``changes`` with it.
    released = list(_unstarted(project, person.pk).values_list("pk", flat=True))
    Assignment.objects.filter(pk__in=released).delete()
    _record(
        project,
        PeopleAction.REMOVE,
        actor=actor,
        subject=person,
        before=before,
        after={"roles": [], "paused": False, "released_assignments": len(released)},
    )
    _keep_overlap(project)
    return len(released)


def paused_among(*, project: Project, usernames: Iterable[str], role: str) -> list[str]:
    """The names among ``usernames`` paused in ``role``: round creation refuses them."""
    return sorted(
        Membership.objects.filter(
            project=project, role=role, user__username__in=list(usernames), paused_at__isnull=False
        ).values_list("user__username", flat=True)
    )


# Invitations


def pending_invitations(*, project: Project) -> list[Invitation]:
    return list(
        Invitation.objects.filter(
            project=project,
            accepted_at__isnull=True,
            revoked_at__isnull=True,
            expires_at__gt=timezone.now(),
        ).select_related("created_by")
    )


@transaction.atomic
def invitation_create(
    *, project: Project, actor: AbstractBaseUser, role: str, email: str = ""
) -> tuple[Invitation, str]:
    """A new invitation and its token (shown once: only its hash is kept)."""
    _locked(project)
    token = secrets.token_urlsafe(32)
    invitation = Invitation.objects.create(
        project=project,
        role=role,
        email=email,
        token_hash=token_hash(token),
        created_by_id=actor.pk,
        expires_at=timezone.now() + timedelta(days=settings.INVITATION_EXPIRY_DAYS),
    )
    _record(
        project,
        PeopleAction.INVITE,
        actor=actor,
        invitation=invitation,
        after={"roles": [role], "paused": False},
    )
    return invitation, token


@transaction.atomic
def invitation_revoke(*, project: Project, actor: AbstractBaseUser, invitation_id: int) -> None:
    _locked(project)
    invitation = Invitation.objects.filter(project=project, pk=invitation_id).first()
    if invitation is None:
        raise PeopleInvalid("No such invitation in this project.", code="not_found")
    if invitation.accepted_at is not None:
        raise PeopleInvalid(
            "This invitation was already used: remove the person instead.", code="conflict"
        )
    if invitation.revoked_at is not None:
        raise PeopleInvalid("This invitation is already revoked.", code="conflict")
    invitation.revoked_at = timezone.now()
    invitation.revoked_by = actor  # type: ignore[assignment]
    invitation.save(update_fields=["revoked_at", "revoked_by"])
    _record(project, PeopleAction.REVOKE, actor=actor, invitation=invitation)


def _refusal(invitation: Invitation | None) -> InvitationRefused | None:
    if invitation is None:
        return InvitationRefused(
            "This invitation link is not valid: check that you copied all of it, or ask the"
            " project admin for a new one.",
            code="invitation_unknown",
        )
    if invitation.accepted_at is not None:
        return InvitationRefused(
            "This invitation was already used. Sign in with the account it created.",
            code="invitation_used",
        )
    if invitation.revoked_at is not None:
        return InvitationRefused(
            "This invitation was revoked by the project admin. Ask them for a new one.",
            code="invitation_revoked",
        )
    if invitation.expires_at <= timezone.now():
        return InvitationRefused(
            f"This invitation expired on {invitation.expires_at:%d %B %Y at %H:%M} UTC."
            " Ask the project admin for a new one.",
            code="invitation_expired",
        )
    return None


def invitation_for_token(token: str) -> Invitation:
    """The usable invitation behind ``token``; raises ``InvitationRefused`` saying why not."""
    invitation = (
        Invitation.objects.filter(token_hash=token_hash(token)).select_related("project").first()
    )
    refusal = _refusal(invitation)
    if refusal is not None:
        raise refusal
    assert invitation is not None
    return invitation


@transaction.atomic
def invitation_accept(*, token: str, new_user: Any) -> Invitation:
    """Use the invitation: ``new_user`` (an unsaved account, already validated by the accept
    form) is saved and joins the project with the invitation's role. The invitation row is
    locked, so one link makes one account even when submitted twice at once."""
    invitation = (
        Invitation.objects.select_for_update()
        .filter(token_hash=token_hash(token))
        .select_related("project")
        .first()
    )
    refusal = _refusal(invitation)
    if refusal is not None:
        raise refusal
    assert invitation is not None
    _locked(invitation.project)
    new_user.save()
    Membership.objects.create(project=invitation.project, user=new_user, role=invitation.role)
    invitation.accepted_at = timezone.now()
    invitation.accepted_by = new_user
    invitation.save(update_fields=["accepted_at", "accepted_by"])
    _record(
        invitation.project,
        PeopleAction.ACCEPT,
        actor=new_user,
        subject=new_user,
        invitation=invitation,
        after={"roles": [invitation.role], "paused": False},
    )
    return invitation


def people_changes(*, project: Project, limit: int = 200) -> list[PeopleChange]:
    """The latest changes to the project's people, newest first."""
    return list(PeopleChange.objects.filter(project=project).order_by("-at", "-id")[:limit])


def paused_refused(
    project: Project, usernames: Iterable[str], role: str, errors: dict[str, list[str]]
) -> None:
    """Round creation: a paused person gets no new work; name them under ``annotators``."""
    paused = paused_among(project=project, usernames=usernames, role=role)
    if paused:
        errors.setdefault("annotators", []).append(
            f"paused: {', '.join(paused)} (resume them under People first)"
        )
