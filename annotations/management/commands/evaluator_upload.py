"""Store a run of an evaluator's predictions on a published release:
``python manage.py evaluator_upload --release SLUG@VERSION --evaluator NAME [--run N]
[--kind metric|llm] FILE`` (docs/evaluation.md, "Uploading a run")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from annotations.formats.errors import FormatError
from annotations.models import EvaluatorKind
from annotations.services.evaluator_runs import (
    EvaluatorInvalid,
    evaluator_run_upload,
    published_release,
    run_summary,
)


class Command(BaseCommand):
    help = "Check an evaluator's predictions (CSV or JSONL) against a release and store them."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--release", required=True, help="SLUG@VERSION")
        parser.add_argument("--evaluator", required=True, help="Its name (created on first use).")
        parser.add_argument("--run", type=int, help="The run's number (default: the next).")
        parser.add_argument("--kind", choices=EvaluatorKind.values, default=EvaluatorKind.METRIC)
        parser.add_argument("--notes", default="")

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        try:
            data = path.read_bytes()
        except OSError as error:
            raise CommandError(f"{path}: {error.strerror}") from None
        try:
            run = evaluator_run_upload(
                release=published_release(options["release"]),
                evaluator=options["evaluator"],
                data=data,
                file_name=path.name,
                kind=options["kind"],
                notes=options["notes"],
                number=options["run"],
            )
        except FormatError as error:
            raise CommandError(str(error)) from None
        except EvaluatorInvalid as invalid:
            raise CommandError(str(invalid)) from None
        self.stdout.write(json.dumps(run_summary(run)))
