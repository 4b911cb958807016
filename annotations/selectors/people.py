"""Reads about users and their memberships."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from annotations.models import Membership


def display_name(user: AbstractBaseUser | None) -> str:
    """A person as others see them: their full name, else their username ("" if deleted)."""
    if user is None:
        return ""
    full_name = getattr(user, "get_full_name", None)  # the project's User has one
    return (full_name() if full_name else "") or user.get_username()


def user_memberships(*, user: AbstractBaseUser | AnonymousUser) -> list[dict[str, str]]:
    if user.pk is None:  # anonymous: a member of nothing
        return []
    rows = (
        Membership.objects.filter(user_id=user.pk)
        .order_by("project__slug", "role")
        .values_list("project__slug", "project__name", "role")
    )
    return [{"project": slug, "project_name": name, "role": role} for slug, name, role in rows]
