"""Inter-annotator agreement: pure numpy, no Django.

Coefficients take labels (strings, numbers; ``None``/``nan`` for missing) and return floats;
each documents its missing-data rule and raises ``AgreementError`` (a ``ValueError``) on input
where it is undefined. ``bootstrap_ci`` adds a seeded percentile interval, evaluated for all
resamples at once from per-unit sufficient statistics. See docs/agreement.md.
"""

from __future__ import annotations

from annotations.agreement.alpha import LEVELS, krippendorff_alpha
from annotations.agreement.bootstrap import BootstrapResult, bootstrap_ci, bootstrap_statistic
from annotations.agreement.cohen import ConfusionMatrix, cohen_kappa, confusion_matrix
from annotations.agreement.errors import AgreementError
from annotations.agreement.fleiss import CategoryCounts, category_counts, fleiss_kappa
from annotations.agreement.masi import masi_alpha, masi_distance
from annotations.agreement.multilabel import per_label_counts, per_label_fleiss
from annotations.agreement.percent import percent_agreement
from annotations.agreement.spans import span_f1
from annotations.agreement.sufficient_statistics import UnitStatistic, unit_statistic

__all__ = [
    "LEVELS",
    "AgreementError",
    "BootstrapResult",
    "CategoryCounts",
    "ConfusionMatrix",
    "UnitStatistic",
    "bootstrap_ci",
    "bootstrap_statistic",
    "category_counts",
    "cohen_kappa",
    "confusion_matrix",
    "fleiss_kappa",
    "krippendorff_alpha",
    "masi_alpha",
    "masi_distance",
    "per_label_counts",
    "per_label_fleiss",
    "percent_agreement",
    "span_f1",
    "unit_statistic",
]
