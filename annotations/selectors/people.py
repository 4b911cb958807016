"""Reads about users and their memberships."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from annotations.models import Membership


def user_memberships(*, user: AbstractBaseUser | AnonymousUser) -> list[dict[str, str]]:
    if user.pk is None:  # anonymous: a member of nothing
        return []
    rows = (
        Membership.objects.filter(user_id=user.pk)
        .order_by("project__slug", "role")
        .values_list("project__slug", "project__name", "role")
    )
    return [{"project": slug, "project_name": name, "role": role} for slug, name, role in rows]
