"""Error rates per summarizer of a published release, with their intervals:
``python manage.py release_report --release SLUG@VERSION [--json] [--resamples N]
[--seed S]`` (docs/evaluation.md, "Error rates per summarizer")."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from annotations.analysis.tables import report_text
from annotations.selectors.release_analysis import AnalysisUnavailable, release_analysis
from annotations.services.evaluator_runs import EvaluatorInvalid, published_release


class Command(BaseCommand):
    help = (
        "Error rates per summarizer on main and marginal topics (TofuEval Table 2, Fig. 2,"
        " Table 6) with (dialogue, topic)-clustered bootstrap intervals."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--release", required=True, help="SLUG@VERSION")
        parser.add_argument("--json", action="store_true", help="Print the tables as JSON.")
        parser.add_argument("--resamples", type=int, default=1000)
        parser.add_argument("--seed", type=int, default=0)

    def handle(self, *args: Any, **options: Any) -> None:
        if not 0 <= options["resamples"] <= 100_000:
            raise CommandError("--resamples: between 0 and 100000")
        try:
            release = published_release(options["release"])
            analysis = release_analysis(
                release, n_resamples=options["resamples"], seed=options["seed"]
            )
        except EvaluatorInvalid as invalid:
            raise CommandError(str(invalid)) from None
        except AnalysisUnavailable as unavailable:
            raise CommandError(f"{options['release']}: {unavailable}") from None
        report = analysis.report
        if options["json"]:
            self.stdout.write(json.dumps(report, indent=2, ensure_ascii=False))
            return
        self.stdout.write(f"{report['release']}\n")
        if not report["rows"]:
            self.stdout.write("no summary with a judged sentence\n")
            return
        self.stdout.write(report_text(analysis.table, analysis.notes))
