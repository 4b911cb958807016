"""Per-label agreement on set-valued labels: one binary Fleiss' kappa per label."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from annotations.agreement.errors import AgreementError
from annotations.agreement.fleiss import fleiss_kappa
from annotations.agreement.label_sets import encode_label_sets
from annotations.agreement.labels import MISSING_CODE


def per_label_counts(data: Any, *, labels: Sequence[Any] | None = None) -> dict[Any, np.ndarray]:
    """For each label, a units x 2 count matrix ``[raters without it, raters with it]``.

    ``data`` is ``(raters, units)`` of label sets, ``None`` for no answer. Only units that
    every rater answered are kept: Fleiss' kappa needs a constant number of raters per unit.
    ``labels`` defaults to every label used in those units, sorted.
    """
    coded = encode_label_sets(data)
    complete = (coded.codes != MISSING_CODE).all(axis=0)
    if not complete.any():
        raise AgreementError(
            f"no unit has an answer from all {coded.codes.shape[0]} raters: per-label Fleiss' "
            "kappa needs the same raters on every unit; use masi_alpha for partial data"
        )
    codes = coded.codes[:, complete]
    if labels is None:
        used = {label for code in np.unique(codes) for label in coded.sets[code]}
        labels = _sorted_labels(used)
    raters = codes.shape[0]
    result = {}
    for label in labels:
        has_label = np.array([label in labels_set for labels_set in coded.sets], dtype=np.int64)
        with_label = has_label[codes].sum(axis=0)
        result[label] = np.column_stack((raters - with_label, with_label))
    return result


def per_label_fleiss(data: Any, *, labels: Sequence[Any] | None = None) -> dict[Any, float]:
    """One binary Fleiss' kappa per label: did the raters agree on whether it applies?

    For label ``l`` each unit becomes "has ``l``" / "lacks ``l``" per rater; the kappa of that
    two-category table equals Fleiss' (1971) category kappa ``kappa_j``.

    Missing data: units that not every rater answered are left out (see
    ``per_label_counts``).

    Raises ``AgreementError`` when no unit is complete, or naming the label when it is
    undefined for one (every rater gave it on every unit, or a requested label never occurs).
    """
    result = {}
    for label, counts in per_label_counts(data, labels=labels).items():
        try:
            result[label] = fleiss_kappa(counts)
        except AgreementError as exc:
            raise AgreementError(f"label {label!r}: {exc}") from exc
    return result


def _sorted_labels(labels: set[Any]) -> list[Any]:
    try:
        return sorted(labels)
    except TypeError:
        return sorted(labels, key=repr)
