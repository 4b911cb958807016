"""Evidence hints: for each summary sentence, the dialogue turns most related to it.

Ranked with BM25 (``bm25s``, a maintained implementation; no model, nothing downloaded)
over the turns of one unit's dialogue, English stopwords removed. A hint says where to
look, never what to answer: it is computed from the sentence's and the turns' words only,
never from any label, and the same for every annotator of the unit.
"""

from __future__ import annotations

from collections.abc import Sequence

import bm25s

HINTS_PER_SENTENCE = 3


def turn_hints(
    turns: Sequence[str], sentences: Sequence[str], *, k: int = HINTS_PER_SENTENCE
) -> list[list[int]]:
    """Per sentence, the indices of up to ``k`` turns sharing words with it, best first
    (ties in turn order); none for a sentence whose words are all stopwords or absent."""
    if not turns or not sentences:
        return [[] for _ in sentences]
    retriever = bm25s.BM25()
    retriever.index(
        bm25s.tokenize(list(turns), stopwords="en", show_progress=False), show_progress=False
    )
    hints: list[list[int]] = []
    queries = bm25s.tokenize(list(sentences), stopwords="en", return_ids=False, show_progress=False)
    for words in queries:
        # Words the dialogue never uses cannot point anywhere.
        known = [word for word in words if word in retriever.vocab_dict]
        if not known:
            hints.append([])
            continue
        scores = retriever.get_scores(known)
        ranked = sorted(
            (index for index, score in enumerate(scores) if score > 0),
            key=lambda index: (-scores[index], index),
        )
        hints.append(ranked[:k])
    return hints
