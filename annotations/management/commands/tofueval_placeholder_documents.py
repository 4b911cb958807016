"""Write a documents file of placeholder dialogues for the public TofuEval release.

The release ships summaries and labels but not the MediaSum / MeetingBank dialogues; this
lets the release be imported and inspected (and tested) without them. Every placeholder
turn says that it is one.
"""

from __future__ import annotations

import json
from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from annotations.formats.errors import FormatError
from annotations.formats.tofueval import placeholder_documents


class Command(BaseCommand):
    help = "Write placeholder dialogues (native JSONL) for every doc_id of a TofuEval release."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("release_dir", type=Path)
        parser.add_argument("--out", type=Path, required=True)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            lines = placeholder_documents(options["release_dir"])
        except FormatError as error:
            raise CommandError(str(error)) from None
        if not lines:
            raise CommandError(f"{options['release_dir']}: no factual-consistency CSVs found")
        out: Path = options["out"]
        out.parent.mkdir(parents=True, exist_ok=True)
        with out.open("w", encoding="utf-8") as stream:
            for line in lines:
                stream.write(json.dumps(line, ensure_ascii=False) + "\n")
        self.stdout.write(f"wrote {len(lines)} placeholder dialogues to {out}")
