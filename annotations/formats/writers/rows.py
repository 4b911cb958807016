"""The rows every export writer reads: what the database layer streams out of a project.

A row is a dataclass of plain values (str, int, bool, tuples), so the writers need no
database and tests can build rows by hand. Rows are not ``frozen``: a frozen dataclass sets
each field through ``object.__setattr__``, which made building a sentence row six times
slower (1.9 µs instead of 0.3 µs), seconds per release of a million sentences. Nothing
mutates a row once built; the writers only read them.

The database layer builds one ``SummaryRow`` per summary (with its sentences, the gold labels,
the anonymised annotators' raw labels and, when a format needs the dialogue, the document's
turns) and, for TofuEval's per-topic files, one ``TopicRow`` per (document, topic).

Conventions shared by every row:

- Sentence labels are ``"consistent"`` / ``"inconsistent"``, or ``None`` when not answered.
- Error types are the project taxonomy's type *names* (``ErrorType.name``, e.g.
  ``"Extrinsic Information"``); unified types are the codes of the ``aggrefact-unified``
  leaves they map to (``ErrorType.unified_type.code``, e.g. ``"extrinsic-sentence"``).
- Offsets are half-open ``[start, end)`` in Python string indices (code points), like the
  models: a span's in its sentence's text, an evidence span's in its turn's text.
- Order is the input order. Writers never sort: the database layer orders the rows (see each
  writer for the order its format expects) and the tuples inside a row (sentences by
  position, key facts by position, annotators by anonymised id).
"""

from __future__ import annotations

import math
from dataclasses import KW_ONLY, dataclass
from typing import Any, Literal

Label = Literal["consistent", "inconsistent"]
LABELS: tuple[Label, ...] = ("consistent", "inconsistent")
SPLITS = ("dev", "test", "none")
TOPIC_CATEGORIES = ("main", "marginal", "irrelevant")
KEY_FACT_SOURCES = ("", "adjudicated", "given", "written")
# Where a summary's gold atomic facts come from: an admin's adjudicated sheet, else the first
# voting rater's verification of the given ACUs ("given") or their own ACUs ("written").
ATOMIC_FACT_SOURCES = KEY_FACT_SOURCES


class ExportError(ValueError):
    """A row that the requested format cannot represent (e.g. an unlabelled sentence in a
    format that needs a label). The message names the summary, so the release job can say
    what to fix."""


@dataclass(slots=True)
class TurnRow:
    """One speaker turn of the document's dialogue."""

    speaker: str
    text: str
    role: str = ""


@dataclass(slots=True)
class EvidenceRow:
    """The part of the dialogue that shows a span is wrong."""

    turn: int  # 0-based position of the turn in the document (Turn.position)
    start: int  # [start, end) in that turn's text
    end: int
    text: str  # turn.text[start:end], repeated so the export is readable on its own


@dataclass(slots=True)
class SpanRow:
    """The minimal wrong span of a sentence (ErrorSpan) and its evidence."""

    start: int  # [start, end) in the sentence's text
    end: int
    text: str  # sentence.text[start:end]
    error_type: str = ""  # project type name; "" when the span has none
    unified_type: str = ""  # its aggrefact-unified code; "" when error_type is ""
    note: str = ""
    evidence: tuple[EvidenceRow, ...] = ()
    # Who marked it (the anonymised id of AnnotatorLabels, e.g. "A1"); "" when unknown.
    annotator: str = ""
    # The annotator looked and the dialogue has nothing to point at (ErrorSpan.no_evidence):
    # no evidence on purpose, unlike a span whose evidence was never linked.
    no_evidence: bool = False


@dataclass(slots=True)
class SentenceRow:
    """One summary sentence with its gold (adjudicated or reference) judgement."""

    position: int  # 0-based position in the summary (SummarySentence.position)
    text: str
    _: KW_ONLY  # the rest by name: a label passed where source_index goes would be silent
    # The index a published benchmark gave the sentence (TofuEval's sent_idx, which has gaps);
    # None for sentences the project split itself: they are numbered position + 1.
    source_index: int | None = None
    # Where the sentence starts in the summary text (SummarySentence.start); None when
    # unknown, e.g. a row built by hand: sentence_starts() then finds it in the text.
    start: int | None = None
    label: Label | None = None
    explanations: tuple[str, ...] = ()  # gold explanation(s), in order; () for none
    error_types: tuple[str, ...] = ()  # project type names, in the order they were given
    unified_types: tuple[str, ...] = ()  # aggrefact-unified codes, deduplicated, in order
    spans: tuple[SpanRow, ...] = ()
    # Whether the sentence states at least one of the topic's key facts (FineSurE's
    # sentence_labels, the basis of conciseness); None when not judged.
    covers_key_fact: bool | None = None
    # Where the gold label came from (annotations/agreement/gold.py: adjudicated, reviewed,
    # unanimous, majority, tie, single, posterior_mode); None when not judged.
    provenance: str | None = None
    # The soft label (docs/releases.md, "Soft labels"): how many voting raters said
    # (consistent, inconsistent), and the Dawid-Skene posterior P(inconsistent) of the
    # release's raters; None when nobody labelled the sentence or in rows built by hand.
    votes: tuple[int, int] | None = None
    posterior: float | None = None

    def __post_init__(self) -> None:
        if self.label is not None and self.label not in LABELS:
            raise ExportError(
                f"sentence {self.position}: label {self.label!r} is not one of"
                f" {', '.join(LABELS)} or None"
            )

    @property
    def number(self) -> int:
        """The 1-based sentence number exports print (TofuEval's ``sent_idx``)."""
        return self.source_index if self.source_index is not None else self.position + 1


@dataclass(slots=True)
class KeyFactRow:
    """A key fact of the (document, topic), in position order."""

    text: str  # without any "N. " numbering
    # TofuEval publishes key points as "N. text". True: the point was (or, for the project's
    # own key facts, will be) published with that numbering, which the TofuEval writer
    # re-adds; False: published verbatim (36 points of the public release, e.g. "1: ..." or
    # "A,B,C"). The importer learns it from key_point_text()'s second value.
    numbered: bool = True
    # Which fact this is, within its unit: what a coverage judgement names to say which fact
    # it judged (``FactCoverage.fact``). Two linguists' copies of one given fact share it; a
    # fact a linguist wrote has its own, however alike its text is to another's. Never
    # exported. "" (a row built by hand): the text.
    key: str = ""

    def __post_init__(self) -> None:
        if not self.key:
            self.key = self.text


@dataclass(slots=True)
class FactCoverage:
    """One judgement whether a summary states a key fact, carried with the fact it judged.

    A coverage value never travels as a bare position in a list: a writer that prints it
    prints ``fact`` beside it, and one that needs the judgement of a particular fact asks for
    it by the fact (``AnnotatorLabels.coverage_of``), so a linguist's coverage of their own
    fact k cannot be written under someone else's fact k (docs/completeness.md, "Releases")."""

    fact: KeyFactRow
    covered: bool | None = None  # None: not decided
    # The summary's sentences (0-based positions) that state it; () when not covered.
    sentences: tuple[int, ...] = ()


@dataclass(slots=True)
class AtomicFactRow:
    """An atomic content unit (ACU) of a summary with its gold verdict, in position order."""

    text: str
    supported: bool | None = None  # None: not verified
    # The given ACU it copies (e.g. the reference summary's, RoSE): True; written: False.
    given: bool = False


@dataclass(slots=True)
class AnnotatorSentence:
    """One annotator's raw judgement of one sentence."""

    label: Label | None = None
    explanation: str = ""
    error_types: tuple[str, ...] = ()
    unified_types: tuple[str, ...] = ()
    spans: tuple[SpanRow, ...] = ()
    covers_key_fact: bool | None = None
    comment: str = ""  # optional, when the scheme asks (not an explanation of an error)
    confidence: int | None = None  # optional: 1 low, 2 medium, 3 high
    # Assisted rounds: the label saved before the model's verdict was revealed.
    pre_reveal_label: Label | None = None

    def __post_init__(self) -> None:
        if self.label is not None and self.label not in LABELS:
            raise ExportError(f"label {self.label!r} is not one of {', '.join(LABELS)} or None")

    @property
    def is_plain(self) -> bool:
        """Nothing but the label: no explanation, note, types, spans or key-fact coverage."""
        return not (
            self.explanation
            or self.comment
            or self.confidence is not None
            or self.pre_reveal_label is not None
            or self.error_types
            or self.unified_types
            or self.spans
            or self.covers_key_fact is not None
        )


@dataclass(slots=True)
class AnnotatorLabels:
    """Everything one annotator said about one summary, under an anonymised id.

    The id (``"A1"``, ``"A2"``, ...) is stable within a release and never a user name, so a
    release can be shared without identifying the linguists.
    """

    annotator: str
    # Aligned with SummaryRow.sentences; () when the annotator judged no sentence.
    sentences: tuple[AnnotatorSentence, ...] = ()
    relevance: int | None = None  # 1-5
    not_a_summary: bool | None = None
    comment: str = ""
    # The key facts this annotator judged for this summary, in their list's order, each with
    # their decision: their own written list, or their copy of a given list. () when they
    # have no key facts. Not aligned with SummaryRow.key_facts: the gold list may be another
    # person's (docs/completeness.md, "Releases").
    key_facts: tuple[FactCoverage, ...] = ()
    # Time on task: the active seconds of this annotator's assignment of the unit (the
    # workspace counts them while the page is in use); None when not known.
    active_seconds: int | None = None

    def sentence(self, index: int) -> AnnotatorSentence:
        return self.sentences[index] if self.sentences else _UNANSWERED

    def coverage_of(self, fact: KeyFactRow) -> FactCoverage | None:
        """This annotator's judgement of ``fact`` (matched by ``KeyFactRow.key``); None when
        they did not judge that fact (e.g. it is another linguist's written fact)."""
        for judged in self.key_facts:
            if judged.fact.key == fact.key:
                return judged
        return None

    def judged_all(self, facts: tuple[KeyFactRow, ...]) -> bool:
        """Whether this annotator judged every one of ``facts`` (the gold list): true of a
        given list they aligned, false of a list someone else wrote."""
        keys = {judged.fact.key for judged in self.key_facts}
        return bool(facts) and all(fact.key in keys for fact in facts)


_UNANSWERED = AnnotatorSentence()


@dataclass(slots=True)
class SummaryRow:
    """One summary of one (document, topic), with everything known about it.

    Precondition for every writer: rows arrive grouped by document, and within a document by
    topic, in the order the export should list them; the writers keep that order.
    """

    corpus: str  # corpus slug, e.g. "mediasum"
    doc_id: str  # Document.external_id
    topic: str  # topic name; "" for generic (topic-less) summaries
    system: str  # the summarizer (TofuEval's model_name)
    sentences: tuple[SentenceRow, ...]
    # The summarizer's category given at import (Summary.metadata "system_category", e.g.
    # AggreFact's SOTA / EXFORMER / OLD, or fine-tuned / LLM); "" when none was given.
    system_category: str = ""
    summary_id: str = ""  # Summary.external_id; "" means the same as system
    annotation_id: str = ""  # TofuEval's annotation_id (Document.metadata); "" if none
    topic_category: str = ""  # gold main | marginal | irrelevant; "" when not judged
    split: str = "none"  # dev | test | none
    text: str = ""  # the summary text; "" means the sentences joined by one space
    relevance: float | None = None  # gold relevance (1-5; may be a mean); None if not rated
    not_a_summary: bool | None = None  # gold; None when not judged
    key_facts: tuple[KeyFactRow, ...] = ()  # the topic's gold key facts
    # The gold coverage of this summary: one judgement per gold key fact, in the same order
    # and naming the same facts (checked); () = unknown.
    key_fact_coverage: tuple[FactCoverage, ...] = ()
    # Where the gold key facts come from: "adjudicated" (an admin's list and coverage),
    # "given" (a given list; coverage by those who aligned it), "written" (one linguist's own
    # list, ``key_facts_author``, with their coverage); "" when there are none.
    key_facts_source: str = ""
    key_facts_author: str = ""  # the anonymised id of whose written list is gold; "" if none
    annotators: tuple[AnnotatorLabels, ...] = ()
    turns: tuple[TurnRow, ...] = ()  # the dialogue; only the formats that print it need it
    # The corpus's name (Corpus.name, e.g. a published dataset's "SAMSum"); "" = the slug.
    corpus_name: str = ""
    atomic_facts: tuple[AtomicFactRow, ...] = ()  # its ACUs with gold verdicts; () = none
    # Which rule gave them (ATOMIC_FACT_SOURCES): "adjudicated", "given" or "written"; "" = none.
    atomic_facts_source: str = ""
    # The document's reference summary, when it came with one (Document.metadata "reference",
    # e.g. FineSurE's and RoSE's ``reference``); "" when none.
    reference: str = ""
    # Where each summary-level gold value came from (as SentenceRow.provenance); None when
    # the value is unknown.
    category_provenance: str | None = None
    relevance_provenance: str | None = None
    not_a_summary_provenance: str | None = None

    def __post_init__(self) -> None:
        if self.split not in SPLITS:
            raise ExportError(f"{self.where()}: split {self.split!r} is not one of {SPLITS}")
        if self.topic_category and self.topic_category not in TOPIC_CATEGORIES:
            raise ExportError(
                f"{self.where()}: topic category {self.topic_category!r} is not one of"
                f" {', '.join(TOPIC_CATEGORIES)} or empty"
            )
        if self.key_facts_source not in KEY_FACT_SOURCES:
            raise ExportError(
                f"{self.where()}: key-fact source {self.key_facts_source!r} is not one of"
                f" {', '.join(KEY_FACT_SOURCES[1:])} or empty"
            )
        if self.atomic_facts_source not in ATOMIC_FACT_SOURCES:
            raise ExportError(
                f"{self.where()}: atomic-fact source {self.atomic_facts_source!r} is not one of"
                f" {', '.join(ATOMIC_FACT_SOURCES[1:])} or empty"
            )
        if self.key_fact_coverage and [c.fact.key for c in self.key_fact_coverage] != [
            fact.key for fact in self.key_facts
        ]:
            raise ExportError(
                f"{self.where()}: the gold coverage judges key facts"
                f" {[c.fact.text for c in self.key_fact_coverage]}, not the gold list"
                f" {[fact.text for fact in self.key_facts]}"
            )
        n_sentences = len(self.sentences)
        for coverage in self.key_fact_coverage:
            _check_sentences(self, "the gold coverage", coverage, n_sentences)
        for annotator in self.annotators:
            if annotator.sentences and len(annotator.sentences) != len(self.sentences):
                raise ExportError(
                    f"{self.where()}: annotator {annotator.annotator} has"
                    f" {len(annotator.sentences)} sentence judgements for"
                    f" {len(self.sentences)} sentences"
                )
            for coverage in annotator.key_facts:
                _check_sentences(self, f"annotator {annotator.annotator}", coverage, n_sentences)

    @property
    def external_id(self) -> str:
        return self.summary_id or self.system

    @property
    def summary_text(self) -> str:
        return self.text or " ".join(sentence.text for sentence in self.sentences)

    @property
    def key_facts_covered(self) -> tuple[bool | None, ...]:
        """The gold coverage values, in the gold list's order (each judged that fact: the
        constructor checks it); () when unknown."""
        return tuple(coverage.covered for coverage in self.key_fact_coverage)

    @property
    def completeness(self) -> float | None:
        """FineSurE's completeness: the share of the topic's key facts the summary states;
        None when there are no key facts or some coverage is unknown."""
        return _share(self.key_facts_covered) if self.key_facts else None

    @property
    def conciseness(self) -> float | None:
        """FineSurE's conciseness: the share of sentences that state a key fact; None when
        some sentence was not judged."""
        covers = [s.covers_key_fact for s in self.sentences]
        return None if None in covers else _share(tuple(covers))

    @property
    def faithfulness(self) -> float | None:
        """The share of its sentences labelled consistent; None when some sentence has no
        gold label (or there is none)."""
        labels = [s.label for s in self.sentences]
        return None if not labels or None in labels else labels.count("consistent") / len(labels)

    @property
    def acu_score(self) -> float | None:
        """The share of its atomic facts supported by the dialogue; None when it has none or
        some are not verified."""
        verdicts = tuple(fact.supported for fact in self.atomic_facts)
        return _share(verdicts) if verdicts else None

    def where(self) -> str:
        """Names the summary in error messages."""
        return f"{self.corpus}/{self.doc_id}, topic {self.topic!r}, summary {self.external_id!r}"

    @property
    def gold_label(self) -> Label | None:
        """The summary's gold label: inconsistent when some sentence is (even if others are
        unlabelled), consistent when every sentence is, else None (unknown)."""
        labels = [sentence.label for sentence in self.sentences]
        if "inconsistent" in labels:
            return "inconsistent"
        if labels and None not in labels:
            return "consistent"
        return None

    def sentence_starts(self) -> tuple[int, ...]:
        """Where each sentence starts in ``summary_text``: the stored offset, else the next
        place its text occurs. Span offsets in the summary are a sentence's start plus the
        span's offset in the sentence. A sentence that is not where the row says is refused
        rather than guessed."""
        text = self.summary_text
        starts = []
        cursor = 0
        for sentence in self.sentences:
            start = sentence.start
            if start is None:
                start = text.find(sentence.text, cursor)
            if start < 0 or text[start : start + len(sentence.text)] != sentence.text:
                raise ExportError(
                    f"{self.where()}: sentence {sentence.position} is not in the summary text"
                    + (f" at offset {sentence.start}" if sentence.start is not None else "")
                )
            starts.append(start)
            cursor = start + len(sentence.text)
        return tuple(starts)


@dataclass(slots=True)
class TopicRow:
    """One (document, topic) with its gold topic category and key facts: TofuEval's
    completeness and topic-category files have one entry per topic, not per summary."""

    corpus: str
    doc_id: str
    topic: str
    annotation_id: str = ""
    category: str = ""  # main | marginal | irrelevant; "" when not judged
    key_facts: tuple[KeyFactRow, ...] = ()

    def __post_init__(self) -> None:
        if self.category and self.category not in TOPIC_CATEGORIES:
            raise ExportError(
                f"{self.corpus}/{self.doc_id}, topic {self.topic!r}: category"
                f" {self.category!r} is not one of {', '.join(TOPIC_CATEGORIES)} or empty"
            )


def _check_sentences(
    summary: SummaryRow, whose: str, coverage: FactCoverage, n_sentences: int
) -> None:
    if coverage.sentences and (
        coverage.covered is not True
        or any(not 0 <= position < n_sentences for position in coverage.sentences)
    ):
        raise ExportError(
            f"{summary.where()}: {whose} aligns key fact {coverage.fact.text!r} with sentences"
            f" {list(coverage.sentences)}: only a covered fact has sentences, each one of the"
            f" summary's {n_sentences}"
        )


def dialogue_text(turns: tuple[TurnRow, ...]) -> str:
    """The dialogue as the benchmark formats print it: one "SPEAKER (role): text" line per
    turn. The speakers stay in because a dialogue summary is judged against who said what. A
    turn without a speaker (a news article imported as one turn, docs/formats/finesure.md) is
    its text alone."""
    return "\n".join(
        turn.text
        if not turn.speaker
        else f"{turn.speaker} ({turn.role}): {turn.text}"
        if turn.role
        else f"{turn.speaker}: {turn.text}"
        for turn in turns
    )


def _share(values: tuple[bool | None, ...]) -> float | None:
    if not values or any(value is None for value in values):
        return None
    return sum(1 for value in values if value) / len(values)


def record_id(*parts: str | int) -> str:
    """A stable id for an exported record, from what names it in the corpus (never a database
    id, which follows import order): 20 hex characters of the SHA-256 of its parts as JSON.
    The same record gets the same id in every release, so predictions join back to it
    (docs/formats/exports.md, "Record ids")."""
    import hashlib
    import json

    canonical = json.dumps([str(part) for part in parts], ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:20]


def summary_record_id(summary: SummaryRow) -> str:
    return record_id(
        summary.corpus, summary.doc_id, summary.topic, summary.summary_id or summary.system
    )


def sentence_record_id(summary: SummaryRow, number: int) -> str:
    return record_id(
        summary.corpus,
        summary.doc_id,
        summary.topic,
        summary.summary_id or summary.system,
        number,
    )


@dataclass(frozen=True, slots=True)
class RecordIds:
    """A summary's record id and its sentences' (in order): computed once per row for the
    writers that each print them (records.csv and records.npz), since hashing is a large
    share of writing them."""

    summary: str
    sentences: tuple[str, ...]


def record_ids_of(summary: SummaryRow) -> RecordIds:
    return RecordIds(
        summary_record_id(summary),
        tuple(sentence_record_id(summary, sentence.number) for sentence in summary.sentences),
    )


def binary_entropy(p_inconsistent: float) -> float:
    """Entropy in bits of the distribution (1 - p, p)."""
    return float(-sum(q * math.log2(q) for q in (p_inconsistent, 1 - p_inconsistent) if q > 0))


def soft_label(sentence: SentenceRow) -> dict[str, Any] | None:
    """A sentence's soft label as the native JSONL writes it: the share of its raters' labels
    per label and the entropy of that distribution, the raters' counts, and the Dawid-Skene
    posterior with its entropy (None without a model). None when nobody labelled it."""
    if sentence.votes is None or sum(sentence.votes) == 0:
        return None
    consistent, inconsistent = sentence.votes
    share = inconsistent / (consistent + inconsistent)
    posterior = sentence.posterior
    return {
        "votes": {"consistent": consistent, "inconsistent": inconsistent},
        "distribution": {
            "consistent": round(1 - share, 4),
            "inconsistent": round(share, 4),
        },
        "entropy": round(binary_entropy(share), 4),
        "posterior": None
        if posterior is None
        else {"consistent": round(1 - posterior, 4), "inconsistent": round(posterior, 4)},
        "posterior_entropy": None if posterior is None else round(binary_entropy(posterior), 4),
    }
