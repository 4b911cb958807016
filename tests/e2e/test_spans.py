"""Error spans and their evidence in Chromium: a linguist marks one span with the mouse and two
by keyboard only, links evidence by selecting words in the dialogue and by taking a whole turn,
says one error has no evidence in the dialogue; reloads; edits a span's note offline and back;
submits. The admin then reads span agreement on the dashboard and sees both annotators' spans
and evidence side by side in the disagreement view."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from annotations.models import (
    Assignment,
    AssignmentStatus,
    ErrorSpan,
    EvidenceSpan,
    Project,
    SentenceJudgement,
    SummaryJudgement,
    TopicJudgement,
    Turn,
)
from tests.e2e.conftest import sign_in

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]

WORD = re.compile(r"\w+(?:['\u2019.,-]\w+)*")

# The box of one character of an element's text, through however many text nodes the
# underlines have cut it into.
CHAR_BOX = """([selector, offset]) => {
  const root = document.querySelector(selector);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let left = offset;
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    if (left < node.length) {
      const range = document.createRange();
      range.setStart(node, left);
      range.setEnd(node, left + 1);
      const box = range.getBoundingClientRect();
      return { x: box.left, y: box.top, w: box.width, h: box.height };
    }
    left -= node.length;
  }
  return null;
}"""


def drag_select(page: Page, selector: str, start: int, end: int) -> None:
    """Select characters [start, end) of the element's text with the mouse."""
    page.locator(selector).scroll_into_view_if_needed()
    first: Any = page.evaluate(CHAR_BOX, [selector, start])
    last: Any = page.evaluate(CHAR_BOX, [selector, end - 1])
    page.mouse.move(first["x"] + 1, first["y"] + first["h"] / 2)
    page.mouse.down()
    page.mouse.move(last["x"] + last["w"] - 1, last["y"] + last["h"] / 2, steps=5)
    page.mouse.up()


def sentence_selector(name: str) -> str:
    return f'.sentence[aria-label="{name}"] .sentence__words'


def saved(page: Page) -> None:
    expect(page.locator(".save-status")).to_have_text("Saved ✓", timeout=15_000)


def explain(page: Page, text: str) -> None:
    """On the focused inconsistent sentence: an explanation (e) and a type (t)."""
    page.keyboard.press("e")
    page.keyboard.type(text)
    page.keyboard.press("Escape")
    page.keyboard.press("t")
    page.keyboard.type("Contradict")
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")


def second_linguist_submits(assignment: Assignment, spans: dict[int, tuple[int, int]]) -> None:
    """linguist2's unit, written directly: the same labels, their own spans (no evidence)."""
    for summary in assignment.topic.summaries.all():
        for sentence in summary.sentences.all():
            span = spans.get(sentence.pk)
            judgement = SentenceJudgement.objects.create(
                assignment=assignment,
                sentence=sentence,
                label="inconsistent" if span else "consistent",
                explanation="Not what was said." if span else "",
            )
            if span:
                ErrorSpan.objects.create(
                    judgement=judgement, start=span[0], end=span[1], no_evidence=True
                )
        SummaryJudgement.objects.create(assignment=assignment, summary=summary, relevance=4)
    TopicJudgement.objects.create(assignment=assignment, category="main")
    Assignment.objects.filter(pk=assignment.pk).update(status=AssignmentStatus.SUBMITTED)


def test_a_linguist_marks_spans_links_evidence_and_the_admin_compares_them(
    page: Page, live_server
) -> None:
    call_command("load_demo", stdout=None)
    Project.objects.filter(slug="demo").update(
        ask_error_spans=True, ask_evidence=True, require_evidence=True
    )
    assignment = Assignment.objects.filter(annotator__username="linguist1").order_by("id")[0]
    sentence_count = sum(s.sentences.count() for s in assignment.topic.summaries.all())

    sign_in(page, live_server.url, "linguist1")
    expect(page.get_by_text("Signed in as")).to_be_visible()
    page.goto(f"{live_server.url}/app/assignments/{assignment.pk}")
    page.locator(".sentence").first.wait_for()

    # 1. By mouse: a drag from inside one word to inside the next marks both, whole.
    first = sentence_selector("Summary A, sentence 1")
    text = page.locator(first).text_content() or ""
    words = list(WORD.finditer(text))
    drag_select(page, first, words[1].start() + 1, words[2].end() - 1)
    expect(page.locator(f"{first} .error-span")).to_have_text(
        text[words[1].start() : words[2].end()]
    )
    # The new span is active: a selection in the dialogue is its evidence.
    turn_text = page.locator("#turn-2 .turn__text").text_content() or ""
    turn_words = list(WORD.finditer(turn_text))
    drag_select(page, "#turn-2 .turn__text", turn_words[0].start(), turn_words[1].end())
    expect(page.locator("#turn-2 .evidence-mark")).to_have_text(
        turn_text[turn_words[0].start() : turn_words[1].end()]
    )
    saved(page)
    span = ErrorSpan.objects.get(judgement__assignment=assignment)
    assert (span.start, span.end) == (words[1].start(), words[2].end())
    assert span.judgement.label == "inconsistent"  # marking a wrong span says so
    turn_two = Turn.objects.get(document__topics=assignment.topic, position=1)
    assert list(
        EvidenceSpan.objects.filter(error_span=span).values_list("turn", "start", "end")
    ) == [(turn_two.pk, turn_words[0].start(), turn_words[1].end())]

    # 2. Keyboard only, from here on.
    # Esc leaves the dialogue for the sentence last worked on.
    page.keyboard.press("Escape")
    expect(page.locator(".sentence[data-active]")).to_have_attribute(
        "aria-label", "Summary A, sentence 1"
    )
    explain(page, "Only proposed, never approved.")
    seen_letters = {"A"}
    page.keyboard.press("r")
    page.keyboard.press("4")
    for index in range(1, sentence_count):
        page.keyboard.press("j")
        name = page.locator(".sentence[data-active]").get_attribute("aria-label") or ""
        if index == 1:
            # u, a word cursor: → moves, Shift+→ extends, Enter marks. Then d goes to the
            # dialogue, ↓ to the next turn, Enter takes the whole turn as evidence.
            page.keyboard.press("u")
            page.keyboard.press("ArrowRight")
            page.keyboard.press("Shift+ArrowRight")
            page.keyboard.press("Enter")
            expect(page.locator(f"{sentence_selector(name)} .error-span")).to_have_count(1)
            page.keyboard.press("Escape")
            page.keyboard.press("d")
            page.keyboard.press("ArrowDown")
            page.keyboard.press("Enter")
            expect(page.locator(".turn[data-evidence]")).to_have_count(1)
            page.keyboard.press("Escape")
            explain(page, "The dialogue says otherwise.")
        elif index == 2:
            # An extrinsic error: nothing in the dialogue to point at (o).
            page.keyboard.press("u")
            page.keyboard.press("Enter")
            page.keyboard.press("Escape")
            page.keyboard.press("o")
            expect(
                page.get_by_role(
                    "checkbox", name=re.compile(f"No evidence in the dialogue for span 1 of {name}")
                )
            ).to_be_checked()
            explain(page, "Nobody mentions this.")
        else:
            page.keyboard.press("1")
        letter = name.split(",")[0].removeprefix("Summary ")
        if letter not in seen_letters:
            seen_letters.add(letter)
            page.keyboard.press("r")
            page.keyboard.press("4")
    page.get_by_role("radio", name="Main").check()
    saved(page)

    spans = list(
        ErrorSpan.objects.filter(judgement__assignment=assignment)
        .order_by("judgement__sentence__summary__position", "judgement__sentence__position")
        .prefetch_related("evidence")
    )
    assert len(spans) == 3
    whole_turns = [e for s in spans for e in s.evidence.all() if e.start == 0 and e.end > 0]
    assert any(e.end == len(Turn.objects.get(pk=e.turn_id).text) for e in whole_turns)
    assert sum(s.no_evidence for s in spans) == 1

    # Reload: every span, its evidence and the extrinsic choice are still there.
    page.reload()
    expect(page.locator(".sentence .error-span[data-type]")).to_have_count(3)
    expect(
        page.get_by_role("list", name=re.compile("^Evidence for span 1 of Summary A, sentence 1"))
    ).to_contain_text("Turn 2:")

    # Offline: a note on a span waits, visibly, and is saved back online.
    page.context.set_offline(True)
    page.get_by_label("Note on span 1 of Summary A, sentence 1").fill("Only a proposal.")
    expect(page.locator(".save-status")).to_contain_text("Offline", timeout=15_000)
    page.context.set_offline(False)
    saved(page)
    noted = ErrorSpan.objects.get(judgement__assignment=assignment, note="Only a proposal.")
    assert (noted.start, noted.end) == (words[1].start(), words[2].end())

    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("Control+Enter")
    page.get_by_role("dialog", name="Submit this unit?").wait_for()
    page.keyboard.press("Enter")
    expect(page.get_by_text("Submitted — thank you")).to_be_visible(timeout=15_000)

    # linguist2 marks the first sentence's span exactly as linguist1 did, and another one.
    marked = {
        s.judgement.sentence_id: (s.start, s.end)
        for s in ErrorSpan.objects.filter(judgement__assignment=assignment).select_related(
            "judgement"
        )
    }
    other = Assignment.objects.get(
        round=assignment.round, topic=assignment.topic, annotator__username="linguist2"
    )
    second_linguist_submits(other, marked)

    admin = page.context.browser.new_context().new_page()  # type: ignore[union-attr]
    sign_in(admin, live_server.url, "admin")
    expect(admin.get_by_text("Signed in as")).to_be_visible()
    round_id = assignment.round_id
    admin.goto(f"{live_server.url}/app/admin/rounds/{round_id}/agreement?project=demo")
    admin.get_by_role("button", name="Compute now").click()
    exact = admin.get_by_role("article", name="Error spans (exact)")
    expect(exact).to_be_visible(timeout=30_000)
    # linguist2 marked exactly linguist1's spans.
    expect(exact.get_by_test_id("coefficient-value")).to_have_text(re.compile(r"^1(\.0+)?$"))
    expect(admin.get_by_role("article", name=re.compile("^Evidence"))).to_be_visible()

    admin.goto(
        f"{live_server.url}/app/admin/rounds/{round_id}/disagreements/{assignment.topic_id}"
        "?project=demo"
    )
    admin.get_by_role("switch", name="Show the sentences everyone agrees on").check(force=True)
    rows = admin.get_by_role("row", name=re.compile("^Error spans"))
    expect(rows.first).to_be_visible()
    evidence_button = admin.get_by_role(
        "button", name=re.compile(r"^Show the evidence of .* \(linguist1\) in the dialogue")
    ).first
    evidence_button.click()
    expect(admin.locator(".compare-pane--dialogue .evidence-mark").first).to_be_visible()
    expect(
        admin.get_by_role("button", name=re.compile(r"\(linguist2\) in the dialogue$")).first
    ).to_be_visible()
