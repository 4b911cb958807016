"""The one exception type of the scoring code."""

from __future__ import annotations


class ScoringError(ValueError):
    """Input the scores cannot be computed from (a share above one, a bad confidence level).

    A ``ValueError``, so callers that already catch ``ValueError`` keep working; the message
    says what was wrong.
    """
