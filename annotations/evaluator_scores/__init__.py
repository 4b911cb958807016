"""Scoring automatic factuality evaluators against human labels (docs/evaluation.md): the
binary figures with inconsistent as the positive class, threshold tuning on dev, AUC, recall
per error type, self-agreement across runs, and bootstrap intervals by document. Pure: no
Django imports; numpy only."""

from annotations.evaluator_scores.auc import Auc, clustered_auc
from annotations.evaluator_scores.binary import FIGURES, binary_figures
from annotations.evaluator_scores.errors import EvaluatorScoreError
from annotations.evaluator_scores.leaderboard import (
    Coded,
    LevelRecords,
    RunValues,
    flags,
    level_leaderboard,
)
from annotations.evaluator_scores.self_agreement import self_agreement
from annotations.evaluator_scores.threshold import Threshold, tune_threshold
from annotations.evaluator_scores.type_sets import TypeSets

__all__ = [
    "FIGURES",
    "Auc",
    "Coded",
    "EvaluatorScoreError",
    "LevelRecords",
    "RunValues",
    "Threshold",
    "TypeSets",
    "binary_figures",
    "clustered_auc",
    "flags",
    "level_leaderboard",
    "self_agreement",
    "tune_threshold",
]
