"""The workspace by keyboard alone, in Chromium: every answer reachable and changeable from any
focus without a mouse (relevance and the topic category included), moving focus never saves,
Find and the next unit have keys, submit asks first; and the layout holds (the shell never
moves, the error-type list never covers its sentence, the guidelines sit beside the work with
their tables rendered)."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from annotations.models import (
    Assignment,
    AssignmentStatus,
    JudgementChange,
    SentenceJudgement,
    Summary,
    SummaryJudgement,
    TopicJudgement,
)
from tests.e2e.conftest import sign_in

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

EXPLANATION = "Bo said it, not Ines."


def open_first_unit(page: Page, live_server) -> Assignment:
    call_command("load_demo", stdout=None)
    assignment = Assignment.objects.filter(annotator__username="linguist1").order_by("id")[0]
    sign_in(page, live_server.url, "linguist1")
    page.goto(f"{live_server.url}/app/assignments/{assignment.pk}")
    page.locator(".sentence").first.wait_for()
    return assignment


def saved(page: Page) -> None:
    expect(page.locator(".save-status")).to_have_text("Saved ✓", timeout=15_000)


def focused_name(page: Page) -> str:
    return page.evaluate(
        "() => document.activeElement?.getAttribute('aria-label')"
        " ?? document.activeElement?.textContent ?? ''"
    )


# The colour of an element's text and the opaque background it sits on (its own and its
# ancestors' backgrounds composited over white), and their WCAG contrast ratio.
COLOURS_JS = """el => {
  const parse = (css) => {
    const v = css.match(/[\\d.]+/g).map(Number);
    const scale = css.startsWith('color(') ? 255 : 1;  // color(srgb 0.1 0.2 0.3 / 0.5)
    return [v[0] * scale, v[1] * scale, v[2] * scale, v.length > 3 ? v[3] : 1];
  };
  const backgroundFrom = (start) => {
    const layers = [];
    for (let node = start; node; node = node.parentElement) {
      const bg = parse(getComputedStyle(node).backgroundColor);
      if (bg[3] > 0) layers.push(bg);
      if (bg[3] >= 1) break;
    }
    const over = (base, [r, g, b, a]) => [0, 1, 2].map((i) => [r, g, b][i] * a + base[i] * (1 - a));
    return layers.reverse().reduce(over, [255, 255, 255]);
  };
  return { color: parse(getComputedStyle(el).color).slice(0, 3),
           background: backgroundFrom(el), under: backgroundFrom(el.parentElement) };
}"""


def luminance(rgb: list[float]) -> float:
    def channel(value: float) -> float:
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(value) for value in rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: list[float], second: list[float]) -> float:
    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def colours(locator) -> dict:
    found = locator.evaluate(COLOURS_JS)
    found["contrast"] = round(contrast(found["color"], found["background"]), 2)
    return found


def test_a_whole_unit_by_keyboard_alone_and_on_to_the_next(page: Page, live_server) -> None:
    assignment = open_first_unit(page, live_server)
    summaries = list(Summary.objects.filter(topic=assignment.topic))
    sentences = sum(s.sentences.count() for s in summaries)

    # The topic category first, from anywhere: c then 2 (marginal); changed to main below.
    page.keyboard.press("c")
    page.keyboard.press("2")
    saved(page)
    assert TopicJudgement.objects.get(assignment=assignment).category == "marginal"

    # Every sentence: j moves, 1 labels; the first is inconsistent, explained and typed.
    for index in range(sentences):
        page.keyboard.press("j")
        if index == 0:
            page.keyboard.press("2")
            page.keyboard.press("e")
            page.keyboard.type(EXPLANATION)
            page.keyboard.press("Escape")
            page.keyboard.press("t")
            page.keyboard.type("Mis-Ref")
            page.keyboard.press("Enter")
            page.keyboard.press("Escape")
            page.keyboard.press("Escape")
        else:
            page.keyboard.press("1")
    saved(page)

    # Relevance: n lands on the first unanswered relevance question, with no sentence of that
    # summary focused; the arrows only move focus, a digit answers, Esc goes back.
    changes_before = JudgementChange.objects.filter(kind="summaryjudgement").count()
    page.keyboard.press("n")
    expect(page.locator("[role=radio]:focus")).to_have_count(1)
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("3")
    saved(page)
    # One change, the 3: the values the arrows passed were never saved.
    assert JudgementChange.objects.filter(kind="summaryjudgement").count() == changes_before + 1
    page.keyboard.press("r")
    page.keyboard.press("5")  # r then a digit works from the question too: 3 becomes 5
    saved(page)
    # c then 1 from the relevance question sets the topic category, not relevance 1.
    page.keyboard.press("c")
    page.keyboard.press("1")
    saved(page)
    assert TopicJudgement.objects.get(assignment=assignment).category == "main"
    page.keyboard.press("Escape")
    expect(page.locator(".sentence:focus")).to_have_count(1)
    page.keyboard.press("x")  # this summary is marked as not a summary
    saved(page)
    for _ in range(len(summaries) - 1):
        page.keyboard.press("n")
        page.keyboard.press("4")
    saved(page)
    relevances = sorted(
        SummaryJudgement.objects.filter(assignment=assignment).values_list("relevance", flat=True)
    )
    assert relevances == sorted([5] + [4] * (len(summaries) - 1))

    # Find with /: Enter steps through matches; Esc leaves the field.
    page.keyboard.press("/")
    expect(page.get_by_role("searchbox", name="Find in dialogue")).to_be_focused()
    page.keyboard.type("the")
    page.keyboard.press("Enter")
    expect(page.locator(".find-counter")).to_have_text(re.compile(r"^2 of \d+$"))
    page.keyboard.press("Escape")
    expect(page.locator(".sentence:focus")).to_have_count(1)

    # Ctrl+Enter asks first; Esc keeps working, Enter submits, even pressed at once (before
    # the dialog has taken focus: such an Enter used to be lost and the dialog stayed open).
    page.keyboard.press("Control+Enter")
    dialog = page.get_by_role("dialog", name="Submit this unit?")
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assignment.refresh_from_db()
    assert assignment.status != AssignmentStatus.SUBMITTED
    page.keyboard.press("Control+Enter")
    page.keyboard.press("Enter")
    expect(page.get_by_text("Submitted — thank you")).to_be_visible()
    assignment.refresh_from_db()
    assert assignment.status == AssignmentStatus.SUBMITTED
    assert TopicJudgement.objects.get(assignment=assignment).category == "main"
    labels = SentenceJudgement.objects.filter(assignment=assignment).values_list("label", flat=True)
    assert sorted(labels) == ["consistent"] * (sentences - 1) + ["inconsistent"]
    wrong = SentenceJudgement.objects.get(assignment=assignment, label="inconsistent")
    assert wrong.explanation == EXPLANATION
    assert list(wrong.error_types.values_list("name", flat=True)) == ["Mis-Referencing"]

    assert SummaryJudgement.objects.filter(assignment=assignment, not_a_summary=True).count() == 1

    # Read-only, the answers still look chosen, unlike the choices not taken, and read at
    # WCAG AA (4.5:1 for text, 3:1 for the box of a ticked checkbox).
    chosen = page.get_by_role("button", name="Summary A, sentence 1: inconsistent")
    expect(chosen).to_have_attribute("aria-pressed", "true")
    not_chosen = page.get_by_role("button", name="Summary A, sentence 1: consistent")
    assert colours(chosen)["background"] != colours(not_chosen)["background"]
    for label in page.locator(".label-toggle[aria-pressed=true]").all():
        assert colours(label)["contrast"] >= 4.5, colours(label)
    for choice in page.locator(".choice[aria-checked=true] .choice__label").all():
        assert colours(choice)["contrast"] >= 4.5, colours(choice)
    ticked = page.get_by_role("checkbox", checked=True)
    expect(ticked).to_have_count(1)
    unticked = page.get_by_role("checkbox", checked=False).first
    assert colours(ticked)["background"] != colours(unticked)["background"]
    assert contrast(colours(ticked)["background"], colours(ticked)["under"]) >= 3
    label = page.locator(".mantine-Checkbox-root[data-checked] .mantine-Checkbox-label")
    assert colours(label)["contrast"] >= 4.5, colours(label)

    # Shift+N opens the next unit.
    page.keyboard.press("Shift+N")
    expect(page).to_have_url(re.compile(r"/app/assignments/(\d+)$"))
    expect(page.get_by_text("unit 2 of")).to_be_visible()


def overlap(first: dict, second: dict) -> bool:
    return (
        first["x"] < second["x"] + second["width"]
        and second["x"] < first["x"] + first["width"]
        and first["y"] < second["y"] + second["height"]
        and second["y"] < first["y"] + first["height"]
    )


def test_the_shell_never_moves_and_the_type_list_leaves_its_sentence_in_view(
    page: Page, live_server
) -> None:
    # A short laptop screen: little room below a sentence for the type list.
    page.set_viewport_size({"width": 1280, "height": 600})
    open_first_unit(page, live_server)
    header = page.locator(".workspace-bar")
    dialogue = page.locator(".workspace-pane--dialogue")

    def shell_still() -> None:
        assert page.evaluate("() => document.scrollingElement.scrollTop") == 0
        assert header.bounding_box()["y"] == 0

    header.hover()
    page.mouse.wheel(0, 2000)
    # Wheel events are handled in order: once the dialogue has scrolled, the header's is done.
    dialogue.hover()
    page.mouse.wheel(0, 200)
    page.wait_for_function("el => el.scrollTop > 0", arg=dialogue.element_handle())
    shell_still()
    find = page.get_by_role("searchbox", name="Find in dialogue")
    find.fill("the")
    for _ in range(3):
        find.press("Enter")
    expect(page.locator(".find-counter")).to_have_text(re.compile(r"^4 of \d+$"))
    shell_still()

    # A sentence mid-pane and the last one: the type list opens below the sentence, never
    # over it, and fits on the screen (it shrinks to the room there).
    find.press("Escape")
    for sentence in (page.locator(".sentence").nth(2), page.locator(".sentence").last):
        sentence.focus()
        page.keyboard.press("2")
        page.keyboard.press("t")
        listbox = page.get_by_role("listbox")
        expect(listbox).to_be_visible()
        sentence_box = sentence.locator(".sentence__text").bounding_box()
        list_box = listbox.bounding_box()
        assert sentence_box is not None
        assert list_box is not None
        assert not overlap(sentence_box, list_box), (sentence_box, list_box)
        assert sentence_box["y"] >= header.bounding_box()["height"]  # the sentence is in view
        assert list_box["y"] + list_box["height"] <= 600, list_box  # so is the whole list
        shell_still()
        page.keyboard.press("Escape")
        page.keyboard.press("Escape")
        expect(listbox).to_be_hidden()


def test_the_guidelines_sit_beside_the_work_with_their_tables(page: Page, live_server) -> None:
    open_first_unit(page, live_server)
    page.keyboard.press("j")
    page.keyboard.press("g")
    panel = page.get_by_role("complementary", name=re.compile(r"^Guidelines v\d+$"))
    expect(panel).to_be_visible()
    expect(panel.get_by_role("table").first).to_be_visible()
    expect(panel.get_by_role("columnheader", name="What it means")).to_be_visible()
    expect(panel).not_to_contain_text("| Type |")
    # Focus stayed in the work: the keys still label sentences.
    expect(page.locator(".sentence:focus")).to_have_count(1)
    page.keyboard.press("1")
    saved(page)

    # Shift+G moves focus into them, where Page Down scrolls them (not the shell); the keys
    # still work there, and Esc goes back to the sentence.
    page.keyboard.press("Shift+G")
    expect(panel).to_be_focused()
    page.keyboard.press("PageDown")
    page.wait_for_function("el => el.scrollTop > 0", arg=panel.element_handle())
    assert page.evaluate("() => document.scrollingElement.scrollTop") == 0
    page.keyboard.press("j")
    expect(page.get_by_role("group", name="Summary A, sentence 2")).to_be_focused()
    page.keyboard.press("Shift+G")
    page.keyboard.press("Escape")
    expect(page.get_by_role("group", name="Summary A, sentence 2")).to_be_focused()
    page.keyboard.press("g")
    expect(panel).to_be_hidden()
