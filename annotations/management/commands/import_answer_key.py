"""Import an answer key (the demo's answer_key.json layout) as an admin's adjudicated values:
``python manage.py import_answer_key --project SLUG FILE [--admin USERNAME]``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from annotations.models import Membership, Project, Role
from annotations.services.answer_keys import AnswerKeyInvalid, answer_key_import


class Command(BaseCommand):
    help = "Import an answer key as a project's adjudicated gold values (docs/quality.md)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--project", required=True)
        parser.add_argument("--admin", help="The admin it is attributed to (default: the first).")

    def handle(self, *args: Any, **options: Any) -> None:
        project = Project.objects.filter(slug=options["project"]).first()
        if project is None:
            raise CommandError(f"no project {options['project']!r}")
        admins = Membership.objects.filter(project=project, role=Role.ADMIN).select_related("user")
        if options["admin"]:
            admins = admins.filter(user__username=options["admin"])
        membership = admins.order_by("id").first()
        if membership is None:
            raise CommandError("the project has no such admin to attribute the key to")
        try:
            count = answer_key_import(project=project, path=options["file"], admin=membership.user)
        except AnswerKeyInvalid as invalid:
            raise CommandError("\n".join(invalid.errors[:50])) from None
        self.stdout.write(f"keyed {count} sentences of {project.slug}")
