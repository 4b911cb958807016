"""python manage.py import_corpus --format native FILE.jsonl --project SLUG
python manage.py import_corpus --format tofueval --documents DOCS.jsonl --project SLUG RELEASE_DIR
"""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from annotations.services.corpus_import import ImportFailed, corpus_import_native
from annotations.services.projects import ProjectSetupError, project_get_or_create
from annotations.services.tofueval_import import tofueval_import


class Command(BaseCommand):
    help = "Import a corpus (native JSONL, or the public TofuEval release) into a project."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("path", type=Path, help="a native .jsonl file or the release folder")
        parser.add_argument("--format", choices=["native", "tofueval"], default="native")
        parser.add_argument("--project", required=True, help="project slug (created if missing)")
        parser.add_argument("--project-name", default="", help="name of a new project")
        parser.add_argument(
            "--taxonomy", default="tofueval", help="built-in taxonomy of a new project"
        )
        parser.add_argument(
            "--documents", type=Path, help="tofueval: the dialogues, as native JSONL lines"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["path"]
        if not path.exists():
            raise CommandError(f"{path}: no such file or folder")
        if options["format"] == "native" and not path.is_file():
            raise CommandError(f"{path}: not a file; --format native reads one .jsonl file")
        if options["format"] == "tofueval":
            if options["documents"] is None:
                raise CommandError("--format tofueval needs --documents DOCS.jsonl (the dialogues)")
            if not path.is_dir():
                raise CommandError(
                    f"{path}: not a folder; --format tofueval reads the release folder"
                )
            if not options["documents"].is_file():
                raise CommandError(
                    f"{options['documents']}: not a file; --documents is the dialogues, as native"
                    " JSONL lines"
                )
        try:
            # One transaction: a refused file leaves no project, taxonomy or error type behind.
            with transaction.atomic():
                project, created = project_get_or_create(
                    slug=options["project"],
                    name=options["project_name"],
                    taxonomy=options["taxonomy"],
                )
                if options["format"] == "native":
                    report = corpus_import_native(project=project, path=path)
                else:
                    report = tofueval_import(
                        project=project, release_dir=path, documents=options["documents"]
                    )
        except (ImportFailed, ProjectSetupError) as error:
            raise CommandError(f"nothing was imported: {error}") from None
        if created:
            self.stdout.write(f"created project {project.slug}")
        for line in report.lines():
            self.stdout.write(line)
