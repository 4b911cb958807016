"""Labelling a round's units in tests without the API: every sentence, summary and topic
answered through the models, the way several release and fuzz tests need a finished round."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from annotations.models import (
    Assignment,
    SentenceJudgement,
    Summary,
    SummaryJudgement,
    SummarySentence,
    TopicJudgement,
)

EXPLANATION = "Not what the dialogue says."


def label_units(
    assignments: Iterable[Assignment],
    *,
    wrong: Callable[[Summary, SummarySentence], bool],
    explanation: str = EXPLANATION,
    relevance: int = 4,
) -> None:
    """Each assignment's unit answered: a sentence ``wrong`` picks is inconsistent with
    ``explanation``, every other one consistent; each summary rated ``relevance``, the topic
    main. Statuses are the caller's to set (submitted, closed), as each test needs."""
    for assignment in assignments:
        for summary in assignment.topic.summaries.all():
            for sentence in summary.sentences.all():
                bad = wrong(summary, sentence)
                SentenceJudgement.objects.create(
                    assignment=assignment,
                    sentence=sentence,
                    label="inconsistent" if bad else "consistent",
                    explanation=explanation if bad else "",
                )
            SummaryJudgement.objects.create(
                assignment=assignment, summary=summary, relevance=relevance
            )
        TopicJudgement.objects.create(assignment=assignment, category="main")
