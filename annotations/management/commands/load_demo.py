"""Load the demo study: an original corpus, TofuEval scheme, guidelines v1, demo users and an
open pilot round where every unit goes to both linguists. Runs once; a second run only
prints the logins."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from annotations.models import GuidelineVersion, Role, Round, RoundKind, Topic
from annotations.services.corpus_import import ImportFailed, corpus_import_native
from annotations.services.projects import membership_add, project_get_or_create
from annotations.services.rounds import round_assign_units, round_open

DEMO_DIR = Path(settings.BASE_DIR) / "fixtures" / "demo"
PROJECT = "demo"
PASSWORD = "demo"
# username, full name, role in the demo project, staff
USERS = [
    ("admin", "Ada Admin", Role.ADMIN, True),
    ("linguist1", "Lena Linguist", Role.ANNOTATOR, False),
    ("linguist2", "Luis Linguist", Role.ANNOTATOR, False),
    ("reviewer", "Rita Reviewer", Role.REVIEWER, False),
    ("researcher", "Ravi Researcher", Role.RESEARCHER, False),
]
PILOT = "Pilot 1"


class Command(BaseCommand):
    help = "Load the demo study and its users (password 'demo'): needs DEMO=1, never production."

    def handle(self, *args: Any, **options: Any) -> None:
        if not settings.EMBEDDED:
            raise CommandError(
                "load_demo creates users with the password 'demo': it only runs in the"
                " embedded configuration, never with the production settings"
            )
        if not settings.DEMO:
            raise CommandError(
                "load_demo creates users with the password 'demo': switch the demo on"
                " explicitly with DEMO=1 (make run does)"
            )
        try:
            with transaction.atomic():
                loaded = self._load()
        except ImportFailed as error:
            raise CommandError(f"the demo corpus is invalid: {error}") from None
        self.stdout.write("demo loaded" if loaded else "demo already loaded")
        self.stdout.write("Sign in at http://127.0.0.1:8000/ with (password 'demo' for all):")
        for username, _, role, staff in USERS:
            extra = ", Django admin at /admin/" if staff else ""
            self.stdout.write(f"  {username:<11} {role.label}{extra}")

    def _load(self) -> bool:
        project, _ = project_get_or_create(slug=PROJECT, name="Demo study (TofuEval scheme)")
        users = {}
        for username, full_name, role, staff in USERS:
            first, last = full_name.split(" ", 1)
            user, made = get_user_model().objects.get_or_create(
                username=username,
                defaults={
                    "first_name": first,
                    "last_name": last,
                    "is_staff": staff,
                    "is_superuser": staff,
                },
            )
            if made:
                user.set_password(PASSWORD)
                user.save(update_fields=["password"])
            membership_add(project=project, user=user, role=role)
            users[username] = user
        if Round.objects.filter(project=project, name=PILOT).exists():
            return False
        corpus_import_native(project=project, path=DEMO_DIR / "corpus.jsonl")
        guideline = GuidelineVersion.objects.create(
            project=project,
            version=1,
            markdown=(DEMO_DIR / "guidelines.md").read_text(encoding="utf-8"),
            changelog="First version, written from the TofuEval instructions.",
            created_by=users["admin"],
            published_at=timezone.now(),
        )
        pilot = Round.objects.create(
            project=project,
            name=PILOT,
            kind=RoundKind.PILOT,
            overlap=2,
            guideline_version=guideline,
            seed=20261121,
        )
        topics = list(
            Topic.objects.filter(document__corpus__project=project)
            .order_by("document__external_id", "position")
            .values_list("pk", flat=True)
        )
        round_assign_units(
            round=pilot, topic_ids=topics, annotators=[users["linguist1"], users["linguist2"]]
        )
        round_open(round=pilot)
        return True
