"""The native JSONL reader (docs/formats/native-jsonl.md): what a valid line becomes, and what
a person is told when a line is wrong."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from annotations.formats.errors import FormatError
from annotations.formats.native import read_native
from annotations.formats.records import ColumnLimits, DocumentRecord, SentenceRecord, TurnRecord

FILE = "corpus.jsonl"
MISSING = object()
APPROVED = "The council approved the line."
DOUBLE = "Ridership will double."


def document(**changes: Any) -> dict[str, Any]:
    """A valid line; a change to MISSING removes the field."""
    doc: dict[str, Any] = {
        "id": "council-river-bus",
        "corpus": "demo",
        "turns": [
            {"speaker": "MAYA ORTIZ", "role": "host", "text": "Tonight the council votes."},
            {"speaker": "DEV PATEL", "text": "The question is who pays for it."},
        ],
        "topics": [
            {"name": "Funding", "summaries": [{"system": "Quillon-13B", "text": "It passed."}]}
        ],
    }
    for key, value in changes.items():
        if value is MISSING:
            doc.pop(key)
        else:
            doc[key] = value
    return doc


def with_summaries(*summaries: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return document(topics=[{"name": "Funding", "summaries": list(summaries)}], **changes)


def encode(value: dict[str, Any] | bytes) -> bytes:
    return value if isinstance(value, bytes) else json.dumps(value, ensure_ascii=False).encode()


def write(tmp_path: Path, *lines: dict[str, Any] | bytes, ending: bytes = b"\n") -> Path:
    path = tmp_path / FILE
    path.write_bytes(b"".join(encode(line) + ending for line in lines))
    return path


def read(path: Path) -> list[DocumentRecord]:
    with path.open("rb") as stream:
        return list(read_native(stream, file=path.name))


def read_one(tmp_path: Path, line: dict[str, Any]) -> DocumentRecord:
    (record,) = read(write(tmp_path, line))
    return record


def rejection(path: Path) -> FormatError:
    with pytest.raises(FormatError) as caught:
        read(path)
    return caught.value


def spans(sentences: list[SentenceRecord]) -> list[tuple[str, int, int]]:
    return [(sentence.text, sentence.start, sentence.end) for sentence in sentences]


# Valid lines


def test_it_reads_the_example_line_of_the_documentation(tmp_path: Path) -> None:
    line = {
        "id": "council-river-bus",
        "corpus": "demo",
        "title": "City council: the river bus line",
        "split": "dev",
        "metadata": {"source": "written for this project"},
        "turns": [
            {"speaker": "MAYA ORTIZ", "role": "host", "text": "Tonight the council votes on it."},
            {"speaker": "DEV PATEL", "role": "transit analyst", "text": "Who pays for it?"},
        ],
        "topics": [
            {
                "name": "Funding for the river bus line",
                "summaries": [
                    {"system": "Quillon-13B", "text": f"{APPROVED} {DOUBLE}"},
                    {"system": "Parrot-XL", "sentences": [APPROVED, "It costs $4M."]},
                    {
                        "system": "Synopsia-2",
                        "text": "A vote was held. It passed.",
                        "sentences": [
                            {"text": "A vote was held.", "start": 0, "end": 16},
                            {"text": "It passed.", "start": 17, "end": 27},
                        ],
                    },
                ],
            }
        ],
    }

    record = read_one(tmp_path, line)

    assert (record.corpus, record.external_id, record.split) == ("demo", "council-river-bus", "dev")
    assert record.title == "City council: the river bus line"
    assert record.metadata == {"source": "written for this project"}
    assert record.origin == "corpus.jsonl, line 1"
    assert record.turns == [
        TurnRecord(speaker="MAYA ORTIZ", role="host", text="Tonight the council votes on it."),
        TurnRecord(speaker="DEV PATEL", role="transit analyst", text="Who pays for it?"),
    ]
    (topic,) = record.topics
    assert topic.name == "Funding for the river bus line"
    quillon, parrot, synopsia = topic.summaries
    assert (quillon.external_id, quillon.system) == ("Quillon-13B", "Quillon-13B")
    assert quillon.text == f"{APPROVED} {DOUBLE}"
    assert spans(quillon.sentences) == [(APPROVED, 0, 30), (DOUBLE, 31, 53)]
    assert parrot.text == f"{APPROVED} It costs $4M."
    assert spans(parrot.sentences) == [(APPROVED, 0, 30), ("It costs $4M.", 31, 44)]
    assert synopsia.text == "A vote was held. It passed."
    assert spans(synopsia.sentences) == [("A vote was held.", 0, 16), ("It passed.", 17, 27)]


def test_it_splits_a_summary_given_as_text_with_offsets_into_that_text(tmp_path: Path) -> None:
    text = f"  Dr. Smith said {APPROVED}\n\n{DOUBLE}  It passed. It passed.\n"
    record = read_one(tmp_path, with_summaries({"system": "S", "text": text}))

    (summary,) = record.topics[0].summaries
    assert summary.text == text
    assert [sentence.text for sentence in summary.sentences] == [
        f"Dr. Smith said {APPROVED}",
        DOUBLE,
        "It passed.",
        "It passed.",
    ]
    for sentence in summary.sentences:
        assert text[sentence.start : sentence.end] == sentence.text
    # The repeated sentence gets its own place, not the first occurrence twice.
    assert summary.sentences[2].start < summary.sentences[3].start


def test_it_joins_a_summary_given_as_sentences_with_one_space(tmp_path: Path) -> None:
    record = read_one(tmp_path, with_summaries({"system": "S", "sentences": [APPROVED, DOUBLE]}))

    (summary,) = record.topics[0].summaries
    assert summary.text == f"{APPROVED} {DOUBLE}"
    assert spans(summary.sentences) == [(APPROVED, 0, 30), (DOUBLE, 31, 53)]


def test_it_finds_given_sentence_strings_in_the_given_text(tmp_path: Path) -> None:
    text = f"{APPROVED}   {DOUBLE}"
    record = read_one(
        tmp_path, with_summaries({"system": "S", "text": text, "sentences": [APPROVED, DOUBLE]})
    )

    (summary,) = record.topics[0].summaries
    assert summary.text == text
    assert spans(summary.sentences) == [(APPROVED, 0, 30), (DOUBLE, 33, 55)]


def test_it_puts_generic_summaries_in_a_topic_named_empty_after_the_named_ones(
    tmp_path: Path,
) -> None:
    line = document(summaries=[{"system": "Parrot-XL", "text": "A vote was held."}])
    record = read_one(tmp_path, line)

    assert [topic.name for topic in record.topics] == ["Funding", ""]
    (generic,) = record.topics[1].summaries
    assert (generic.system, generic.text) == ("Parrot-XL", "A vote was held.")


def test_a_summary_id_defaults_to_its_system_and_an_explicit_id_is_kept(tmp_path: Path) -> None:
    line = with_summaries(
        {"system": "Quillon-13B", "text": "It passed."},
        {"id": "quillon-run-2", "system": "Quillon-13B", "text": "It failed."},
    )
    summaries = read_one(tmp_path, line).topics[0].summaries

    assert [(s.external_id, s.system) for s in summaries] == [
        ("Quillon-13B", "Quillon-13B"),
        ("quillon-run-2", "Quillon-13B"),
    ]


def test_optional_fields_take_their_documented_defaults(tmp_path: Path) -> None:
    record = read_one(tmp_path, document(topics=MISSING))

    assert record.split == "none"
    assert record.title == ""
    assert record.metadata == {}
    assert record.topics == []
    assert record.turns[1].role == ""


def test_it_skips_blank_lines_but_counts_them_in_line_numbers(tmp_path: Path) -> None:
    path = write(tmp_path, document(id="a"), b"", b"   \t", document(id="b"), b"{")

    error = rejection(path)

    assert str(error).startswith("corpus.jsonl, line 5: not valid JSON")
    path = write(tmp_path, b"", document(id="a"), b"  ", document(id="b"), b"")
    assert [(r.external_id, r.origin) for r in read(path)] == [
        ("a", "corpus.jsonl, line 2"),
        ("b", "corpus.jsonl, line 4"),
    ]


def test_crlf_line_endings_give_the_same_records_as_lf(tmp_path: Path) -> None:
    lines = [document(id="a"), document(id="b", turns=[{"speaker": "A", "text": "Hi."}])]
    lf = read(write(tmp_path, *lines))

    crlf = read(write(tmp_path, *lines, ending=b"\r\n"))

    assert crlf == lf
    assert crlf[1].turns == [TurnRecord(speaker="A", text="Hi.")]


def test_it_accepts_a_utf8_byte_order_mark_on_the_first_line(tmp_path: Path) -> None:
    path = tmp_path / FILE
    path.write_bytes(b"\xef\xbb\xbf" + encode(document(title="Café")) + b"\n")

    (record,) = read(path)

    assert record.external_id == "council-river-bus"
    assert record.title == "Café"


# Rejected lines


def rejected_at_line_2(
    tmp_path: Path, bad: dict[str, Any] | bytes, field: str | None, expected: list[str]
) -> None:
    path = write(tmp_path, document(id="first-document"), bad)

    error = rejection(path)

    where = "corpus.jsonl, line 2" + (f", field {field}" if field else "")
    assert str(error).startswith(f"{where}: ")
    assert (error.file, error.line, error.field) == (FILE, 2, field)
    for piece in expected:
        assert piece in str(error)


OFFSETS_TEXT = "A vote was held. It passed."


@pytest.mark.parametrize(
    ("bad", "field", "expected"),
    [
        pytest.param(
            b'{"id": "b", "corpus": "demo", "turns": [',
            None,
            ["not valid JSON", "each line must be one complete JSON object"],
            id="truncated-json",
        ),
        pytest.param(
            b'{"id": "b\xff", "corpus": "demo"}',
            None,
            ["not valid UTF-8 (byte 0xff at column 10)", "save the file as UTF-8"],
            id="not-utf8",
        ),
        pytest.param(
            b"[1, 2]", None, ["expected an object, got a list of 2"], id="line-not-an-object"
        ),
        pytest.param(
            document(id=MISSING), "id", ["expected a non-empty string, got null"], id="no-id"
        ),
        pytest.param(
            document(id="x" * 201),
            "id",
            ["expected at most 200 characters, got 201"],
            id="id-too-long",
        ),
        pytest.param(
            document(turns=MISSING),
            "turns",
            ["expected a non-empty list, got null"],
            id="no-turns",
        ),
        pytest.param(
            document(turns="MAYA: hello"),
            "turns",
            ["expected a non-empty list, got the string 'MAYA: hello'"],
            id="turns-a-string",
        ),
        pytest.param(
            document(turns=[{"speaker": "A", "text": "Hi."}, {"text": "Hello."}]),
            "turns[1].speaker",
            ["expected a non-empty string, got null"],
            id="turn-without-speaker",
        ),
        pytest.param(
            document(split=3),
            "split",
            ["expected one of dev, test, none, got the number 3"],
            id="split-a-number",
        ),
        pytest.param(
            document(split="train"),
            "split",
            ["expected one of dev, test, none, got the string 'train'"],
            id="unknown-split",
        ),
        pytest.param(
            document(corpus="Demo Corpus"),
            "corpus",
            ["expected a slug of lowercase letters, digits, - and _, got the string 'Demo Corpus'"],
            id="bad-corpus-slug",
        ),
        pytest.param(
            document(metadata=["source"]),
            "metadata",
            ["expected an object, got a list of 1"],
            id="metadata-a-list",
        ),
        pytest.param(
            document(author="me"),
            "author",
            [
                "unknown field; allowed fields are corpus, id, metadata, split, summaries, title,"
                " topics, turns"
            ],
            id="unknown-document-field",
        ),
        pytest.param(
            with_summaries({"system": "S", "text": "It passed.", "model": "m"}),
            "topics[0].summaries[0].model",
            [
                "unknown field; allowed fields are atomic_facts, id, metadata, sentences, system,"
                " system_category, text"
            ],
            id="unknown-summary-field",
        ),
        pytest.param(
            document(
                topics=[
                    {"name": "Funding", "summaries": [{"system": "S", "text": "It passed."}]},
                    {"name": " Funding ", "summaries": [{"system": "S", "text": "It failed."}]},
                ]
            ),
            "topics[1].name",
            ["duplicate topic 'Funding' (also topics[0])"],
            id="duplicate-topic",
        ),
        pytest.param(
            document(topics=[{"name": "Funding", "summaries": []}]),
            "topics[0].summaries",
            ["expected a non-empty list, got a list of 0"],
            id="topic-without-summaries",
        ),
        pytest.param(
            with_summaries({"system": "S"}),
            "topics[0].summaries[0]",
            ["expected `text` or `sentences` (or both)"],
            id="summary-without-text-or-sentences",
        ),
        pytest.param(
            with_summaries({"system": "S", "text": ""}),
            "topics[0].summaries[0].text",
            ["expected a non-empty string, got the string ''"],
            id="empty-summary-text",
        ),
        pytest.param(
            with_summaries({"system": "S", "text": " \n "}),
            "topics[0].summaries[0].text",
            ["expected a non-empty string, got the string ' \\n '"],
            id="white-space-summary-text",
        ),
        pytest.param(
            with_summaries({"system": None, "text": "It passed."}),
            "topics[0].summaries[0].system",
            ["expected a non-empty string, got null"],
            id="summary-without-system",
        ),
        pytest.param(
            with_summaries(
                {"system": "Quillon-13B", "text": "It passed."},
                {"system": "Quillon-13B", "text": "It failed."},
            ),
            "topics[0].summaries[1].id",
            [
                "duplicate summary id 'Quillon-13B' in this topic (also topics[0].summaries[0])",
                "give each summary of a system its own id",
            ],
            id="duplicate-summary-id",
        ),
        pytest.param(
            with_summaries(
                {"system": "S", "text": f"{APPROVED} {DOUBLE}", "sentences": [APPROVED, "Nope."]}
            ),
            "topics[0].summaries[0].sentences[1]",
            ["sentence/summary mismatch: this sentence does not occur in the summary text"],
            id="sentence-not-in-text",
        ),
        pytest.param(
            with_summaries(
                {"system": "S", "text": f"{APPROVED} {DOUBLE}", "sentences": [DOUBLE, APPROVED]}
            ),
            "topics[0].summaries[0].sentences[1]",
            ["sentence/summary mismatch", "after the previous sentence"],
            id="sentences-out-of-order",
        ),
        pytest.param(
            with_summaries(
                {
                    "system": "S",
                    "text": OFFSETS_TEXT,
                    "sentences": [
                        {"text": "A vote was held.", "start": 0, "end": 16},
                        {"text": "It passed.", "start": 17, "end": 40},
                    ],
                }
            ),
            "topics[0].summaries[0].sentences[1]",
            [
                "offsets [17, 40) out of range: expected 16 <= start < end <= 27"
                " (the text's length), in order and not overlapping"
            ],
            id="offsets-past-the-end",
        ),
        pytest.param(
            with_summaries(
                {
                    "system": "S",
                    "text": OFFSETS_TEXT,
                    "sentences": [
                        {"text": "A vote was held.", "start": 0, "end": 16},
                        {"text": "held. It", "start": 11, "end": 19},
                    ],
                }
            ),
            "topics[0].summaries[0].sentences[1]",
            ["offsets [11, 19) out of range: expected 16 <= start < end <= 27"],
            id="overlapping-offsets",
        ),
        pytest.param(
            with_summaries(
                {
                    "system": "S",
                    "text": OFFSETS_TEXT,
                    "sentences": [{"text": "A vote was held.", "start": 0, "end": 15}],
                }
            ),
            "topics[0].summaries[0].sentences[0].text",
            ["sentence/summary mismatch: text[0:15] is 'A vote was held'"],
            id="offsets-slice-differs",
        ),
        pytest.param(
            with_summaries(
                {
                    "system": "S",
                    "text": OFFSETS_TEXT,
                    "sentences": [{"text": "A vote was held.", "start": True, "end": 16}],
                }
            ),
            "topics[0].summaries[0].sentences[0].start",
            ["expected an integer, got true"],
            id="offset-a-boolean",
        ),
        pytest.param(
            with_summaries(
                {"system": "S", "sentences": [{"text": "A vote was held.", "start": 0, "end": 16}]}
            ),
            "topics[0].summaries[0].sentences",
            ["sentences with offsets need the summary's `text`"],
            id="offsets-without-text",
        ),
        pytest.param(
            with_summaries(
                {
                    "system": "S",
                    "text": OFFSETS_TEXT,
                    "sentences": [
                        "A vote was held.",
                        {"text": "It passed.", "start": 17, "end": 27},
                    ],
                }
            ),
            "topics[0].summaries[0].sentences",
            ["expected all strings or all {text, start, end} objects"],
            id="mixed-sentence-kinds",
        ),
        pytest.param(
            document(summaries=[{"system": "", "text": "It passed."}]),
            "summaries[0].system",
            ["expected a non-empty string, got the string ''"],
            id="generic-summary-without-system",
        ),
    ],
)
def test_it_rejects_a_malformed_line_naming_file_line_field_and_expectation(
    tmp_path: Path, bad: dict[str, Any] | bytes, field: str | None, expected: list[str]
) -> None:
    rejected_at_line_2(tmp_path, bad, field, expected)


def test_it_rejects_a_duplicate_document_id_naming_the_first_line(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        document(id="a"),
        document(id="a", corpus="other"),
        document(id="b"),
        document(id="a"),
    )

    error = rejection(path)

    assert str(error) == (
        "corpus.jsonl, line 4, field id: duplicate document id 'a' in corpus 'demo'"
        " (first on line 1)"
    )


def test_it_reproduces_the_error_example_of_the_documentation(tmp_path: Path) -> None:
    bad = with_summaries(
        {"system": "A", "text": "It passed."},
        {"system": "B", "text": "It passed."},
        {"system": None, "text": "It passed."},
    )
    path = write(tmp_path, *[document(id=str(n)) for n in range(1, 7)], bad)

    error = rejection(path)

    assert str(error) == (
        "corpus.jsonl, line 7, field topics[0].summaries[2].system:"
        " expected a non-empty string, got null"
    )


def test_it_points_at_the_end_of_a_truncated_line(tmp_path: Path) -> None:
    truncated = b'{"id": "b", "corpus": "demo", "turns": ['
    path = write(tmp_path, document(), truncated)

    error = rejection(path)

    # The line ends after its last character: that is where the JSON stops.
    assert f"at column {len(truncated) + 1})" in str(error)


def test_it_yields_good_lines_before_failing_at_the_bad_line(tmp_path: Path) -> None:
    lines = [encode(document(id="a")), encode(document(id="b")), encode(document(split="x"))]
    consumed: list[int] = []

    def stream():
        for number, line in enumerate(lines, start=1):
            consumed.append(number)
            yield line + b"\n"

    records = read_native(stream(), file=FILE)

    assert next(records).external_id == "a"
    assert consumed == [1]
    assert next(records).external_id == "b"
    with pytest.raises(FormatError) as caught:
        next(records)
    assert str(caught.value).startswith("corpus.jsonl, line 3, field split: expected one of")


# Properties

# Text PostgreSQL can store (no NUL, no lone surrogate): the rest is refused, tested below.
storable = st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",))
sentence_strings = st.text(storable, min_size=1, max_size=40).filter(
    lambda s: s.strip() == s and s != ""
)


@settings(database=None)
@given(st.lists(sentence_strings, min_size=1, max_size=8))
def test_sentences_given_as_strings_are_found_at_their_offsets(sentences: list[str]) -> None:
    line = encode(with_summaries({"system": "S", "sentences": sentences}))

    (record,) = read_native(io.BytesIO(line + b"\n"), file=FILE)

    (summary,) = record.topics[0].summaries
    assert [s.text for s in summary.sentences] == sentences
    for sentence in summary.sentences:
        assert summary.text[sentence.start : sentence.end] == sentence.text


@settings(database=None)
@given(st.text(storable, min_size=1, max_size=120).filter(lambda s: s.strip() != ""))
def test_every_sentence_split_from_a_text_is_a_stripped_slice_of_it(text: str) -> None:
    line = encode(with_summaries({"system": "S", "text": text}))

    (record,) = read_native(io.BytesIO(line + b"\n"), file=FILE)

    (summary,) = record.topics[0].summaries
    assert summary.sentences
    previous_end = 0
    for sentence in summary.sentences:
        assert previous_end <= sentence.start < sentence.end
        assert text[sentence.start : sentence.end] == sentence.text == sentence.text.strip()
        previous_end = sentence.end


# Values PostgreSQL cannot store, refused as a class whatever the field


def nested(levels: int) -> Any:
    """A list nested ``levels`` deep: nested(1) == []."""
    value: Any = []
    for _ in range(levels - 1):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("bad", "field", "expected"),
    [
        pytest.param(
            encode(document()).replace(b'"id"', b'"metadata": {"score": NaN}, "id"', 1),
            None,
            ["not valid JSON", "NaN, Infinity and unpaired surrogate escapes are not JSON"],
            id="NaN-in-metadata",
        ),
        pytest.param(
            encode(document()).replace(b'"id"', b'"metadata": {"s": [1, -Infinity]}, "id"', 1),
            None,
            ["not valid JSON"],
            id="minus-Infinity-in-metadata",
        ),
        pytest.param(
            encode(document()).replace(b'"id"', b'"metadata": {"s": 1e400}, "id"', 1),
            None,
            ["not valid JSON", "infinity"],
            id="a-number-too-large-for-a-double",
        ),
        pytest.param(
            encode(document()).replace(b"Tonight", b"\\ud800Tonight", 1),
            None,
            ["not valid JSON", "unpaired surrogate"],
            id="lone-high-surrogate-escape",
        ),
        pytest.param(
            encode(document()).replace(b"Tonight", b"\\udfffTonight", 1),
            None,
            ["not valid JSON"],
            id="lone-low-surrogate-escape",
        ),
        pytest.param(
            encode(document()).replace(b"Tonight", b"\xed\xa0\x80Tonight", 1),
            None,
            ["not valid UTF-8"],
            id="surrogate-encoded-as-bytes",
        ),
        pytest.param(
            document(turns=[{"speaker": "A", "text": "a\u0000b"}]),
            "turns[0].text",
            ["cannot be stored: contains a NUL character (\\u0000) at position 2"],
            id="NUL-in-a-turn",
        ),
        pytest.param(
            document(turns=[{"speaker": "A\u0000", "text": "Hi."}]),
            "turns[0].speaker",
            ["contains a NUL character"],
            id="NUL-in-a-speaker",
        ),
        pytest.param(
            with_summaries({"system": "S", "sentences": ["Fine.", "Bro\u0000ken."]}),
            "topics[0].summaries[0].sentences[1]",
            ["contains a NUL character"],
            id="NUL-in-a-given-sentence",
        ),
        pytest.param(
            with_summaries({"system": "S", "text": "Fine.", "metadata": {"k": ["a", "\u0000"]}}),
            "topics[0].summaries[0].metadata.k[1]",
            ["contains a NUL character"],
            id="NUL-in-summary-metadata",
        ),
        pytest.param(
            document(metadata={"source\u0000": "x"}),
            "metadata.source\\u0000",
            ["contains a NUL character"],
            id="NUL-in-a-metadata-key",
        ),
        pytest.param(
            document(metadata={"tree": nested(100)}),
            "metadata",
            ["nested deeper than 100 levels"],
            id="document-metadata-nested-101-deep",
        ),
        pytest.param(
            with_summaries({"system": "S", "text": "Fine.", "metadata": {"t": nested(100)}}),
            "topics[0].summaries[0].metadata",
            ["nested deeper than 100 levels"],
            id="summary-metadata-nested-101-deep",
        ),
        pytest.param(
            b"[" * 100_000 + b"]" * 100_000,
            None,
            ["not valid JSON (nested deeper than 1024 levels)"],
            id="nested-100000-deep",
        ),
    ],
)
def test_it_refuses_what_postgresql_cannot_store_naming_line_and_field(
    tmp_path: Path, bad: dict[str, Any] | bytes, field: str | None, expected: list[str]
) -> None:
    rejected_at_line_2(tmp_path, bad, field, expected)


def test_metadata_nested_exactly_to_the_limit_is_kept(tmp_path: Path) -> None:
    record = read_one(tmp_path, document(metadata={"tree": nested(99)}))

    assert record.metadata == {"tree": nested(99)}


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"", "(it is empty)"),
        (b"\n\n", "(only blank lines)"),
        (b"  \t \r\n \n", "(only blank lines)"),
        ("\ufeff\n".encode(), "(only blank lines)"),
    ],
    ids=["empty", "newlines", "white-space", "byte-order-mark-only"],
)
def test_a_file_without_a_document_is_refused_not_read_as_nothing(
    tmp_path: Path, content: bytes, why: str
) -> None:
    path = tmp_path / FILE
    path.write_bytes(content)

    error = rejection(path)

    assert str(error) == (
        f"corpus.jsonl: the file has no document {why}; expected one JSON object per line"
        " (docs/formats/native-jsonl.md)"
    )


# Column limits: every limited field, from the limits the service passes in

# How to put a value of n characters in each limited field, and the field path it is named by.
LIMITED: dict[str, tuple[str, Callable[[int], dict[str, Any]]]] = {
    "corpus": ("corpus", lambda n: document(corpus="c" * n)),
    "document_id": ("id", lambda n: document(id="d" * n)),
    "title": ("title", lambda n: document(title="t" * n)),
    "speaker": ("turns[0].speaker", lambda n: document(turns=[{"speaker": "s" * n, "text": "Hi"}])),
    "role": (
        "turns[0].role",
        lambda n: document(turns=[{"speaker": "A", "role": "r" * n, "text": "Hi"}]),
    ),
    "topic": (
        "topics[0].name",
        lambda n: document(
            topics=[{"name": "n" * n, "summaries": [{"system": "S", "text": "Ok."}]}]
        ),
    ),
    "system": (
        "topics[0].summaries[0].system",
        lambda n: with_summaries({"system": "s" * n, "text": "Ok."}),
    ),
    "summary_id": (
        "topics[0].summaries[0].id",
        lambda n: with_summaries({"system": "S", "id": "i" * n, "text": "Ok."}),
    ),
}
# Limits of the native format's text fields; source_index is TofuEval's sent_idx.
TEXT_LIMITS = [name for name in ColumnLimits.__dataclass_fields__ if name != "source_index"]


def test_every_text_column_limit_has_a_case() -> None:
    assert sorted(LIMITED) == sorted(TEXT_LIMITS)


@pytest.mark.parametrize("limit", TEXT_LIMITS)
def test_a_value_one_longer_than_its_column_is_refused_and_one_at_the_limit_is_kept(
    tmp_path: Path, limit: str
) -> None:
    limits = ColumnLimits(**{limit: 7})
    field, line = LIMITED[limit]
    (tmp_path / FILE).write_bytes(encode(line(7)) + b"\n")
    with (tmp_path / FILE).open("rb") as stream:
        assert len(list(read_native(stream, file=FILE, limits=limits))) == 1

    (tmp_path / FILE).write_bytes(encode(line(8)) + b"\n")
    with pytest.raises(FormatError) as caught, (tmp_path / FILE).open("rb") as stream:
        list(read_native(stream, file=FILE, limits=limits))

    assert str(caught.value) == (
        f"corpus.jsonl, line 1, field {field}: expected at most 7 characters, got 8"
    )


# Any text in any field: a record PostgreSQL can store, or a refusal naming the line

FIELDS: dict[str, Callable[[str], dict[str, Any]]] = {
    "id": lambda t: document(id=t),
    "corpus": lambda t: document(corpus=t),
    "title": lambda t: document(title=t),
    "split": lambda t: document(split=t),
    "speaker": lambda t: document(turns=[{"speaker": t, "text": "Hi."}]),
    "role": lambda t: document(turns=[{"speaker": "A", "role": t, "text": "Hi."}]),
    "turn text": lambda t: document(turns=[{"speaker": "A", "text": t}]),
    "topic": lambda t: document(
        topics=[{"name": t, "summaries": [{"system": "S", "text": "Ok."}]}]
    ),
    "system": lambda t: with_summaries({"system": t, "text": "Ok."}),
    "summary id": lambda t: with_summaries({"system": "S", "id": t, "text": "Ok."}),
    "summary text": lambda t: with_summaries({"system": "S", "text": t}),
    "sentence": lambda t: with_summaries({"system": "S", "sentences": ["Ok.", t]}),
    "metadata key": lambda t: document(metadata={t: 1}),
    "metadata value": lambda t: document(metadata={"k": [t]}),
}
SMALL = ColumnLimits(**{name: 12 for name in TEXT_LIMITS})
# Mostly the characters that break imports, then anything at all.
any_text = st.text(
    st.one_of(st.sampled_from(["\x00", "\ud800", "\udfff", " ", "a", "-"]), st.characters()),
    max_size=20,
)


def stored_strings(record: DocumentRecord) -> list[str]:
    strings = [record.corpus, record.external_id, record.title, record.split]
    strings += [text for turn in record.turns for text in (turn.speaker, turn.role, turn.text)]
    for topic in record.topics:
        strings.append(topic.name)
        for summary in topic.summaries:
            strings += [summary.external_id, summary.system, summary.text]
            strings += [sentence.text for sentence in summary.sentences]
            strings += [json.dumps(summary.metadata, ensure_ascii=False)]
    return [*strings, json.dumps(record.metadata, ensure_ascii=False)]


@settings(database=None, max_examples=300)
@given(st.sampled_from(sorted(FIELDS)), any_text, st.booleans())
def test_any_text_in_any_field_is_stored_whole_or_refused_at_its_line(
    field: str, text: str, escaped: bool
) -> None:
    # Escaped, a lone surrogate is "\ud800" in the JSON; raw, it is bytes UTF-8 forbids.
    line = json.dumps(FIELDS[field](text), ensure_ascii=escaped)
    raw = line.encode("utf-8", "surrogatepass")

    refusal = ""
    try:
        records = list(read_native(io.BytesIO(raw + b"\n"), file=FILE, limits=SMALL))
    except FormatError as error:
        refusal = str(error)
    if refusal:
        assert refusal.startswith("corpus.jsonl, line 1"), refusal
        return
    (record,) = records
    for stored in stored_strings(record):
        assert "\x00" not in stored
        stored.encode("utf-8")  # no lone surrogate
    for name in TEXT_LIMITS:
        assert all(len(value) <= 12 for value in limited_values(record, name)), name


def limited_values(record: DocumentRecord, name: str) -> list[str]:
    summaries = [summary for topic in record.topics for summary in topic.summaries]
    return {
        "corpus": [record.corpus],
        "document_id": [record.external_id],
        "title": [record.title],
        "speaker": [turn.speaker for turn in record.turns],
        "role": [turn.role for turn in record.turns],
        "topic": [topic.name for topic in record.topics],
        "system": [summary.system for summary in summaries],
        "summary_id": [summary.external_id for summary in summaries],
    }[name]


def test_a_summarizer_category_is_kept_in_the_summarys_metadata(tmp_path: Path) -> None:
    line = with_summaries(
        {"system": "Quillon-13B", "system_category": "LLM", "text": "It passed."},
        {
            "id": "b",
            "system": "BART",
            "system_category": " SOTA ",
            "text": "It failed.",
            "metadata": {"origin": "x"},
        },
        {"id": "c", "system": "Old", "text": "It met."},
    )
    summaries = read_one(tmp_path, line).topics[0].summaries
    assert [s.metadata for s in summaries] == [
        {"system_category": "LLM"},
        {"origin": "x", "system_category": "SOTA"},
        {},
    ]
    refused = rejection(
        write(tmp_path, with_summaries({"system": "S", "system_category": 3, "text": "T."}))
    )
    assert refused.field == "topics[0].summaries[0].system_category"
