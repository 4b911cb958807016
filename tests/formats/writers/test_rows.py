"""The export rows refuse inconsistent input when it is built, naming the summary."""

from __future__ import annotations

import pytest

from annotations.formats.writers.rows import (
    AnnotatorLabels,
    AnnotatorSentence,
    ExportError,
    FactCoverage,
    KeyFactRow,
    SentenceRow,
    TopicRow,
    TurnRow,
    dialogue_text,
)
from tests.formats.writers.builders import KEY_FACTS, consistent_summary, covering


def test_a_sentence_is_numbered_by_its_published_index_or_else_its_position() -> None:
    assert SentenceRow(0, "a", source_index=4).number == 4
    assert SentenceRow(2, "a").number == 3


def test_an_unknown_sentence_label_is_refused() -> None:
    with pytest.raises(ExportError, match="label 'yes' is not one of consistent, inconsistent"):
        SentenceRow(0, "a", label="yes")  # type: ignore[arg-type]
    with pytest.raises(ExportError, match="label 'no'"):
        AnnotatorSentence("no")  # type: ignore[arg-type]


def test_an_unknown_split_or_category_is_refused_with_the_summary_named() -> None:
    with pytest.raises(ExportError, match=r"demo/council-1, topic .*: split 'val'"):
        consistent_summary(split="val")
    with pytest.raises(ExportError, match="topic category 'side'"):
        consistent_summary(topic_category="side")
    with pytest.raises(ExportError, match="category 'side'"):
        TopicRow("demo", "council-1", "Funding", category="side")


def test_annotator_judgements_must_line_up_with_the_sentences_and_key_facts() -> None:
    one_sentence = AnnotatorLabels("A1", sentences=(AnnotatorSentence("consistent"),))
    with pytest.raises(ExportError, match="annotator A1 has 1 sentence judgements for 2"):
        consistent_summary(annotators=(one_sentence,))
    # Gold coverage must judge the gold list's facts, in order: never another list's by place.
    others = (KeyFactRow("A vote."), KeyFactRow("A cost."))
    with pytest.raises(ExportError, match="the gold coverage judges key facts"):
        consistent_summary(key_fact_coverage=covering((True, False), others))
    with pytest.raises(ExportError, match="the gold coverage judges key facts"):
        consistent_summary(key_fact_coverage=covering((True,), KEY_FACTS[:1]))
    # Sentences aligned with a fact: only when it is covered, and only the summary's.
    beyond = FactCoverage(KEY_FACTS[0], True, sentences=(2,))
    with pytest.raises(ExportError, match=r"annotator A1 aligns key fact .* sentences \[2\]"):
        consistent_summary(annotators=(AnnotatorLabels("A1", key_facts=(beyond,)),))
    uncovered = FactCoverage(KEY_FACTS[0], False, sentences=(0,))
    with pytest.raises(ExportError, match="only a covered fact has sentences"):
        consistent_summary(key_fact_coverage=(uncovered, FactCoverage(KEY_FACTS[1], True)))


def test_an_annotators_coverage_is_found_by_the_fact_it_judged_not_by_position() -> None:
    written = (KeyFactRow("A vote.", key="fact:9"), KeyFactRow("The council votes tonight."))
    theirs = AnnotatorLabels("A2", key_facts=covering((True, False), written))
    row = consistent_summary(annotators=(theirs,))
    first, second = row.key_facts
    assert theirs.coverage_of(first) is theirs.key_facts[1]  # the same fact, their second
    assert theirs.coverage_of(second) is None  # never judged by them
    assert not theirs.judged_all(row.key_facts)


def test_an_annotator_who_judged_nothing_reads_as_unanswered() -> None:
    silent = AnnotatorLabels("A2")

    assert silent.sentence(1) == AnnotatorSentence()
    assert silent.coverage_of(KeyFactRow("The council votes tonight.")) is None


def test_scores_are_unknown_until_every_part_is_judged() -> None:
    assert consistent_summary(key_fact_coverage=covering((True, False))).completeness == 0.5
    assert consistent_summary(key_fact_coverage=covering((True, None))).completeness is None
    assert consistent_summary(key_fact_coverage=()).completeness is None
    assert consistent_summary(key_facts=(), key_fact_coverage=()).completeness is None
    unjudged = consistent_summary(sentences=(SentenceRow(0, "a", covers_key_fact=None),))
    assert unjudged.conciseness is None
    half = (SentenceRow(0, "a", covers_key_fact=True), SentenceRow(1, "b", covers_key_fact=False))
    assert consistent_summary(sentences=half).conciseness == 0.5


def test_the_summary_text_defaults_to_its_sentences_joined_by_a_space() -> None:
    assert consistent_summary().summary_text == 'The council votes tonight. The line costs "$4M".'
    assert consistent_summary(text="Given.").summary_text == "Given."


def test_the_dialogue_is_printed_with_its_speakers_and_roles() -> None:
    turns = (TurnRow("MAYA", "Hello.", role="host"), TurnRow("DEV", "Hi."))

    assert dialogue_text(turns) == "MAYA (host): Hello.\nDEV: Hi."
