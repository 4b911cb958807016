"""Dawid-Skene over a release's sentence labels: each sentence's posterior P(inconsistent)
for the soft-label columns and the ``posterior_mode`` gold rule, and each (anonymised)
annotator's competence for the manifest (docs/releases.md, "Soft labels and posterior
mode").

The raters are the release's voters: a person (or a published source) votes on a unit once,
with their first assignment of it (by id) in the chosen rounds, as every other gold value
(annotations/selectors/release_rows.py). One query, streamed; the model runs on the distinct
label patterns, so memory is a few arrays of the release's sentence count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from annotations.agreement.dawid_skene import N_RESAMPLES, dawid_skene
from annotations.agreement.errors import AgreementError
from annotations.agreement.mace import mace
from annotations.agreement.report import SEED, round_figure
from annotations.formats.writers.rows import LABELS
from annotations.models import SentenceJudgement
from annotations.selectors.release_scope import counted_assignments


@dataclass(frozen=True)
class ReleaseModel:
    """``posteriors``: sentence id -> P(inconsistent); ``manifest``: what the manifest's
    ``competence`` records (empty posteriors and a ``note`` when no model could be fitted)."""

    posteriors: dict[int, float] = field(default_factory=dict)
    manifest: dict[str, Any] = field(default_factory=dict)


def release_sentence_model(
    round_ids: Sequence[int],
    *,
    annotator_ids: dict[str, str],
    excluded_topics: frozenset[int] = frozenset(),
    n_resamples: int = N_RESAMPLES,
) -> ReleaseModel:
    """Fit Dawid-Skene (and MACE, for the manifest) to the voters' sentence labels."""
    rows = (
        SentenceJudgement.objects.filter(assignment__in=counted_assignments(round_ids))
        .exclude(label="")
        .order_by("assignment_id")
        .values_list(
            "assignment_id",
            "assignment__topic_id",
            "assignment__annotator_id",
            "assignment__source",
            "sentence_id",
            "label",
        )
    )
    voter: dict[tuple[int, str], int] = {}  # (topic, rater) -> their voting assignment
    raters: dict[str, int] = {}
    sentences: dict[int, int] = {}
    cells: list[tuple[int, int, int]] = []  # (sentence index, rater index, label code)
    code: dict[str, int] = {label: index for index, label in enumerate(LABELS)}
    for assignment_id, topic_id, user, source, sentence_id, label in rows.iterator(
        chunk_size=10_000
    ):
        if topic_id in excluded_topics:
            continue
        key = annotator_ids.get(f"user:{user}" if user else f"source:{source}")
        if key is None:
            continue
        if voter.setdefault((topic_id, key), assignment_id) != assignment_id:
            continue  # a later assignment of a unit this person already voted on
        cells.append(
            (
                sentences.setdefault(sentence_id, len(sentences)),
                raters.setdefault(key, len(raters)),
                code[label],
            )
        )
    names = sorted(raters, key=lambda a: int(a[1:]) if a[1:].isdigit() else 0)
    manifest: dict[str, Any] = {
        "question": "sentence label",
        "model": "Dawid-Skene (1979), EM from the majority vote; MACE (Hovy et al. 2013)",
        "classes": list(LABELS),
        "n_sentences": len(sentences),
        "annotators": [],
        "note": None,
    }
    if not cells:
        manifest["note"] = "No sentence labels to model."
        return ReleaseModel({}, manifest)
    order = [raters[name] for name in names]
    matrix = np.full((len(raters), len(sentences)), None, dtype=object)
    cell = np.asarray(cells, dtype=np.int64)
    matrix[cell[:, 1], cell[:, 0]] = np.asarray(LABELS, dtype=object)[cell[:, 2]]
    matrix = matrix[order].tolist()  # lists take the fast encoding path
    try:
        ds = dawid_skene(matrix, categories=list(LABELS), n_resamples=n_resamples, seed=SEED)
        mc = mace(matrix, categories=list(LABELS), seed=SEED)
    except AgreementError as error:
        manifest["note"] = str(error)
        return ReleaseModel({}, manifest)
    ids = np.empty(len(sentences), dtype=np.int64)
    for sentence_id, index in sentences.items():
        ids[index] = sentence_id
    posteriors = dict(zip(ids.tolist(), ds.posteriors[:, 1].tolist(), strict=True))
    manifest.update(
        priors={label: round_figure(p) for label, p in zip(LABELS, ds.priors, strict=True)},
        converged=ds.converged,
        annotators=[
            {
                "annotator": name,
                "n_labels": int(ds.n_labels[r]),
                "accuracy": round_figure(ds.accuracy[r]),
                "accuracy_ci": _pair(ds.accuracy_ci, r),
                "recall": {
                    label: round_figure(ds.confusion[r, k, k]) for k, label in enumerate(LABELS)
                },
                "mace_competence": round_figure(mc.competence[r]),
                "mace_ci": [round_figure(v) for v in mc.competence_ci[r]],
            }
            for r, name in enumerate(names)
        ],
        # Sentences whose posterior gives neither label 90% or more.
        n_uncertain=int((np.minimum(ds.posteriors[:, 1], 1 - ds.posteriors[:, 1]) > 0.1).sum()),
    )
    return ReleaseModel(posteriors, manifest)


def _pair(ci: np.ndarray | None, rater: int) -> list[float | None] | None:
    return None if ci is None else [round_figure(ci[rater, 0]), round_figure(ci[rater, 1])]
