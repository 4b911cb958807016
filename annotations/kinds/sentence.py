"""A sentence's factual consistency: its label, the explanation and error types of an
inconsistent one (TofuEval's sentence-level judgement)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models.functions import Length

from annotations.kinds.errors import InvalidJudgement
from annotations.kinds.evidence import evidence_child, evidence_errors
from annotations.kinds.spec import Child, IdSet, Kind, Unit, unit_memo
from annotations.models import (
    ANNOTATION_ROUND_KINDS,
    ConsistencyLabel,
    ErrorSpan,
    ErrorType,
    EvidenceSpan,
    SentenceJudgement,
    SummarySentence,
    TaxonomyVersion,
)


def unknown_error_types(locked: Any, type_ids: list[int]) -> list[int]:
    """The ids among ``type_ids`` that are not types of the project's taxonomy, sorted. An
    annotation round that froze a taxonomy version takes that version's types only, so a
    type retired before the round is refused there too (review and adjudication rounds judge
    older labels, whose types may be retired since: any type of the taxonomy)."""
    wanted = set(type_ids)
    if not wanted:
        return []
    types = ErrorType.objects.filter(taxonomy_id=locked.taxonomy_id, pk__in=wanted)
    version = getattr(locked, "taxonomy_version_id", None)
    if version is not None and locked.round_kind in ANNOTATION_ROUND_KINDS:
        frozen = TaxonomyVersion.types.through.objects.filter(taxonomyversion_id=version)
        types = types.filter(pk__in=frozen.values("errortype_id"))
    return sorted(wanted - set(types.values_list("pk", flat=True)))


def missing(state: Mapping[str, Any] | None, scheme: Mapping[str, bool]) -> list[str]:
    """A consistent sentence is done; an inconsistent one needs an explanation, and error
    types when the scheme asks for them."""
    if state is None or not state["label"]:
        return ["label"]
    if state["label"] == ConsistencyLabel.CONSISTENT:
        return []
    items = []
    if not state["explanation"].strip():
        items.append("explanation")
    if scheme.get("error_types", False) and not state["error_types"]:
        items.append("error_types")
    spans = state.get("spans", [])
    if scheme.get("require_error_spans", False) and not spans:
        items.append("error_spans")
    if scheme.get("require_evidence", False) and any(
        not span["evidence"] and not span["no_evidence"] for span in spans
    ):
        items.append("evidence")
    return items


EVIDENCE = evidence_child(EvidenceSpan, parent="error_span")
SPANS = Child(
    "spans",
    ErrorSpan,
    parent="judgement",
    fields=("start", "end", "error_type", "note", "no_evidence"),
    order_by=("start", "end"),
    children=(EVIDENCE,),
    asked_by="error_spans",
)


def evidence_link(saved: Mapping[str, Any], body: Mapping[str, Any]) -> dict[str, Any]:
    """The sentence's span set with one span's evidence replaced: the span is named by its
    offsets (``body["span"]``), its evidence and "none in the dialogue" are the body's."""
    wanted = (body["span"]["start"], body["span"]["end"])
    spans = [dict(span) for span in saved.get("spans", [])]
    for span in spans:
        if (span["start"], span["end"]) == wanted:
            span["evidence"] = list(body["evidence"])
            span["no_evidence"] = body["no_evidence"]
            return {"spans": spans}
    raise InvalidJudgement(
        {"span": [f"this sentence has no error span [{wanted[0]}, {wanted[1]}): save it first"]}
    )


def sentence_lengths(topic_id: int) -> dict[int, int]:
    """The unit's sentences: id -> length in characters."""
    return dict(
        SummarySentence.objects.filter(summary__topic_id=topic_id)
        .annotate(length=Length("text"))
        .values_list("pk", "length")
    )


def taxonomy_types(taxonomy_id: int) -> set[int]:
    return set(ErrorType.objects.filter(taxonomy_id=taxonomy_id).values_list("pk", flat=True))


def check_spans(
    unit: Unit, sentence_id: int | None, changes: Mapping[str, Any]
) -> dict[str, list[str]]:
    """Spans inside the sentence, not overlapping, typed from the project's taxonomy; each
    span's evidence inside a turn of this unit's dialogue, or explicitly none."""
    assert sentence_id is not None  # a sentence kind always has its sentence
    spans = sorted(changes.get("spans", []), key=lambda span: (span["start"], span["end"]))
    errors: list[str] = []
    # Read once per transaction for the whole unit: a batch checks each sentence's spans.
    lengths = unit_memo(unit, "sentence_lengths", lambda: sentence_lengths(unit.topic_id))
    length = lengths.get(sentence_id, 0)
    types = {span["error_type"] for span in spans} - {None}
    unknown = (
        types - unit_memo(unit, "taxonomy_types", lambda: taxonomy_types(unit.taxonomy_id))
        if types
        else set()
    )
    previous_end = 0
    placed = []
    for number, span in enumerate(spans, start=1):
        where = f"span {number} [{span['start']}, {span['end']})"
        placed.append((where, span))
        if not 0 <= span["start"] < span["end"] <= length:
            errors.append(f"{where}: must lie inside the sentence's {length} characters")
        elif span["start"] < previous_end:
            errors.append(f"{where}: overlaps the span before it")
        previous_end = max(previous_end, span["end"])
        if span["error_type"] in unknown:
            errors.append(f"{where}: unknown error type {span['error_type']} for this project")
    errors += evidence_errors(unit, placed)
    return {"spans": errors} if errors else {}


SENTENCE = Kind(
    key="sentence",
    payload_key="sentences",
    model=SentenceJudgement,
    target="sentence",
    scalars=("label", "explanation", "comment", "confidence"),
    id_sets=(IdSet("error_types", noun="error type", unknown=unknown_error_types),),
    children=(SPANS,),
    check=check_spans,
    asked_by=("consistency",),
    missing=missing,
    stamps_guideline=True,
    messages={
        "label": "choose consistent or inconsistent.",
        "explanation": "explain the inconsistency.",
        "error_types": "pick at least one error type.",
        "error_spans": "mark the wrong words as an error span.",
        "evidence": "link each error span to its evidence in the dialogue, or say there is none.",
    },
)
