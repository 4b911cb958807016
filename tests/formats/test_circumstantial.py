"""The reader of CSVs in the circumstantial-inference study's layout
(docs/formats/circumstantial.md): what a valid file becomes, and what a person is told when a
row is wrong."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from annotations.formats.circumstantial import CircumstantialFile, read_circumstantial
from annotations.formats.errors import FormatError
from annotations.formats.writers.circumstantial import COLUMNS
from annotations.taxonomy_catalogue import TAXONOMIES

FIXTURE = Path(__file__).parent / "fixtures" / "circumstantial.csv"
CATEGORIES = [
    spec["name"]
    for taxonomy in TAXONOMIES
    if taxonomy["slug"] == "dialogue-llm"
    for spec in taxonomy["types"]
]


def fixture_rows() -> list[dict[str, str]]:
    with FIXTURE.open(encoding="utf-8", newline="") as stream:
        return list(csv.DictReader(stream))


def write(tmp_path: Path, rows: list[dict[str, str]], columns: list[str] | None = None) -> Path:
    path = tmp_path / "spans.csv"
    columns = columns or list(COLUMNS)
    with path.open("w", encoding="utf-8", newline="") as stream:
        writer = csv.DictWriter(stream, columns, lineterminator="\n", extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    return path


def read(path: Path) -> CircumstantialFile:
    return read_circumstantial(path, allowed_types=CATEGORIES)


def changed(row: int, **values: str) -> list[dict[str, str]]:
    rows = fixture_rows()
    rows[row - 1].update(values)
    return rows


def test_it_reads_the_documents_summaries_and_spans_of_the_file() -> None:
    published = read(FIXTURE)

    assert [(d.corpus, d.external_id) for d in published.documents] == [
        ("samsum", "13800001"),
        ("samsum", "13800002"),
        ("dialogsum", "test_9001"),
    ]
    assert published.corpus_names == {"samsum": "SAMSum", "dialogsum": "DialogSum"}
    climb = published.documents[0]
    assert [(t.speaker, t.text) for t in climb.turns][3] == (
        "Felix",
        "Perfect, I'll book the wall.",
    )
    (generic,) = climb.topics
    assert generic.name == ""
    assert [s.system for s in generic.summaries] == ["BART", "GPT-4", "Alpaca-13B"]
    assert [s.text for s in generic.summaries[0].sentences] == [
        "Nora and Felix will go to the climbing gym on Thursday at six.",
        "Nora will book the wall.",
    ]
    (bank_topic,) = published.documents[2].topics
    assert bank_topic.name == "work history"  # docid "test_9001::work history"

    by_model = {(s.document, s.model): s for s in published.summaries}
    wall = by_model[("13800001", "BART")]
    assert wall.factual_error is True
    (span,) = wall.spans
    sentence = generic.summaries[0].sentences[span.sentence]
    assert sentence.text[span.start : span.end] == "Nora will book the wall"
    assert (span.category, span.error_type, span.no_evidence) == (
        "Referential Error",
        "Intrinsic_Error",
        False,
    )
    (evidence,) = span.evidence
    assert climb.turns[evidence.turn].text[evidence.start : evidence.end] == (
        "Perfect, I'll book the wall."
    )
    assert by_model[("13800001", "GPT-4")].factual_error is False
    assert by_model[("13800001", "GPT-4")].spans == []
    (sick,) = by_model[("13800001", "Alpaca-13B")].spans
    assert (sick.no_evidence, sick.evidence) == (True, ())
    (promoted,) = by_model[("test_9001", "Alpaca-13B")].spans
    bank = published.documents[2]
    assert [bank.turns[e.turn].text[e.start : e.end] for e in promoted.evidence] == [
        "And why did you leave?",
        "The branch closed in March.",
    ]
    assert published.notes == []


# The study's file starts with pandas' unnamed index column; saved again by pandas after
# reading, it is called "Unnamed: 0".
@pytest.mark.parametrize("index", ["", "Unnamed: 0"])
def test_the_pandas_index_column_of_the_studys_file_is_read_past(
    tmp_path: Path, index: str
) -> None:
    rows = [{index: str(10 * i), **row} for i, row in enumerate(fixture_rows())]
    published = read(write(tmp_path, rows, [index, *COLUMNS]))
    assert len(published.summaries) == len(rows)
    assert published.notes == []


def test_other_columns_are_ignored_and_reported(tmp_path: Path) -> None:
    rows = [{**row, "GPT-score": "0.5"} for row in fixture_rows()]
    published = read(write(tmp_path, rows, [*COLUMNS, "GPT-score"]))
    assert published.notes == ["spans.csv: ignored column(s) GPT-score"]


def test_a_repeated_span_is_placed_at_its_next_occurrence(tmp_path: Path) -> None:
    rows = changed(
        1,
        summary="Nora will book. Nora will pay.",
        nonfactual_spans="['Nora', 'Nora']",
        evidence="[]",
        error_type="['Intrinsic_Error', 'Intrinsic_Error']",
        linguistic_categories="['Referential Error', 'Referential Error']",
    )
    spans = read(write(tmp_path, rows)).summaries[0].spans
    assert [(s.sentence, s.start, s.end) for s in spans] == [(0, 0, 4), (1, 0, 4)]


def test_a_span_over_a_sentence_boundary_becomes_one_span_per_sentence(tmp_path: Path) -> None:
    rows = changed(
        3,
        nonfactual_spans="['because he is sick. They will ']",
        error_type="['Extrinsic_Error']",
        linguistic_categories="['Circumstantial Inference']",
    )
    published = read(write(tmp_path, rows))
    sentences = published.documents[0].topics[0].summaries[2].sentences
    spans = published.summaries[2].spans
    assert [sentences[s.sentence].text[s.start : s.end] for s in spans] == [
        "because he is sick.",
        "They will",
    ]
    assert all(s.no_evidence and s.category == "Circumstantial Inference" for s in spans)
    assert published.notes == [
        "spans.csv: 1 span(s) over a sentence boundary stored as one span per sentence"
    ]


def test_a_summary_with_an_empty_factual_error_is_read_without_labels(tmp_path: Path) -> None:
    rows = changed(2, factual_error="")
    assert read(write(tmp_path, rows)).summaries[1].factual_error is None


def test_a_dialogue_line_with_a_speaker_and_no_words_is_dropped_and_reported(
    tmp_path: Path,
) -> None:
    rows = fixture_rows()
    for row in rows[:3]:
        row["dialogue"] = row["dialogue"].replace("\nNora: Thursday", "\nNora: \nNora: Thursday")
    published = read(write(tmp_path, rows))
    assert len(published.documents[0].turns) == 4
    assert published.notes == ["spans.csv: dropped 1 dialogue line(s) with a speaker but no words"]


# Refusals: each names the file, the row and its line, the column, and what is allowed.

REFUSALS: list[tuple[str, dict[str, str], str, str]] = [
    (
        "unparseable list literal",
        {"nonfactual_spans": "['the wall'"},
        "nonfactual_spans",
        "expected a Python list of strings such as ['the meeting was moved', 'on Friday']"
        " (or []), got the string \"['the wall'\"",
    ),
    (
        "a list of something else",
        {"error_type": "[1]"},
        "error_type",
        "expected a Python list of strings",
    ),
    (
        "a span not in the summary",
        {"nonfactual_spans": "['Felix will book the wall']"},
        "nonfactual_spans",
        "item 1 'Felix will book the wall' does not occur in the summary; copy the span from"
        " the summary exactly",
    ),
    (
        "a span listed more often than it occurs",
        {
            "nonfactual_spans": "['because he is sick', 'because he is sick']",
            "evidence": "[]",
            "error_type": "[]",
            "linguistic_categories": "[]",
        },
        "nonfactual_spans",
        "item 2 'because he is sick' occurs in the summary fewer times than it is listed",
    ),
    (
        "a span without words",
        {"nonfactual_spans": "[None]"},
        "nonfactual_spans",
        "holds None as item 1 of 1; expected the words of the summary that are wrong",
    ),
    (
        # As the study's file has them: the categories are the summary's, not one per span.
        # The spans are what is wrong, not the count of the other columns.
        "spans listed as None with fewer categories",
        {
            "nonfactual_spans": "[None, None, None]",
            "error_type": "['Extrinsic_Error', 'Extrinsic_Error', 'Extrinsic_Error']",
            "linguistic_categories": "['Circumstantial Inference']",
        },
        "nonfactual_spans",
        "holds None as item 1 of 3; expected the words of the summary that are wrong",
    ),
    (
        "a blank span",
        {"nonfactual_spans": "['  ']"},
        "nonfactual_spans",
        "holds a blank string as item 1 of 1",
    ),
    (
        "an unknown published error type",
        {"error_type": "['Intrinsic']"},
        "error_type",
        "item 1: unknown error type 'Intrinsic'; allowed: Intrinsic_Error, Extrinsic_Error"
        " (or None)",
    ),
    (
        "an unknown linguistic category",
        {"linguistic_categories": "['INVALID']"},
        "linguistic_categories",
        "item 1: unknown error type 'INVALID'; the project's taxonomy allows Circumstantial"
        " Inference, Event Misordering, Figurative Misinterpretation, Lack of Commonsense,"
        " Logical Error, Missed Detail, Nonsensical, Referential Error, World Knowledge (or None;"
        " import in lenient mode to keep the span untyped)",
    ),
    (
        "types not aligned with the spans",
        {"error_type": "['Intrinsic_Error', 'Intrinsic_Error']"},
        "error_type",
        "2 item(s) for 1 span(s) in nonfactual_spans; give one per span",
    ),
    (
        "evidence that is not in the dialogue",
        {"evidence": "['Felix :  I will book the wall.']"},
        "evidence",
        "item 1: 'Felix :  I will book the wall.' does not occur in the dialogue",
    ),
    (
        "a label that is neither 0 nor 1",
        {"factual_error": "yes"},
        "factual_error",
        "expected 1 (a factual error), 0 (none) or empty (not labelled), got the string 'yes'",
    ),
    (
        "spans on a summary labelled without error",
        {"factual_error": "0"},
        "nonfactual_spans",
        "factual_error is 0 but 1 span(s) are listed; give 1, or []",
    ),
    (
        "an error without spans",
        {"nonfactual_spans": "[]", "evidence": "[]", "error_type": "[]"},
        "nonfactual_spans",
        "factual_error is 1 but no span is listed",
    ),
    (
        "an empty summary",
        {"summary": " "},
        "summary",
        "expected a non-empty value",
    ),
    (
        "a dialogue line without a speaker",
        {"dialogue": "Nora: Hi\nwhere are you?"},
        "dialogue",
        "line 2 of the dialogue is the string 'where are you?'; expected one 'SPEAKER: text'"
        " line per turn",
    ),
    (
        "a second summary by the same model",
        {"model": "GPT-4", "docid": "13800001"},
        "model",
        "document '13800001' has a summary by 'GPT-4' already (row 2); one row per summary",
    ),
    (
        "another dialogue for the same document",
        {"dialogue": "Nora: Are we still on?\nFelix: No."},
        "dialogue",
        "document '13800001' of 'SAMSum' has a different dialogue on row 1 (turn 1 differs)",
    ),
    (
        "an origin spelled two ways",
        {"origin": "samsum"},
        "origin",
        "'samsum' and 'SAMSum' would both be the corpus 'samsum'; spell one dataset one way",
    ),
]


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [case[1:] for case in REFUSALS],
    ids=[case[0] for case in REFUSALS],
)
def test_a_bad_row_is_refused_naming_file_row_line_field_and_what_is_allowed(
    tmp_path: Path, changes: dict[str, str], field: str, message: str
) -> None:
    # Row 3 starts on line 10: rows 1 and 2 hold a four-line dialogue each.
    with pytest.raises(FormatError) as caught:
        read(write(tmp_path, changed(3, **changes)))
    error = caught.value
    assert (error.file, error.row, error.line, error.field) == ("spans.csv", 3, 10, field)
    assert str(error).startswith(f"spans.csv, row 3 (line 10), field {field}: ")
    assert message in str(error)


def test_a_missing_column_is_refused_naming_it_and_the_columns_the_header_needs(
    tmp_path: Path,
) -> None:
    columns = [c for c in COLUMNS if c != "evidence"]
    with pytest.raises(FormatError) as caught:
        read(write(tmp_path, fixture_rows(), columns))
    assert str(caught.value) == (
        "spans.csv, line 1, field evidence: missing column evidence; the header must name"
        " docid, model, nonfactual_spans, evidence, summary, factual_error, error_type,"
        " dialogue, origin, linguistic_categories (in any order)"
    )


def test_a_file_with_only_a_header_is_refused_rather_than_read_as_nothing(
    tmp_path: Path,
) -> None:
    with pytest.raises(FormatError, match="the file has a header but no rows"):
        read(write(tmp_path, []))


def test_a_row_with_too_few_fields_is_refused_with_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, fixture_rows()[:1])
    path.write_text(path.read_text(encoding="utf-8") + "13800009,BART\n", encoding="utf-8")
    with pytest.raises(FormatError) as caught:
        read(path)
    assert str(caught.value) == (
        "spans.csv, row 2 (line 6): expected 10 fields as in the header, got 2"
    )


def test_an_escape_that_decodes_to_a_nul_is_refused(tmp_path: Path) -> None:
    rows = changed(3, nonfactual_spans="['because he\\x00 is sick']")
    with pytest.raises(FormatError, match="item 1 cannot be stored: contains a NUL"):
        read(write(tmp_path, rows))


# Lenient mode: the defects of the study's own file, in a file written for this project in its
# layout (tests/formats/fixtures/circumstantial_lenient.csv): a dialogue in two versions
# (doubled apostrophes, an emoji dropped, white space), evidence re-tokenised (`7 30`) or not
# in the dialogue, spans listed as None, a span not in the summary, a category INVALID.
LENIENT_FIXTURE = Path(__file__).parent / "fixtures" / "circumstantial_lenient.csv"


def lenient_rows() -> list[dict[str, str]]:
    with LENIENT_FIXTURE.open(encoding="utf-8", newline="") as stream:
        return list(csv.DictReader(stream))


def reasons(published: CircumstantialFile) -> list[tuple[str, int, int, str | None]]:
    return sorted((item.reason, item.row, item.line, item.field) for item in published.leniencies)


def test_the_lenient_fixture_is_refused_in_strict_mode_at_its_first_defect() -> None:
    with pytest.raises(FormatError) as caught:
        read(LENIENT_FIXTURE)

    assert str(caught.value).startswith(
        "circumstantial_lenient.csv, row 1 (line 2), field evidence: item 1:"
        " 'Leo :  It does, they open at 7 30 on weekdays.' does not occur in the dialogue"
    )


def test_lenient_mode_reads_every_row_and_records_each_defect_with_its_row_and_line() -> None:
    published = read_circumstantial(LENIENT_FIXTURE, allowed_types=CATEGORIES, lenient=True)

    assert len(published.summaries) == 6
    assert [(d.external_id, len(d.topics[0].summaries)) for d in published.documents] == [
        ("14000001", 3),
        ("14000002", 3),
    ]
    assert reasons(published) == [
        ("dialogue_variant", 2, 5, "dialogue"),
        ("dialogue_variant", 3, 8, "dialogue"),
        ("evidence_by_words", 1, 2, "evidence"),
        ("evidence_not_in_dialogue", 4, 11, "evidence"),
        ("label_without_spans", 3, 8, "nonfactual_spans"),
        ("span_none", 3, 8, "nonfactual_spans"),
        ("span_none", 3, 8, "nonfactual_spans"),
        ("span_not_in_summary", 4, 11, "nonfactual_spans"),
        ("unknown_category", 4, 11, "linguistic_categories"),
    ]


def test_one_dialogue_is_kept_the_one_without_doubled_apostrophes_and_with_its_emoji() -> None:
    published = read_circumstantial(LENIENT_FIXTURE, allowed_types=CATEGORIES, lenient=True)

    bakery = published.documents[0]
    assert [turn.text for turn in bakery.turns] == [
        "I don't think the bakery opens before nine 😅",
        "It does, they open at 7:30 on weekdays.",
        "Great, I'll get the croissants then.",
    ]
    (variant, _) = [i for i in published.leniencies if i.reason == "dialogue_variant"]
    assert "kept the dialogue of row 1 (line 2)" in variant.detail


def test_a_version_with_other_words_is_still_refused_in_lenient_mode(tmp_path: Path) -> None:
    rows = lenient_rows()
    rows[1]["dialogue"] = rows[1]["dialogue"].replace("nine", "ten")

    with pytest.raises(FormatError) as caught:
        read_circumstantial(write(tmp_path, rows), allowed_types=CATEGORIES, lenient=True)

    assert (caught.value.row, caught.value.field) == (2, "dialogue")
    assert "has a different dialogue on row 1 (turn 1 differs)" in str(caught.value)


@pytest.mark.parametrize(
    ("first", "other", "same"),
    [
        ("A: I don't know", "A: I don''t know", True),
        ("A: see you  soon 😅", "A: see you soon", True),
        ("A: code “X45”∩(·ω·)∩", "A: code X45()", True),
        ("A: 你好", "A: 再见", False),  # words outside ASCII are words
        ("A: see you at 5", "A: see you at 6", False),
        ("A: hi\nB: hello", "B: hi\nA: hello", False),
    ],
)
def test_versions_are_one_document_only_when_they_differ_outside_the_words(
    tmp_path: Path, first: str, other: str, same: bool
) -> None:
    rows = lenient_rows()[3:6]
    rows[0]["dialogue"] = first
    rows[1]["dialogue"] = rows[2]["dialogue"] = other
    for row in rows:
        row.update(nonfactual_spans="[]", evidence="[]", error_type="[]", factual_error="0")
        row["linguistic_categories"] = "[]"

    def lenient() -> CircumstantialFile:
        return read_circumstantial(write(tmp_path, rows), allowed_types=CATEGORIES, lenient=True)

    if same:
        assert len(lenient().documents) == 1
    else:
        with pytest.raises(FormatError, match="has a different dialogue"):
            lenient()


def test_evidence_is_placed_by_its_words_when_it_was_re_tokenised() -> None:
    published = read_circumstantial(LENIENT_FIXTURE, allowed_types=CATEGORIES, lenient=True)

    bakery = published.documents[0]
    (span,) = published.summaries[0].spans
    (evidence,) = span.evidence
    turn = bakery.turns[evidence.turn].text
    assert turn[evidence.start : evidence.end] == "It does, they open at 7:30 on weekdays"


def test_spans_none_give_a_summary_level_label_typed_by_the_rows_categories() -> None:
    published = read_circumstantial(LENIENT_FIXTURE, allowed_types=CATEGORIES, lenient=True)

    alpaca = published.summaries[2]
    assert (alpaca.factual_error, alpaca.spans, alpaca.label_only) == (True, [], True)
    assert alpaca.categories == ("Circumstantial Inference",)


def test_an_unknown_category_keeps_its_span_untyped_and_unplaceable_parts_are_left_out() -> None:
    published = read_circumstantial(LENIENT_FIXTURE, allowed_types=CATEGORIES, lenient=True)

    plants = published.summaries[3]
    sentences = published.documents[1].topics[0].summaries[0].sentences
    placed = [
        (sentences[s.sentence].text[s.start : s.end], s.category, len(s.evidence))
        for s in plants.spans
    ]
    # 'on Monday' is not in the summary; the second span's evidence is not in the dialogue.
    assert placed == [("until Saturday", None, 1), ("the roses", "World Knowledge", 0)]
    assert plants.label_only is False
