"""Undo and redo in the workspace, in Chromium: Ctrl+Z takes the last change back and
Ctrl+Shift+Z makes it again, each an audited save with the item's current version; Delete
clears a label; and Ctrl+Z inside the explanation is the browser's own undo of the typing."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from annotations.models import JudgementChange, SentenceJudgement
from tests.e2e.test_workspace_keys import open_first_unit, saved

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


def test_ctrl_z_undoes_the_last_change_and_is_saved_and_audited_like_any_other(
    page: Page, live_server
) -> None:
    assignment = open_first_unit(page, live_server)
    first = page.locator(".sentence").first
    consistent = first.get_by_role("button", name=", sentence 1: consistent")
    page.keyboard.press("j")
    page.keyboard.press("1")
    expect(consistent).to_have_attribute("aria-pressed", "true")
    saved(page)

    # In the explanation box Ctrl+Z is the browser's: it takes back typing, not the label.
    page.keyboard.press("2")
    page.keyboard.press("e")
    page.keyboard.type("Bo said it")
    page.keyboard.press("Control+z")
    explanation = first.get_by_role("textbox", name="Explanation for summary", exact=False)
    expect(explanation).not_to_have_value("Bo said it")
    expect(first.get_by_role("button", name=", sentence 1: inconsistent")).to_have_attribute(
        "aria-pressed", "true"
    )
    explanation.fill("")
    page.keyboard.press("Escape")
    saved(page)

    # Outside a field, Ctrl+Z undoes the unit's last change: inconsistent → consistent.
    page.keyboard.press("Control+z")
    expect(consistent).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_text("Undone: summary", exact=False)).to_be_visible()
    saved(page)
    sentence = first.get_attribute("data-nav")
    assert sentence is not None
    judgement = SentenceJudgement.objects.filter(assignment=assignment).order_by("id").first()
    assert judgement is not None
    assert judgement.label == "consistent"

    page.keyboard.press("Control+Shift+z")
    expect(consistent).to_have_attribute("aria-pressed", "false")
    saved(page)
    page.keyboard.press("Delete")
    expect(first.get_by_role("button", name=", sentence 1: inconsistent")).to_have_attribute(
        "aria-pressed", "false"
    )
    saved(page)
    judgement.refresh_from_db()
    assert judgement.label == ""
    labels = [
        (change.after or {}).get("label")
        for change in JudgementChange.objects.filter(
            kind="sentencejudgement", object_id=judgement.pk
        ).order_by("id")
        if "label" in (change.after or {})
    ]
    # Every step is in the audit trail, the undo and the redo included.
    assert labels[-3:] == ["consistent", "inconsistent", ""]
