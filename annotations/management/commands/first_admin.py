"""Create the deployment's first admin once: `make serve` runs it on every start and it does
nothing when a staff user exists (docs/deployment.md).

The password comes from ``ADMIN_PASSWORD``, or is generated and written to ``--password-file``
(mode 0600) so it never appears in a log.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser


class Command(BaseCommand):
    help = "Create a staff superuser when the site has no staff user yet."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--username", default=os.environ.get("ADMIN_USERNAME", "admin"))
        parser.add_argument(
            "--password-file",
            type=Path,
            required=True,
            help="Where a generated password is written (when ADMIN_PASSWORD is not set).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        users = get_user_model()
        if users.objects.filter(is_staff=True).exists():
            self.stdout.write("A staff user exists: no first admin created.")
            return
        username: str = options["username"]
        password = os.environ.get("ADMIN_PASSWORD", "")
        where = "the ADMIN_PASSWORD you set"
        if not password:
            password = secrets.token_urlsafe(18)
            path: Path = options["password_file"]
            path.parent.mkdir(parents=True, exist_ok=True)
            # Created private, then written: the password is never readable by others.
            path.touch(mode=0o600, exist_ok=True)
            path.chmod(0o600)
            path.write_text(password + "\n")
            where = f"the password in {path}"
        users.objects.create_superuser(username=username, email="", password=password)
        self.stdout.write(f"Created the first admin: sign in as {username!r} with {where}.")
