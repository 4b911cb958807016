"""The LLM-AggreFact export: JSONL, one claim per summary sentence.

LLM-AggreFact (Tang et al., EMNLP 2024, github.com/Liyan06/MiniCheck, the
``lytang/LLM-AggreFact`` dataset) has the fields ``dataset, doc, claim, label`` (1 = the
document supports the claim) in a dev and a test split; its TofuEval subsets use each summary
sentence as a claim. The writer produces, UTF-8, one object per ``\\n``-terminated line::

    {"id", "dataset", "doc", "claim", "label", "split", "summary_id", "doc_id", "topic",
     "model_name", "sent_idx"}

A release writes one file per split (``llm_aggrefact/dev.jsonl``, ``llm_aggrefact/test.jsonl``),
as the leaderboard's dataset has a dev and a test split.

- ``id``: the claim's record id (``rows.sentence_record_id``), stable across releases, what an
  evaluator's predictions are joined on; ``summary_id``: the summary's (``summary_record_id``);
- ``dataset``: one name per corpus, as the leaderboard names them (``TofuEval-MediaS``,
  ``TofuEval-MeetB`` for the TofuEval corpora; ``<project>-<corpus>`` otherwise), never one
  merged name;
- ``doc``: the dialogue, one "SPEAKER (role): text" line per turn; ``claim``: the sentence;
- ``label``: 1 = consistent (supported), 0 = inconsistent; ``split``: ``dev`` or ``test``;
- ``doc_id``, ``topic``, ``model_name``, ``sent_idx``: not in LLM-AggreFact; they name the
  sentence, so predictions can be joined back to the project's data.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import BinaryIO

from annotations.formats.writers.encoding import json_line
from annotations.formats.writers.rows import (
    ExportError,
    SummaryRow,
    dialogue_text,
    sentence_record_id,
    summary_record_id,
)

SPLITS = ("dev", "test")
LABELS = {"consistent": 1, "inconsistent": 0}


def write_llm_aggrefact(
    stream: BinaryIO, summaries: Iterable[SummaryRow], *, dataset: str | Mapping[str, str]
) -> int:
    """Write one line per summary sentence; returns the number of claims written."""
    count = 0
    for summary in summaries:
        if summary.split not in SPLITS:
            raise ExportError(
                f"{summary.where()}: LLM-AggreFact has dev and test; the document's split is"
                f" {summary.split!r}"
            )
        if not summary.turns:
            raise ExportError(f"{summary.where()}: the row carries no dialogue turns for `doc`")
        name = _dataset(dataset, summary)
        # One dialogue text per summary, not per claim: it is the longest field by far.
        doc = dialogue_text(summary.turns)
        summary_id = summary_record_id(summary)
        for sentence in summary.sentences:
            if sentence.label is None:
                raise ExportError(
                    f"{summary.where()}: sentence {sentence.number} has no gold label"
                )
            record = {
                "id": sentence_record_id(summary, sentence.number),
                "dataset": name,
                "doc": doc,
                "claim": sentence.text,
                "label": LABELS[sentence.label],
                "split": summary.split,
                "summary_id": summary_id,
                "doc_id": summary.doc_id,
                "topic": summary.topic,
                "model_name": summary.system,
                "sent_idx": sentence.number,
            }
            stream.write(json_line(record))
            count += 1
    return count


def _dataset(dataset: str | Mapping[str, str], summary: SummaryRow) -> str:
    if isinstance(dataset, str):
        return dataset
    try:
        return dataset[summary.corpus]
    except KeyError:
        raise ExportError(
            f"{summary.where()}: no dataset name for corpus {summary.corpus!r}"
        ) from None


# The leaderboard's names for TofuEval's two corpora (the lytang/LLM-AggreFact dataset).
LEADERBOARD_NAMES = {"mediasum": "TofuEval-MediaS", "meetingbank": "TofuEval-MeetB"}


def dataset_names(project: str, corpora: Iterable[tuple[str, str]]) -> dict[str, str]:
    """``dataset`` per corpus slug, from (slug, source format) pairs: the leaderboard's name for
    a corpus imported from the TofuEval release, ``<project>-<corpus>`` for any other."""
    return {
        slug: LEADERBOARD_NAMES[slug]
        if source == "tofueval" and slug in LEADERBOARD_NAMES
        else f"{project}-{slug}"
        for slug, source in corpora
    }
