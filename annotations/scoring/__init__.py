"""Scores for researchers: per summary and per system. Pure numpy, no Django.

Per summary (``summary.py``): faithfulness (consistent sentences / sentences), completeness
(covered key facts / key facts), conciseness (sentences aligned to a key fact / sentences) and
ACU score (supported atomic facts / atomic facts), ``None`` when undefined. Per system
(``systems.py``): the mean of each score over the system's summaries with a seeded
percentile bootstrap interval, computed over the distinct score values. See
docs/formats/scores.md.
"""

from __future__ import annotations

from annotations.scoring.errors import ScoringError
from annotations.scoring.summary import (
    METRIC_LABELS,
    METRICS,
    SummaryScores,
    share,
    shares,
    summary_scores,
)
from annotations.scoring.systems import (
    MetricScore,
    ScoreTable,
    SystemScores,
    resampled_means,
    system_rng,
    system_scores,
    system_scores_coded,
)

__all__ = [
    "METRICS",
    "METRIC_LABELS",
    "MetricScore",
    "ScoreTable",
    "ScoringError",
    "SummaryScores",
    "SystemScores",
    "resampled_means",
    "share",
    "shares",
    "summary_scores",
    "system_rng",
    "system_scores",
    "system_scores_coded",
]
