"""python manage.py export_release SLUG --version 1.0.0 --formats native,tofueval --out DIR

Builds the release exactly as the background job does (in-process), publishes it, and
unpacks it into DIR. Without --rounds it takes every closed round of the project
(published reference labels included); without --split, each document's own split.
"""

from __future__ import annotations

import zipfile
from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from annotations.models import Project, ReleaseStatus, RoundStatus
from annotations.services.releases import ReleaseInvalid, release_build, release_create
from annotations.services.stored_files import local_copy


class Command(BaseCommand):
    help = "Build, publish and unpack a versioned release of a project."

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> Any:
        # Django's own --version (print Django's version) would clash with the release
        # version the command line is documented with; ours wins.
        return super().create_parser(prog_name, subcommand, conflict_handler="resolve", **kwargs)

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("project")
        parser.add_argument("--version", required=True, dest="release_version")
        parser.add_argument("--formats", default="native", help="comma-separated")
        parser.add_argument("--out", type=Path, required=True)
        parser.add_argument("--rounds", default="", help="comma-separated round ids")
        parser.add_argument("--split", choices=["corpus", "document"], default="corpus")
        parser.add_argument("--seed", type=int, default=13)
        parser.add_argument("--only-complete", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        project = Project.objects.filter(slug=options["project"]).first()
        if project is None:
            raise CommandError(f"no project {options['project']!r}")
        rounds = (
            [int(r) for r in options["rounds"].split(",") if r]
            if options["rounds"]
            else list(project.rounds.filter(status=RoundStatus.CLOSED).values_list("pk", flat=True))
        )
        split = (
            {"method": "document", "dev": 0.7, "seed": options["seed"]}
            if options["split"] == "document"
            else {"method": "corpus"}
        )
        config = {
            "version": options["release_version"],
            "rounds": rounds,
            "formats": [f for f in options["formats"].split(",") if f],
            "split": split,
            "only_complete": options["only_complete"],
        }
        try:
            release = release_create(project=project, user=None, config=config)
        except ReleaseInvalid as invalid:
            shown = {k: v for k, v in invalid.errors.items() if k != "missing"}
            raise CommandError(f"the release cannot be built: {shown}") from None
        release = release_build(
            release_id=release.pk, progress=lambda p, m: self.stdout.write(f"{p:3d}% {m}")
        )
        if release.status != ReleaseStatus.PUBLISHED:
            raise CommandError(f"the build failed: {release.error}")
        out: Path = options["out"]
        out.mkdir(parents=True, exist_ok=True)
        with local_copy(release.archive) as archive, zipfile.ZipFile(archive) as packed:
            packed.extractall(out)
        self.stdout.write(f"published {project.slug} {release.version}; unpacked into {out}")
        for name, info in release.manifest["files"].items():
            self.stdout.write(f"  {name}  {info['records']} records  sha256 {info['sha256'][:12]}")
