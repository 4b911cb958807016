"""Writes to guideline versions: publish a new version; reads: a diff between two."""

from __future__ import annotations

import difflib

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from annotations.models import GuidelineVersion, Project


@transaction.atomic
def guideline_publish(
    *, project: Project, markdown: str, changelog: str, user: AbstractBaseUser
) -> GuidelineVersion:
    # Lock the project so two admins publishing at once get consecutive versions.
    Project.objects.select_for_update().get(pk=project.pk)
    latest = GuidelineVersion.objects.filter(project=project).aggregate(v=Max("version"))["v"]
    return GuidelineVersion.objects.create(
        project=project,
        version=(latest or 0) + 1,
        markdown=markdown,
        changelog=changelog,
        created_by_id=user.pk,
        published_at=timezone.now(),
    )


def guideline_diff(old: GuidelineVersion, new: GuidelineVersion) -> str:
    return "".join(
        difflib.unified_diff(
            old.markdown.splitlines(keepends=True),
            new.markdown.splitlines(keepends=True),
            fromfile=f"v{old.version}",
            tofile=f"v{new.version}",
        )
    )
