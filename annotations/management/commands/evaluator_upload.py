"""Store a run of an evaluator's predictions on a published release:
``python manage.py evaluator_upload --release SLUG@VERSION --evaluator NAME [--run N]
[--kind metric|llm] FILE`` (docs/evaluation.md, "Uploading a run"); ``--imported NAME``
instead of FILE stores the predictions an import kept (docs/formats/imports.md).

A run on a project's corpus, before any release (issue 31): ``evaluator_upload --project SLUG
--evaluator NAME --version LABEL [--kind metric|llm] FILE`` (docs/models-in-the-loop.md,
"Corpus runs")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from annotations.formats.errors import FormatError
from annotations.models import EvaluatorKind, Project
from annotations.selectors.corpus_records import corpus_size
from annotations.selectors.imported_predictions import imported_predictions
from annotations.services.corpus_runs import corpus_run_summary, corpus_run_upload, coverage_text
from annotations.services.evaluator_runs import (
    EvaluatorInvalid,
    evaluator_run_upload,
    published_release,
    run_summary,
)


class Command(BaseCommand):
    help = "Check an evaluator's predictions (CSV or JSONL) against a release and store them."

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        # --version labels a corpus run (issue 31's command line), in place of Django's
        # "print Django's version" option.
        return super().create_parser(prog_name, subcommand, conflict_handler="resolve", **kwargs)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, nargs="?")
        parser.add_argument(
            "--imported",
            metavar="NAME",
            help="instead of a file: the predictions of NAME that an import kept (AggreFact's"
            " NAME_score columns, FaithBench's scores, Label Studio's model_version)",
        )
        target = parser.add_mutually_exclusive_group(required=True)
        target.add_argument("--release", help="SLUG@VERSION: a run on a published release")
        target.add_argument("--project", help="SLUG: a run on the project's corpus")
        parser.add_argument(
            "--version",
            help="With --project: the run's version label (a prompt or model version)",
        )
        parser.add_argument("--evaluator", required=True, help="Its name (created on first use).")
        parser.add_argument("--run", type=int, help="The run's number (default: the next).")
        parser.add_argument("--kind", choices=EvaluatorKind.values, default=EvaluatorKind.METRIC)
        parser.add_argument("--notes", default="")

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path | None = options["file"]
        if (path is None) == (options["imported"] is None):
            raise CommandError("give a predictions FILE or --imported NAME (one of the two)")
        if options["project"] is not None:
            self._corpus_run(path, options)
            return
        if options["version"] is not None:
            raise CommandError("--version labels a corpus run: give it with --project")
        try:
            release = published_release(options["release"])
            if path is not None:
                try:
                    data = path.read_bytes()
                except OSError as error:
                    raise CommandError(f"{path}: {error.strerror}") from None
                file_name = path.name
            else:
                data, rows = imported_predictions(release=release, name=options["imported"])
                if not rows:
                    raise CommandError(
                        f"no imported predictions named {options['imported']!r} in project"
                        f" {release.project.slug}"
                    )
                file_name = f"imported predictions of {options['imported']}"
            run = evaluator_run_upload(
                release=release,
                evaluator=options["evaluator"],
                data=data,
                file_name=file_name,
                kind=options["kind"],
                notes=options["notes"],
                number=options["run"],
            )
        except FormatError as error:
            raise CommandError(str(error)) from None
        except EvaluatorInvalid as invalid:
            raise CommandError(str(invalid)) from None
        self.stdout.write(json.dumps(run_summary(run)))

    def _corpus_run(self, path: Path | None, options: dict[str, Any]) -> None:
        if path is None:
            raise CommandError("a corpus run is uploaded from a FILE (--imported is for releases)")
        if options["run"] is not None:
            raise CommandError("--run numbers a release's runs; a corpus run has --version")
        if not options["version"]:
            raise CommandError("a corpus run needs --version LABEL (e.g. prompt-v2)")
        project = Project.objects.filter(slug=options["project"]).first()
        if project is None:
            raise CommandError(f"no project {options['project']!r}")
        try:
            data = path.read_bytes()
        except OSError as error:
            raise CommandError(f"{path}: {error.strerror}") from None
        try:
            run = corpus_run_upload(
                project=project,
                evaluator=options["evaluator"],
                version=options["version"],
                data=data,
                file_name=path.name,
                kind=options["kind"],
                notes=options["notes"],
            )
        except FormatError as error:
            raise CommandError(str(error)) from None
        except EvaluatorInvalid as invalid:
            raise CommandError(str(invalid)) from None
        summary = corpus_run_summary(run, corpus=corpus_size(project))
        self.stderr.write(f"{run.evaluator.name} {run.version}: {coverage_text(summary)}")
        self.stdout.write(json.dumps(summary))
