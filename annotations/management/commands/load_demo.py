"""Load the demo: the demo users and the studies of ``annotations/management/demo_studies.py``,
each an original corpus with guidelines v1 and an open pilot round where every unit goes to
both linguists. Runs once; a second run only prints the logins (and loads a study that is
missing, such as one added to the demo since it was first loaded). ``--logins`` prints the
sign-in address and the logins without loading anything: `make run` ends with it, on its
real port (``--port``, else the PORT environment variable)."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from annotations.management.demo_studies import PASSWORD, STUDIES, USERS, Study
from annotations.management.demo_submitted import submitted_round_load
from annotations.management.sign_in import sign_in_address
from annotations.models import GuidelineVersion, Round, RoundKind, Topic
from annotations.services.corpus_import import ImportFailed, corpus_import_native
from annotations.services.projects import (
    ProjectSetupError,
    memberships_add,
    project_get_or_create,
)
from annotations.services.rounds import round_assign_units, round_open

PILOT = "Pilot 1"
LOGINS = [username for username, *_ in USERS]
# PASSWORD stays importable from here: tests/people.py and tests/factories.py sign in with it.
__all__ = ["PASSWORD", "PILOT", "Command"]


class Command(BaseCommand):
    help = (
        "Load the demo studies and their users (password 'demo'): needs DEMO=1, never production."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--port", default=None, help="the port the site runs on (default: $PORT, else 8000)"
        )
        printing = parser.add_mutually_exclusive_group()
        printing.add_argument(
            "--logins",
            action="store_true",
            help="only print the sign-in address and the demo logins; load nothing",
        )
        printing.add_argument(
            "--no-logins",
            action="store_true",
            help="load without printing the logins (`make run` prints them last, by the server)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            address = sign_in_address(options["port"])
        except ValueError as error:
            raise CommandError(f"--port: {error}") from None
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
        if options["logins"]:
            self._print_logins(address)
            return
        try:
            loaded = self.load_studies()
        except ImportFailed as error:
            raise CommandError(f"the demo corpus is invalid: {error}") from None
        except ProjectSetupError as error:
            raise CommandError(f"a demo study cannot be created: {error}") from None
        self.stdout.write("demo loaded" if loaded else "demo already loaded")
        for study in STUDIES:
            self.stdout.write(f"  {study.slug:<14} {study.name}")
        if not options["no_logins"]:
            self._print_logins(address)

    def load_studies(self) -> bool:
        """The demo's people and studies, in one transaction; whether any study was loaded.
        (The tests replay what it writes instead of running it again: tests/demo_snapshot.py.)
        """
        with transaction.atomic():
            users = self._users()
            # In order, each study whole before the next: the first study's ids (which seed
            # the summary order in its golden payloads, fixtures/payloads/) never depend on the
            # studies after it.
            return any([self._load(study, users) for study in STUDIES])

    def _print_logins(self, address: str) -> None:
        self.stdout.write(f"Sign in at {address} with (password 'demo' for all):")
        for username, _, role, staff in USERS:
            extra = ", Django admin at /admin/" if staff else ""
            self.stdout.write(f"  {username:<11} {role.label}{extra}")

    def _users(self) -> dict[str, Any]:
        """The demo's people, the missing ones created in one statement (the password is
        hashed once: every demo user has the same)."""
        model = get_user_model()
        users = {user.username: user for user in model.objects.filter(username__in=LOGINS)}
        missing = [row for row in USERS if row[0] not in users]
        if missing:
            password = make_password(PASSWORD)
            for user in model.objects.bulk_create(
                model(
                    username=username,
                    first_name=full_name.split(" ", 1)[0],
                    last_name=full_name.split(" ", 1)[1],
                    is_staff=staff,
                    is_superuser=staff,
                    password=password,
                )
                for username, full_name, _, staff in missing
            ):
                users[user.username] = user
        return users

    def _load(self, study: Study, users: dict[str, Any]) -> bool:
        """Load ``study`` unless its pilot exists; whether it was loaded."""
        project, _ = project_get_or_create(
            slug=study.slug, name=study.name, taxonomy=study.taxonomy, scheme=study.scheme
        )
        memberships_add(
            project=project, roles=[(users[username], role) for username, _, role, _ in USERS]
        )
        existing = (
            Round.objects.filter(project=project, name=PILOT)
            .select_related("guideline_version")
            .first()
        )
        if existing is not None:
            # A demo loaded before its study had a closed round gets it now.
            frozen = existing.guideline_version
            return frozen is not None and self._submitted(study, frozen, users)
        corpus_import_native(project=project, path=study.corpus_path)
        guideline = GuidelineVersion.objects.create(
            project=project,
            version=1,
            markdown=(study.directory / "guidelines.md").read_text(encoding="utf-8"),
            changelog=study.changelog,
            created_by=users["admin"],
            published_at=timezone.now(),
        )
        pilot = Round.objects.create(
            project=project,
            name=PILOT,
            kind=RoundKind.PILOT,
            overlap=2,
            guideline_version=guideline,
            seed=study.seed,
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
        self._submitted(study, guideline, users)
        return True

    def _submitted(self, study: Study, guideline: GuidelineVersion, users: dict[str, Any]) -> bool:
        if study.submitted is None:
            return False
        loaded = submitted_round_load(
            project=guideline.project,
            path=study.submitted,
            guideline=guideline,
            users=users,
            seed=study.seed + 1,
        )
        return loaded is not None
