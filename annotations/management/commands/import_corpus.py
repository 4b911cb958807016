"""python manage.py import_corpus --format native FILE.jsonl --project SLUG
python manage.py import_corpus --format tofueval --documents DOCS.jsonl --project SLUG RELEASE_DIR
python manage.py import_corpus --format circumstantial FILE.csv --project SLUG [--lenient]
python manage.py import_corpus --format finesure FILE.jsonl --keyfacts KEYFACTS.json --project SLUG
    (--keyfacts optional)
python manage.py import_corpus --format FORMAT PATH --project SLUG
    FORMAT: label-studio, doccano, potato (the project folder or its zip), aggrefact,
    llm-aggrefact, faithbench (docs/formats/imports.md)
"""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from annotations.models import Role
from annotations.selectors.corpus_records import corpus_records_prepare
from annotations.services.circumstantial_import import circumstantial_import
from annotations.services.corpus_import import ImportFailed, corpus_import_native
from annotations.services.finesure_import import finesure_import
from annotations.services.import_formats import IMPORT_FORMATS, TOOL_FORMATS, ImportRequest
from annotations.services.projects import (
    DEFAULT_TAXONOMY,
    ProjectSetupError,
    membership_add,
    project_get_or_create,
)
from annotations.services.tofueval_import import tofueval_import


class Command(BaseCommand):
    help = (
        "Import a corpus (native JSONL, the public TofuEval release, a CSV in the"
        " circumstantial-inference study's layout, FineSurE's JSONL data files, an export of"
        " Label Studio, doccano or Potato, or AggreFact, LLM-AggreFact or FaithBench files)"
        " into a project."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "path",
            type=Path,
            help="a native .jsonl file, the release folder, a .csv file, or FineSurE's JSONL",
        )
        parser.add_argument(
            "--format",
            choices=list(IMPORT_FORMATS),
            default="native",
        )
        parser.add_argument("--project", required=True, help="project slug (created if missing)")
        parser.add_argument("--project-name", default="", help="name of a new project")
        parser.add_argument(
            "--taxonomy",
            default=None,
            help="built-in taxonomy of a new project (default: dialogue-llm for"
            " circumstantial, frank for finesure, tofueval otherwise)",
        )
        parser.add_argument(
            "--documents", type=Path, help="tofueval: the dialogues, as native JSONL lines"
        )
        parser.add_argument(
            "--keyfacts",
            type=Path,
            help="finesure: the human key-fact list (human-keyfact-list.json), optional",
        )
        parser.add_argument(
            "--lenient",
            action="store_true",
            help="circumstantial: import the study's own file as published (dialogue versions"
            " that differ only in quoting, white space or characters outside the words are one"
            " document; spans and evidence that cannot be placed are left out; unknown"
            " categories are kept untyped) and print what was done, row by row",
        )
        parser.add_argument(
            "--member",
            action="append",
            default=[],
            metavar="USERNAME:ROLE",
            help="make an existing user a member of the project (repeatable); roles: "
            + ", ".join(Role.values),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["path"]
        members = [self._member(value) for value in options["member"]]
        if not path.exists():
            raise CommandError(f"{path}: no such file or folder")
        if options["format"] == "native" and not path.is_file():
            raise CommandError(f"{path}: not a file; --format native reads one .jsonl file")
        if options["format"] == "circumstantial" and not path.is_file():
            raise CommandError(f"{path}: not a file; --format circumstantial reads one .csv file")
        finesure = options["format"] == "finesure"
        if finesure and not path.is_file():
            raise CommandError(f"{path}: not a file; --format finesure reads one JSONL file")
        keyfacts: Path | None = options["keyfacts"]
        if keyfacts is not None and not finesure:
            raise CommandError("--keyfacts is for --format finesure only")
        if keyfacts is not None and not keyfacts.is_file():
            raise CommandError(
                f"{keyfacts}: no such file; --keyfacts is FineSurE's key-fact list (JSONL)"
            )
        circumstantial = options["format"] == "circumstantial"
        if options["lenient"] and not circumstantial:
            raise CommandError("--lenient is for --format circumstantial only")
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
        tool = next((f for f in TOOL_FORMATS if f.name == options["format"]), None)
        if tool is not None and not tool.folder and not path.is_file():
            raise CommandError(f"{path}: not a file; --format {tool.name} reads one file")
        try:
            # One transaction: a refused file leaves no project, taxonomy or error type behind.
            with transaction.atomic():
                project, created = project_get_or_create(
                    slug=options["project"],
                    name=options["project_name"],
                    # The study's own taxonomy and questions for its layout: its labels are
                    # spans with evidence, typed by its categories.
                    taxonomy=options["taxonomy"]
                    or (tool.taxonomy if tool is not None else None)
                    or (
                        "dialogue-llm"
                        if circumstantial
                        else "frank"
                        if finesure
                        else DEFAULT_TAXONOMY
                    ),
                    scheme=tool.scheme
                    if tool is not None
                    else {"error_spans": True, "evidence": True}
                    if circumstantial
                    # FineSurE's questions: consistency (FRANK) and, with its key facts,
                    # completeness; no relevance, flag or topic questions.
                    else {
                        "completeness": keyfacts is not None,
                        "relevance": False,
                        "not_a_summary": False,
                        "topic_category": False,
                    }
                    if finesure
                    else None,
                )
                for user, role in members:
                    membership_add(project=project, user=user, role=role)
                if tool is not None:
                    assert tool.run is not None
                    report = tool.run(ImportRequest(project=project, path=path, name=path.name))
                elif options["format"] == "native":
                    report = corpus_import_native(project=project, path=path)
                elif circumstantial:
                    report = circumstantial_import(
                        project=project, path=path, lenient=options["lenient"]
                    )
                elif finesure:
                    report = finesure_import(
                        project=project, path=path, keyfacts=keyfacts, new_project=created
                    )
                else:
                    report = tofueval_import(
                        project=project, release_dir=path, documents=options["documents"]
                    )
        except (ImportFailed, ProjectSetupError) as error:
            raise CommandError(f"nothing was imported: {error}") from None
        if created:
            self.stdout.write(f"created project {project.slug}")
        for user, role in members:
            self.stdout.write(f"{user.get_username()} is a {Role(role).label} of {project.slug}")
        for line in report.lines():
            self.stdout.write(line)
        if corpus_records_prepare(project):
            self.stdout.write("kept the corpus's record ids for evaluator runs")

    @staticmethod
    def _member(value: str) -> tuple[Any, str]:
        """``USERNAME:ROLE`` -> (the user, the role), or a CommandError naming what is wrong."""
        username, _, role = value.partition(":")
        if role not in Role.values:
            raise CommandError(
                f"--member {value!r}: the role must be one of {', '.join(Role.values)}"
            )
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"--member {value!r}: no user {username!r}")
        return user, role
