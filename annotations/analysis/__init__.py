"""The seed papers' analyses computed from a release's human labels (issue 32). Pure: numpy
only, no Django, so each is tested in milliseconds and reusable outside the site.

- ``error_rates``: error rates per summarizer on main and marginal topics (TofuEval Table 2,
  Fig. 2, Table 6) with (dialogue, topic)-clustered bootstrap intervals;
- ``tables``: the same figures as CSV rows and booktabs LaTeX.
"""

from annotations.analysis.error_rates import (
    METRICS,
    TOPIC_TYPES,
    ErrorRateInput,
    ErrorRateTable,
    error_rates,
    topic_type_of,
)

__all__ = [
    "METRICS",
    "TOPIC_TYPES",
    "ErrorRateInput",
    "ErrorRateTable",
    "error_rates",
    "topic_type_of",
]
