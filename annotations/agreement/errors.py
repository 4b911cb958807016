"""The one exception type of the agreement engine."""

from __future__ import annotations


class AgreementError(ValueError):
    """Input on which a coefficient is undefined or cannot be computed.

    A subclass of ``ValueError`` so that callers that already catch ``ValueError`` keep working.
    The message says what was wrong with the input and what to change.
    """
