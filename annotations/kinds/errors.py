"""Why a save is refused as invalid, by field: raised by a kind's checks and the pipeline."""

from __future__ import annotations


class InvalidJudgement(ValueError):
    def __init__(self, errors: dict[str, list[str]]) -> None:
        super().__init__("; ".join(f"{k}: {' '.join(v)}" for k, v in errors.items()))
        self.errors = errors
