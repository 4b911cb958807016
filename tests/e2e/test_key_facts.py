"""Key facts and atomic facts in Chromium. A linguist writes three key facts by keyboard, aligns
them with the summaries and their sentences (keys in the grid, and clicks in an opened cell),
writes and verifies the atomic facts of the summaries (one with evidence linked in the
dialogue, one with none there), reloads and finds everything as left, and submits. A second
round gives the key-fact list and the atomic facts: the linguist only aligns and verifies."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from annotations.models import (
    Assignment,
    AssignmentStatus,
    AtomicFact,
    KeyFact,
    KeyFactAlignment,
    KeyFactList,
    Membership,
    Role,
    RoundStatus,
)
from tests.e2e.conftest import sign_in
from tests.factories import (
    AssignmentFactory,
    DocumentFactory,
    GuidelineFactory,
    ProjectFactory,
    RoundFactory,
    SentenceFactory,
    SummaryFactory,
    TopicFactory,
    TurnFactory,
    UserFactory,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]

TURNS = [
    ("MAYA ORTIZ", "Tonight the council votes on the river bus line."),
    ("DEV PATEL", "The city pays for the first two years, then the region takes over."),
    ("MAYA ORTIZ", "And nobody has counted the riders yet."),
]
# Two summaries of two sentences; the texts tell them apart whatever letters they get.
SUMMARIES = [
    ["The council votes on the river bus tonight.", "The city pays for two years."],
    ["A vote on the river bus line is due.", "Ridership has not been counted."],
]
FACTS = [
    "The council votes on the river bus line tonight",
    "The city funds the first two years",
    "Nobody has counted the riders",
]


def unit(*, key_fact_source: str = "", given_atomic_facts: bool = False) -> dict[str, Any]:
    """A project asking only for key facts and atomic facts, one open round, one unit of two
    summaries, and a linguist assigned to it."""
    project = ProjectFactory(
        ask_consistency=False,
        ask_error_types=False,
        ask_relevance=False,
        ask_not_a_summary=False,
        ask_comment=False,
        ask_topic_category=False,
        ask_completeness=True,
        ask_atomic_facts=True,
        show_fact_scores=True,
    )
    linguist = UserFactory(username="keyfacts")
    Membership.objects.create(project=project, user=linguist, role=Role.ANNOTATOR)
    document = DocumentFactory(corpus__project=project, title="City council: the river bus")
    for position, (speaker, text) in enumerate(TURNS):
        TurnFactory(document=document, position=position, speaker=speaker, text=text)
    topic = TopicFactory(document=document, name="Funding for the river bus line")
    summaries = []
    for position, sentences in enumerate(SUMMARIES):
        summary = SummaryFactory(topic=topic, position=position, text=" ".join(sentences))
        start = 0
        for number, text in enumerate(sentences):
            SentenceFactory(summary=summary, position=number, text=text, start=start)
            start += len(text) + 1
        summaries.append(summary)
    round_ = RoundFactory(
        project=project,
        status=RoundStatus.OPEN,
        opened_at=timezone.now(),
        guideline_version=GuidelineFactory(project=project),
        overlap=1,
        key_fact_source=key_fact_source,
        given_atomic_facts=given_atomic_facts,
    )
    assignment = AssignmentFactory(round=round_, topic=topic, annotator=linguist)
    return {"assignment": assignment, "summaries": summaries, "topic": topic}


def saved(page: Page) -> None:
    expect(page.locator(".save-status")).to_have_text("Saved ✓", timeout=15_000)


def cell(page: Page, fact: int, letter: str) -> Any:
    return page.get_by_role("gridcell", name=re.compile(f"^Key fact {fact}, summary {letter}:"))


def letters(page: Page) -> dict[str, str]:
    """Each summary's letter on this linguist's page, by its first sentence."""
    found = {}
    for index in range(len(SUMMARIES)):
        letter = chr(ord("A") + index)
        group = page.get_by_role("group", name=f"Summary {letter}, sentence 1")
        found[group.locator(".sentence__text").inner_text().lstrip("0123456789").strip()] = letter
    return {text: found[text] for text in (sentences[0] for sentences in SUMMARIES)}


def submit(page: Page) -> None:
    page.keyboard.press("Control+Enter")
    page.get_by_role("dialog", name="Submit this unit?").wait_for()
    page.keyboard.press("Enter")
    expect(page.get_by_text("Submitted — thank you")).to_be_visible(timeout=15_000)


def test_a_linguist_writes_aligns_and_verifies_facts_by_keyboard(page: Page, live_server) -> None:
    built = unit()
    assignment: Assignment = built["assignment"]
    sign_in(page, live_server.url, "keyfacts")
    expect(page.get_by_text("Signed in as")).to_be_visible()
    page.goto(f"{live_server.url}/app/assignments/{assignment.pk}")
    page.get_by_role("heading", name="Key facts").wait_for()
    summary_of = {letters(page)[SUMMARIES[i][0]]: built["summaries"][i] for i in range(2)}

    # 1. p, then each fact and Enter: the field is ready for the next one.
    page.keyboard.press("p")
    expect(page.get_by_role("textbox", name="Key fact 1")).to_be_focused()
    for fact in FACTS:
        page.keyboard.type(fact)
        page.keyboard.press("Enter")
    expect(page.get_by_role("textbox", name="Key fact 4")).to_be_focused()
    expect(page.get_by_role("textbox", name="Key fact 2")).to_have_value(FACTS[1])
    saved(page)
    assert (
        list(
            KeyFact.objects.filter(sheet__assignment=assignment)
            .order_by("position")
            .values_list("text", flat=True)
        )
        == FACTS
    )

    # 2. The grid, by keyboard (summaries by letter only): Esc leaves the list for fact 1 by
    # summary A; a sentence's number marks it (the summary states the fact), Space toggles
    # stated / not stated, the arrows move.
    page.keyboard.press("Escape")
    expect(cell(page, 1, "A")).to_be_focused()
    for key in ("1", "ArrowRight", "1", "ArrowDown", "Space", "Space", "ArrowLeft", "2"):
        page.keyboard.press(key)
    expect(cell(page, 2, "B")).to_have_accessible_name("Key fact 2, summary B: does not state it")
    expect(cell(page, 2, "A")).to_be_focused()
    for key in ("ArrowDown", "Space", "Space", "ArrowRight"):
        page.keyboard.press(key)
    # …and by mouse: Enter opens the cell, its sentences are clicked.
    page.keyboard.press("Enter")
    detail = page.get_by_role("group", name="Alignment of key fact 3 in summary B")
    detail.get_by_role("button", name=re.compile("sentence 2 states key fact 3")).click()
    expect(cell(page, 3, "B")).to_have_accessible_name(
        "Key fact 3, summary B: states it (sentence 2)"
    )
    scores = page.get_by_role("table", name="Your completeness and conciseness per summary")
    expect(scores.locator("tbody tr").nth(0)).to_have_text(
        re.compile(r"A\s*2 of 3 \(67%\)\s*2 of 2 \(100%\)")
    )
    expect(scores.locator("tbody tr").nth(1)).to_have_text(
        re.compile(r"B\s*2 of 3 \(67%\)\s*2 of 2 \(100%\)")
    )
    saved(page)

    # 3. Atomic facts of each summary: j to a sentence, a, the claims; Esc, then 1 / 2.
    summary_a_first = page.get_by_role("group", name="Summary A, sentence 1")
    summary_a_first.focus()
    page.keyboard.press("a")
    expect(page.get_by_role("textbox", name="Atomic fact 1 of summary A")).to_be_focused()
    page.keyboard.type("The council votes")
    page.keyboard.press("Enter")
    page.keyboard.type("The vote is about the river bus")
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")
    expect(
        page.get_by_role("group", name=re.compile("^Atomic fact 2 of summary A:"))
    ).to_be_focused()
    page.keyboard.press("1")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("1")
    # The focused fact takes evidence: d to the dialogue, Enter takes a whole turn, Esc back.
    page.keyboard.press("d")
    expect(page.locator(".turn[data-turn-id]:focus")).to_have_count(1)
    page.keyboard.press("Enter")
    expect(page.locator(".turn[data-evidence]")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(
        page.get_by_role("group", name=re.compile("^Atomic fact 1 of summary A:"))
    ).to_be_focused()
    # A claim of sentence 2 the dialogue does not support, with nothing in it to point at.
    page.get_by_role("group", name="Summary A, sentence 2").focus()
    page.keyboard.press("a")
    page.keyboard.type("The vote is tomorrow")
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")
    page.keyboard.press("2")
    page.keyboard.press("o")
    expect(page.get_by_text("ACU score 2 of 3 (67%)")).to_be_visible()
    page.get_by_role("group", name="Summary B, sentence 1").focus()
    page.keyboard.press("a")
    page.keyboard.type("A vote is due")
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")
    page.keyboard.press("1")
    saved(page)

    # 4. Reload: the facts, the grid, the verdicts and the evidence are as they were left.
    page.reload()
    page.get_by_role("heading", name="Key facts").wait_for()
    for number, fact in enumerate(FACTS, start=1):
        expect(page.get_by_role("textbox", name=f"Key fact {number}", exact=True)).to_have_value(
            fact
        )
    expect(cell(page, 1, "A")).to_have_accessible_name(
        "Key fact 1, summary A: states it (sentence 1)"
    )
    expect(cell(page, 3, "B")).to_have_accessible_name(
        "Key fact 3, summary B: states it (sentence 2)"
    )
    expect(
        page.get_by_role("group", name="Atomic fact 3 of summary A: not supported")
    ).to_be_visible()
    expect(
        page.get_by_role("list", name="Evidence for atomic fact 1 of summary A")
    ).to_contain_text("the whole turn")
    expect(
        page.get_by_role(
            "checkbox", name="No evidence in the dialogue for atomic fact 3 of summary A"
        )
    ).to_be_checked()

    # 5. Submit: nothing is missing.
    page.locator("body").click(position={"x": 5, "y": 5})
    submit(page)
    assignment.refresh_from_db()
    assert assignment.status == AssignmentStatus.SUBMITTED
    aligned = {
        (a.key_fact.position, a.summary_id): (
            a.covered,
            sorted(s.sentence.position + 1 for s in a.sentences.all()),
        )
        for a in KeyFactAlignment.objects.filter(key_fact__sheet__assignment=assignment)
        .select_related("key_fact")
        .prefetch_related("sentences__sentence")
    }
    a, b = summary_of["A"].pk, summary_of["B"].pk
    assert aligned == {
        (1, a): (True, [1]),
        (1, b): (True, [1]),
        (2, a): (True, [2]),
        (2, b): (False, []),
        (3, a): (False, []),
        (3, b): (True, [2]),
    }
    facts = list(
        AtomicFact.objects.filter(sheet__assignment=assignment, sheet__summary=summary_of["A"])
        .order_by("position")
        .prefetch_related("evidence")
    )
    assert [(f.text, f.verdict, f.no_evidence, len(f.evidence.all())) for f in facts] == [
        ("The council votes", "supported", False, 1),
        ("The vote is about the river bus", "supported", False, 0),
        ("The vote is tomorrow", "not_supported", True, 0),
    ]
    assert [f.sentence.position + 1 for f in facts] == [1, 1, 2]
    assert [f.sentence.summary_id for f in facts] == [a, a, a]

    # 6. The researcher releases the round and reads completeness per system (names are
    # the researcher's to see): A states facts 1 and 2 of 3, B facts 1 and 3.
    researcher = UserFactory(username="researcher-kf")
    project = assignment.round.project
    Membership.objects.create(project=project, user=researcher, role=Role.RESEARCHER)
    page.context.clear_cookies()
    sign_in(page, live_server.url, "researcher-kf")
    page.get_by_role("link", name=f"Releases of {project.name}").click()
    page.get_by_label("Version").fill("1.0.0")
    page.get_by_label(re.compile(rf"^{re.escape(assignment.round.name)} \(")).check()
    page.get_by_label("Native JSONL").check()
    page.get_by_role("button", name="Build release").click()
    page.get_by_role("region", name="Releasing from open rounds").get_by_label(
        "Release them anyway"
    ).check()
    page.get_by_role("button", name="Build release").click()
    expect(page.get_by_text("Release 1.0.0 is published")).to_be_visible(timeout=60_000)
    table = page.get_by_role("table", name="Scores per system of 1.0.0")
    for summary in summary_of.values():
        row = table.get_by_role("row", name=re.compile(re.escape(summary.system)))
        expect(row).to_contain_text("0.667")  # completeness: two of the three facts
    expect(
        page.get_by_role("img", name=re.compile(r"^Scores per system of 1\.0\.0"))
    ).to_be_visible()


def test_given_key_facts_and_atomic_facts_are_only_aligned_and_verified(
    page: Page, live_server
) -> None:
    built = unit(key_fact_source="finesure", given_atomic_facts=True)
    assignment: Assignment = built["assignment"]
    given = KeyFactList.objects.create(topic=built["topic"], source="finesure")
    for position, text in enumerate(FACTS[:2], start=1):
        KeyFact.objects.create(given_list=given, position=position, text=text)
    for summary in built["summaries"]:
        AtomicFact.objects.create(given_for=summary, position=1, text=f"{summary.text[:20]} holds")

    sign_in(page, live_server.url, "keyfacts")
    expect(page.get_by_text("Signed in as")).to_be_visible()
    page.goto(f"{live_server.url}/app/assignments/{assignment.pk}")
    page.get_by_role("heading", name="Key facts").wait_for()
    expect(page.get_by_role("list", name="Given key facts")).to_contain_text(FACTS[1])
    expect(page.get_by_role("textbox", name=re.compile("^Key fact"))).to_have_count(0)

    # p goes to the grid: every cell decided by keyboard.
    page.keyboard.press("p")
    expect(cell(page, 1, "A")).to_be_focused()
    for key in (
        "1",
        "ArrowRight",
        "Space",
        "Space",
        "ArrowDown",
        "2",
        "ArrowLeft",
        "Space",
        "Space",
    ):
        page.keyboard.press(key)
    for letter in ("A", "B"):
        page.get_by_role("group", name=f"Summary {letter}, sentence 1").focus()
        page.keyboard.press("a")
        expect(
            page.get_by_role("group", name=f"Atomic fact 1 of summary {letter}: no verdict yet")
        ).to_be_focused()
        page.keyboard.press("1")
    saved(page)
    page.reload()
    expect(page.get_by_role("group", name="Atomic fact 1 of summary B: supported")).to_be_visible()
    page.locator("body").click(position={"x": 5, "y": 5})
    submit(page)

    sheet = list(
        KeyFact.objects.filter(sheet__assignment=assignment)
        .order_by("position")
        .values_list("given_id", "text")
    )
    assert sheet == list(given.facts.order_by("position").values_list("id", "text"))
    assert AtomicFact.objects.filter(sheet__assignment=assignment, verdict="supported").count() == 2
