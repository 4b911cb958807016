"""Who may create projects: site staff, and anyone staff grant the right to.

The right is Django's own ``annotations.add_project`` permission ("Can add project"), so it
is also granted in Django admin (a user's permissions, or a group's) and needs no table of its
own; staff grant and revoke it in the app through /api/staff/project-creators/ without being
superusers (docs/sign-in.md).
"""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db import transaction
from django.db.models import Q, QuerySet

logger = logging.getLogger(__name__)

APP_LABEL, CODENAME = "annotations", "add_project"
PERMISSION = f"{APP_LABEL}.{CODENAME}"


def can_create_projects(user: Any) -> bool:
    return bool(
        user is not None
        and user.is_authenticated
        and user.is_active
        and (user.is_staff or user.has_perm(PERMISSION))
    )


def _permission() -> Permission:
    return Permission.objects.get(content_type__app_label=APP_LABEL, codename=CODENAME)


def project_creators() -> QuerySet[Any]:
    """Everyone granted the right (directly or through a group), staff aside: staff always
    have it. By username."""
    permission = _permission()
    return (
        get_user_model()
        .objects.filter(Q(user_permissions=permission) | Q(groups__permissions=permission))
        .filter(is_staff=False)
        .distinct()
        .order_by("username")
    )


@transaction.atomic
def project_creator_grant(*, user: Any, by: Any) -> None:
    """Idempotent: granting twice leaves one grant."""
    user.user_permissions.add(_permission())
    logger.info("%s may now create projects (granted by %s)", user.username, by.username)


@transaction.atomic
def project_creator_revoke(*, user: Any, by: Any) -> None:
    """Takes back a direct grant; a group's grant is the group's (Django admin)."""
    user.user_permissions.remove(_permission())
    logger.info("%s may no longer create projects (revoked by %s)", user.username, by.username)
