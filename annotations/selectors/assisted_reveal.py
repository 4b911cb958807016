"""The model's verdicts an assisted linguist may see (docs/models-in-the-loop.md, "Assisted
rounds"): only for the sentences of their own assisted assignment whose label they saved
(``SentenceJudgement.revealed_at``), named "Model", never by evaluator, version or run.
An unassisted assignment gets none, whatever it saved. Three queries, whatever the unit's size.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from django.contrib.auth.models import AbstractBaseUser

from annotations.handles import encode_many
from annotations.models import SentenceJudgement
from annotations.selectors.corpus_run_records import run_records
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
    revealed = dict(
        SentenceJudgement.objects.filter(
            assignment_id=assignment_id, revealed_at__isnull=False
        ).values_list("sentence_id", "sentence__summary_id")
    )
    records = run_records(run_id, summaries=set(revealed.values()), extras=True)
    shown = np.flatnonzero(np.isin(records.sentence, np.fromiter(revealed, dtype=np.int64)))
    shown = shown[np.argsort(records.sentence[shown], kind="stable")]
    sentence_ids = records.sentence[shown].tolist()
    sentence_handles = encode_many(assignment_id, "sentence", sentence_ids)
    sentences = [
        {"sentence": handle, **records.verdict(at)}
        for handle, at in zip(sentence_handles, shown.tolist(), strict=True)
    ]
    return {"assisted": True, "source": MODEL_NAME, "sentences": sentences}
