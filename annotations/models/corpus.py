"""Corpora: documents (dialogues) with turns, topics, summaries and their sentences.

``Summary.system`` names the summarizer. It is stored and exported, and NEVER sent to a
linguist or reviewer: selectors for those roles must not read it.
"""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q


class Split(models.TextChoices):
    DEV = "dev", "dev"
    TEST = "test", "test"
    NONE = "none", "none"


class Corpus(models.Model):
    project = models.ForeignKey(
        "annotations.Project", on_delete=models.CASCADE, related_name="corpora"
    )
    slug = models.SlugField(max_length=100)
    name = models.CharField(max_length=200, blank=True)
    source_format = models.CharField(max_length=30, default="native")
    created_at = models.DateTimeField(auto_now_add=True)
    # Its documents, topics and summaries as last counted, with what they were counted at:
    # counting a million summaries through their topics takes ~300 ms, and an import only
    # ever adds documents with their topics and summaries (selectors/corpus_counts.py).
    counts = models.JSONField(default=dict, blank=True, editable=False)

    class Meta:
        verbose_name_plural = "corpora"
        constraints = [
            models.UniqueConstraint(
                fields=["project", "slug"], name="corpus_slug_unique_in_project"
            )
        ]

    def __str__(self) -> str:
        return f"{self.project.slug}/{self.slug}"


class Document(models.Model):
    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="documents")
    external_id = models.CharField(max_length=200)
    title = models.CharField(max_length=300, blank=True)
    split = models.CharField(max_length=4, choices=Split.choices, default=Split.NONE)
    metadata = models.JSONField(default=dict, blank=True)
    # sha256 of the document's normalised content: re-importing identical content is a no-op,
    # different content under the same id is refused (judgements may point at its sentences).
    content_hash = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["corpus", "external_id"], name="document_id_unique_in_corpus"
            ),
            models.CheckConstraint(
                condition=Q(split__in=["dev", "test", "none"]), name="document_split_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.external_id


class Turn(models.Model):
    """A speaker turn; [start, end) are its text's offsets in the document's transcript
    (turn texts joined by a newline)."""

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="turns")
    position = models.PositiveIntegerField()
    speaker = models.CharField(max_length=200)
    role = models.CharField(max_length=200, blank=True)
    text = models.TextField()
    start = models.PositiveIntegerField()
    end = models.PositiveIntegerField()

    class Meta:
        ordering = ["document", "position"]
        constraints = [
            models.UniqueConstraint(fields=["document", "position"], name="turn_position_unique"),
            models.CheckConstraint(condition=Q(start__lt=F("end")), name="turn_start_before_end"),
        ]

    def __str__(self) -> str:
        return f"{self.document_id}#{self.position} {self.speaker}"


class Topic(models.Model):
    """A (document, topic) pair: the unit a linguist opens. Generic summaries live under an
    implicit topic whose name is empty."""

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="topics")
    name = models.CharField(max_length=300, blank=True)
    position = models.PositiveIntegerField()

    class Meta:
        ordering = ["document", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["document", "name"], name="topic_name_unique_in_document"
            ),
            models.UniqueConstraint(fields=["document", "position"], name="topic_position_unique"),
        ]

    def __str__(self) -> str:
        return self.name or "(generic)"


class Summary(models.Model):
    topic = models.ForeignKey(Topic, on_delete=models.CASCADE, related_name="summaries")
    external_id = models.CharField(max_length=200)
    system = models.CharField(max_length=200)
    text = models.TextField()
    position = models.PositiveIntegerField()
    metadata = models.JSONField(default=dict, blank=True)

    class Meta:
        verbose_name_plural = "summaries"
        ordering = ["topic", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["topic", "external_id"], name="summary_id_unique_in_topic"
            ),
            models.UniqueConstraint(fields=["topic", "position"], name="summary_position_unique"),
            models.CheckConstraint(condition=~Q(text=""), name="summary_text_not_empty"),
            models.CheckConstraint(condition=~Q(system=""), name="summary_system_not_empty"),
        ]

    def __str__(self) -> str:
        return f"{self.topic_id}:{self.external_id}"


class SummarySentence(models.Model):
    """A sentence of a summary: [start, end) in the summary text. ``source_index`` keeps the
    index a published benchmark gave it (TofuEval's ``sent_idx`` has gaps), so exports can
    reproduce it."""

    summary = models.ForeignKey(Summary, on_delete=models.CASCADE, related_name="sentences")
    position = models.PositiveIntegerField()
    source_index = models.PositiveIntegerField(null=True, blank=True)
    text = models.TextField()
    start = models.PositiveIntegerField()
    end = models.PositiveIntegerField()
    # The positions of the dialogue turns most related to the sentence, best first
    # (annotations/retrieval/hints.py); null until the unit is first opened with hints.
    evidence_hints = models.JSONField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["summary", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["summary", "position"], name="sentence_position_unique"
            ),
            models.CheckConstraint(
                condition=Q(start__lt=F("end")), name="sentence_start_before_end"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.summary_id}[{self.position}]"
