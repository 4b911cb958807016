"""The error the evaluator metrics raise: what is wrong and what to do about it."""

from __future__ import annotations


class EvaluatorScoreError(ValueError):
    pass
