"""The model's verdicts an assisted linguist may see (docs/models-in-the-loop.md, "Assisted
rounds"): only for the sentences of their own assisted assignment whose label they saved
(``SentenceJudgement.revealed_at``), named "Model", never by evaluator, version or run.
An unassisted assignment gets none, whatever it saved. Two queries, whatever the unit's size.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser

from annotations.handles import encode_many
from annotations.models import CorpusPrediction, SentenceJudgement
from annotations.selectors.workspace import user_assignments

# What the linguist sees the verdicts as: never the evaluator's name or version.
MODEL_NAME = "Model"


def assisted_reveal(*, user: AbstractBaseUser, assignment_id: int) -> dict[str, Any] | None:
    """The revealed verdicts of the user's assignment, or None when it is not theirs."""
    found = (
        user_assignments(user=user)
        .filter(pk=assignment_id)
        .values_list("assisted", "round__assistance__run_id")
        .first()
    )
    if found is None:
        return None
    assisted, run_id = found
    if not assisted or run_id is None:
        return {"assisted": False, "source": None, "sentences": []}
    revealed = SentenceJudgement.objects.filter(
        assignment_id=assignment_id, revealed_at__isnull=False
    ).values("sentence_id")
    rows = list(
        CorpusPrediction.objects.filter(run_id=run_id, sentence_id__in=revealed)
        .order_by("sentence_id")
        .values_list(
            "sentence_id",
            "label",
            "score",
            "abstain",
            "explanation",
            "error_types",
            "spans",
            "evidence",
        )
    )
    sentence_handles = encode_many(assignment_id, "sentence", [row[0] for row in rows])
    return {
        "assisted": True,
        "source": MODEL_NAME,
        "sentences": [
            {
                "sentence": handle,
                "label": label or None,
                "score": score,
                "abstain": abstain,
                "explanation": explanation,
                "error_types": list(error_types),
                "spans": [list(span) for span in spans],
                "evidence": list(evidence),
            }
            for handle, (
                _,
                label,
                score,
                abstain,
                explanation,
                error_types,
                spans,
                evidence,
            ) in zip(sentence_handles, rows, strict=True)
        ],
    }
