"""python manage.py agreement --round ID [--json]: the round's agreement report, computed
(or reused when the labels have not changed) exactly as the dashboard shows it."""

from __future__ import annotations

import json
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from annotations.models import Round
from annotations.services.agreement_reports import agreement_report_compute


class Command(BaseCommand):
    help = "Print a round's inter-annotator agreement report."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--round", type=int, required=True, dest="round_id")
        parser.add_argument("--json", action="store_true", help="print the report as JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        round_ = Round.objects.select_related("project").filter(pk=options["round_id"]).first()
        if round_ is None:
            raise CommandError(f"no round with id {options['round_id']}")
        report = agreement_report_compute(round=round_)
        payload = {
            "round": round_.pk,
            "computed_at": report.computed_at.isoformat(),
            "inputs_hash": report.inputs_hash,
            **report.results,
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
