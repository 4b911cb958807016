"""The export rows refuse inconsistent input when it is built, naming the summary."""

from __future__ import annotations

import pytest

from annotations.formats.writers.rows import (
    AnnotatorLabels,
    AnnotatorSentence,
    ExportError,
    SentenceRow,
    TopicRow,
    TurnRow,
    dialogue_text,
)
from tests.formats.writers.builders import consistent_summary


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
    one_fact = AnnotatorLabels("A1", key_facts_covered=(True,))
    with pytest.raises(ExportError, match="annotator A1 has 1 coverage values for 2 key facts"):
        consistent_summary(annotators=(one_fact,))
    with pytest.raises(ExportError, match="3 coverage values for 2 key facts"):
        consistent_summary(key_facts_covered=(True, True, False))


def test_an_annotator_who_judged_nothing_reads_as_unanswered() -> None:
    silent = AnnotatorLabels("A2")

    assert silent.sentence(1) == AnnotatorSentence()
    assert silent.key_fact_covered(0) is None


def test_scores_are_unknown_until_every_part_is_judged() -> None:
    assert consistent_summary(key_facts_covered=(True, False)).completeness == 0.5
    assert consistent_summary(key_facts_covered=(True, None)).completeness is None
    assert consistent_summary(key_facts_covered=()).completeness is None
    assert consistent_summary(key_facts=(), key_facts_covered=()).completeness is None
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
