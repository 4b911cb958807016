"""python manage.py agreement --round ID [--compare ID] [--json]: the round's agreement
report, computed (or reused when the labels have not changed) exactly as the dashboard shows
it, with the comparison against a round of the opposite evidence-hint setting when there is
one (``--compare`` names it; docs/agreement.md, "Assisted and unassisted rounds")."""

from __future__ import annotations

import json
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from annotations.agreement.assistance_wording import assistance_summary, stat
from annotations.agreement.report import reproject
from annotations.models import Round
from annotations.selectors.assistance_inputs import AssistanceChoiceError
from annotations.services.agreement_reports import agreement_report_compute


class Command(BaseCommand):
    help = "Print a round's inter-annotator agreement report."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--round", type=int, required=True, dest="round_id")
        parser.add_argument(
            "--compare",
            type=int,
            help="a round with the opposite evidence-hint setting to compare with"
            " (default: the most recent such round of the same kind over shared units)",
        )
        parser.add_argument("--json", action="store_true", help="print the report as JSON")
        parser.add_argument(
            "--half-width",
            type=float,
            default=None,
            help="the interval half-width w each question's projection aims at (default 0.05)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        round_ = Round.objects.select_related("project").filter(pk=options["round_id"]).first()
        if round_ is None:
            raise CommandError(f"no round with id {options['round_id']}")
        try:
            report = agreement_report_compute(round=round_, compare=options["compare"])
        except AssistanceChoiceError as error:
            raise CommandError(str(error)) from None
        half_width = options["half_width"]
        if half_width is not None and not 0.005 <= half_width <= 0.5:
            raise CommandError(f"--half-width must be from 0.005 to 0.5; got {half_width}")
        results = dict(report.results)
        if half_width is not None:
            results["questions"] = [
                {**q, "projection": reproject(q.get("projection"), half_width)}
                for q in results["questions"]
            ]
        payload = {
            "round": round_.pk,
            "computed_at": report.computed_at.isoformat(),
            "inputs_hash": report.inputs_hash,
            **results,
        }
        if options["json"]:
            self.stdout.write(json.dumps(payload, indent=2))
            return
        self.stdout.write(f"{round_} — annotators: {', '.join(payload['annotators']) or 'none'}")
        for question in payload["questions"]:
            coefficient = question["coefficient"]
            if coefficient is None:
                figure = f"n/a ({question['note']})"
            else:
                low, high = coefficient["ci"]
                figure = f"{coefficient['name']} {coefficient['value']} [{low}, {high}]"
            self.stdout.write(f"  {question['label']:<48} n={question['n_units']:<6} {figure}")
            projection = question.get("projection")
            if projection and projection.get("units_needed") is not None:
                self.stdout.write(f"  {'':<48} {projection_sentence(projection)}")
        if "assistance" in payload:
            self._assistance(payload["assistance"])
        for question in payload.get("competence", {}).get("questions", []):
            self._competence(question)

    def _competence(self, question: dict[str, Any]) -> None:
        """Each annotator's Dawid-Skene accuracy and MACE competence, with intervals."""
        self.stdout.write(f"Competence, {question['label']} (Dawid-Skene; MACE):")
        if not question["annotators"]:
            self.stdout.write(f"  {question['note']}")
        for row in question["annotators"]:
            parts = []
            for name, figure in (("label right", row["accuracy"]), ("knows", row["mace"])):
                low, high = figure["ci"] or (None, None)
                parts.append(f"{name} {stat(figure['value'])} (95% CI {stat(low)} to {stat(high)})")
            self.stdout.write(f"  {row['annotator']:<20} {'; '.join(parts)}")

    def _assistance(self, section: dict[str, Any]) -> None:
        names = " against ".join(
            f"{c['round_name']} ({'with' if c['hints'] else 'without'} hints)"
            for c in section["conditions"]
        )
        self.stdout.write(f"Evidence hints: {names}")
        self.stdout.write(f"  {assistance_summary(section)}")
        evidence = section["evidence"]
        if evidence is not None:
            low, high = evidence["ci"]
            self.stdout.write(
                f"  Evidence turn F1 between them {stat(evidence['value'])}"
                f" (95% CI {stat(low)} to {stat(high)}) on {evidence['n_units']} sentences"
                " both label inconsistent"
            )


def projection_sentence(projection: dict[str, Any]) -> str:
    """One line, as the agreement card says it."""
    what = "units" if projection["resampled"] == "units" else "items"
    w = projection["half_width"]
    if projection["more_units"] == 0:
        return f"the interval is already within ±{w:g} ({projection['n_units']} {what})"
    return (
        f"about {projection['more_units']} more {what} ({projection['units_needed']} in all)"
        f" for an interval of ±{w:g}"
    )
