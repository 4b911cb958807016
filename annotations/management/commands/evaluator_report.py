"""Every evaluator's figures on a published release, with their intervals:
``python manage.py evaluator_report --release SLUG@VERSION [--json] [--resamples N]
[--seed S]`` (docs/evaluation.md, "Figures" and "Beyond balanced accuracy": correlations,
thresholds per stratum, span-F1, key facts, ACUs, error types, success ratios)."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from annotations.selectors.evaluator_leaderboard import release_leaderboard
from annotations.services.evaluator_runs import EvaluatorInvalid, published_release


def _figure(figure: dict[str, Any] | None) -> str:
    if not figure or figure.get("value") is None:
        return "-"
    if figure.get("low") is None:
        return f"{figure['value']:.3f}"
    return f"{figure['value']:.3f} [{figure['low']:.3f}, {figure['high']:.3f}]"


class Command(BaseCommand):
    help = "Score every evaluator's runs on a release: balanced accuracy and the rest, with CIs."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--release", required=True, help="SLUG@VERSION")
        parser.add_argument("--json", action="store_true", help="Print the whole report as JSON.")
        parser.add_argument("--resamples", type=int, default=1000)
        parser.add_argument("--seed", type=int, default=0)

    def handle(self, *args: Any, **options: Any) -> None:
        if not 1 <= options["resamples"] <= 100_000:
            raise CommandError("--resamples: between 1 and 100000")
        try:
            report = release_leaderboard(
                published_release(options["release"]),
                n_resamples=options["resamples"],
                seed=options["seed"],
            )
        except EvaluatorInvalid as invalid:
            raise CommandError(str(invalid)) from None
        if options["json"]:
            self.stdout.write(json.dumps(report, indent=2, ensure_ascii=False))
            return
        if not report["evaluators"]:
            self.stdout.write(f"{report['release']}: no evaluator runs yet")
            return
        for level, board in report["levels"].items():
            if not board or "error" in board:
                self.stdout.write(f"{level}: {board['error'] if board else 'no predictions'}")
                continue
            self.stdout.write(
                f"{level} level ({board['protocol']}: tuned on {board['tuned_on']}, measured on"
                f" {board['measured_on']} records in {board['documents']} documents)"
            )
            for name, entry in sorted(
                board["evaluators"].items(),
                key=lambda item: -(item[1]["balanced_accuracy"]["value"] or 0),
            ):
                self.stdout.write(
                    f"  {name}: balanced accuracy {_figure(entry['balanced_accuracy'])};"
                    f" FPR {_figure(entry['fpr'])}; FNR {_figure(entry['fnr'])};"
                    f" F1 {_figure(entry['f1'])}; AUC {_figure(entry['auc'])}"
                )
            for name, why in board["unscored"].items():
                self.stdout.write(f"  {name}: not scored ({why})")
        for aspect, table in (report.get("correlations") or {}).items():
            if not table:
                continue
            self.stdout.write(
                f"{aspect}: correlation with the human scores (summary; system level)"
            )
            for name, entry in table["evaluators"].items():
                summary, system = entry["summary_level"], entry["system_level"]
                self.stdout.write(
                    "  "
                    + name
                    + ": "
                    + "; ".join(
                        f"{coefficient} {_figure(summary[coefficient])},"
                        f" {_figure(system[coefficient])}"
                        for coefficient in ("pearson", "spearman", "kendall")
                    )
                )
