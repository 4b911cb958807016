"""Second-stage review in Chromium: a reviewer confirms one error, overturns one as a false
positive and changes the types of a third; the second reviewer confirms two and disputes the
third with a note; the linguist then sees on their past unit what review decided."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from playwright.sync_api import Browser, Page, expect

from annotations.models import (
    Assignment,
    AssignmentStage,
    AssignmentStatus,
    ReviewDecision,
    Round,
    RoundKind,
    RoundStatus,
    SecondReview,
    SentenceJudgement,
    SummaryJudgement,
    TopicJudgement,
)
from annotations.services.item_rounds import ItemRoundRequest, item_round_create
from annotations.services.rounds import round_open
from tests.e2e.conftest import sign_in

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]


def reviewed_pilot() -> tuple[Round, Assignment]:
    """The demo pilot submitted and closed, linguist1 flagging the first three sentences of
    their first unit; a review round over it, open. Returns it and linguist1's unit."""
    call_command("load_demo", stdout=None)
    pilot = Round.objects.get(project__slug="demo", kind=RoundKind.PILOT)
    first_unit = Assignment.objects.filter(round=pilot).order_by("topic_id", "id").first()
    for assignment in Assignment.objects.filter(round=pilot).select_related("annotator"):
        flagged = 0
        for summary in assignment.topic.summaries.order_by("id"):
            for sentence in summary.sentences.order_by("position"):
                flag = (
                    assignment.topic_id == first_unit.topic_id
                    and assignment.annotator.username == "linguist1"
                    and flagged < 3
                )
                flagged += flag
                judgement = SentenceJudgement.objects.create(
                    assignment=assignment,
                    sentence=sentence,
                    label="inconsistent" if flag else "consistent",
                    explanation=f"Planted error {flagged}." if flag else "",
                )
                if flag:
                    judgement.error_types.set(pilot.project.taxonomy.types.order_by("id")[:1])
            SummaryJudgement.objects.create(assignment=assignment, summary=summary, relevance=4)
        TopicJudgement.objects.create(assignment=assignment, category="main")
    Assignment.objects.filter(round=pilot).update(status=AssignmentStatus.SUBMITTED)
    pilot.status = RoundStatus.CLOSED
    pilot.save()
    review, items = item_round_create(
        ItemRoundRequest(
            project=pilot.project,
            name="Review 1",
            kind=RoundKind.REVIEW,
            guideline_version=pilot.guideline_version.version,
            people=["reviewer", "reviewer2"],
            source_rounds=[pilot.pk],
        )
    )
    assert items == 3
    round_open(round=review)
    mine = Assignment.objects.get(
        round=pilot,
        topic=first_unit.topic,
        annotator=get_user_model().objects.get(username="linguist1"),
    )
    return review, mine


def open_items(page: Page, base_url: str, assignment: Assignment) -> None:
    sign_in(page, base_url, assignment.annotator.username)
    section = page.get_by_role("region", name="Your reviews")
    expect(section).to_be_visible()
    section.get_by_role("link").first.click()
    expect(page.get_by_role("region", name="Items")).to_be_visible()


def test_review_second_review_and_the_linguists_view(
    page: Page, browser: Browser, live_server
) -> None:
    review, mine = reviewed_pilot()
    first = Assignment.objects.select_related("annotator").get(
        round=review, stage=AssignmentStage.REVIEW
    )
    second = Assignment.objects.select_related("annotator").get(
        round=review, stage=AssignmentStage.SECOND_REVIEW
    )
    open_items(page, live_server.url, first)
    # The annotators appear by role letter only, the summary by its letter.
    expect(page.get_by_text("R1").first).to_be_visible()
    expect(page.get_by_text("linguist1")).to_have_count(0)
    page.keyboard.press("1")  # error confirmed
    page.keyboard.press("j")
    page.keyboard.press("2")  # false positive, with a note
    page.keyboard.press("n")
    page.keyboard.type("Turn 2 says exactly this.")
    page.get_by_role("heading", level=1).click()  # the note saves when it loses focus
    page.keyboard.press("j")
    page.keyboard.press("3")  # types changed
    page.keyboard.press("t")  # the types field: type to filter, Enter to add
    page.keyboard.type(review.project.taxonomy.types.order_by("id")[1].name)
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")
    expect(page.get_by_text("to do", exact=True)).to_have_count(0)
    page.keyboard.press("Control+Enter")  # asks first; Enter confirms
    expect(page.get_by_role("dialog")).to_be_visible()
    page.keyboard.press("Enter")
    expect(page.get_by_text("Submitted — thank you")).to_be_visible()
    decisions = dict(
        ReviewDecision.objects.filter(assignment=first).values_list(
            "sentence__position", "decision"
        )
    )
    assert sorted(decisions.values()) == ["confirmed", "false_positive", "types_changed"]

    context = browser.new_context()
    other = context.new_page()
    other.set_default_timeout(15_000)
    open_items(other, live_server.url, second)
    expect(other.get_by_text("Review decision: Error confirmed")).to_be_visible()
    other.keyboard.press("1")  # confirm
    other.keyboard.press("j")
    expect(other.get_by_text("Review decision: False positive")).to_be_visible()
    other.keyboard.press("2")  # dispute
    other.keyboard.press("n")
    other.keyboard.type("Turn 2 says the opposite.")
    other.get_by_role("heading", level=1).click()
    other.keyboard.press("j")
    other.keyboard.press("1")  # confirm
    expect(other.get_by_text("to do", exact=True)).to_have_count(0)
    other.keyboard.press("Control+Enter")  # asks first; Enter confirms
    expect(other.get_by_role("dialog")).to_be_visible()
    other.keyboard.press("Enter")
    expect(other.get_by_text("Submitted — thank you")).to_be_visible()
    context.close()
    verdicts = sorted(
        SecondReview.objects.filter(assignment=second).values_list("verdict", flat=True)
    )
    assert verdicts == ["confirm", "confirm", "dispute"]

    linguist = browser.new_context().new_page()
    linguist.set_default_timeout(15_000)
    sign_in(linguist, live_server.url, "linguist1")
    linguist.goto(f"{live_server.url}/app/assignments/{mine.pk}")
    # Under each reviewed sentence: what review decided, and where that decision stands.
    outcomes = linguist.get_by_role("note", name="Review outcome")
    expect(outcomes).to_have_count(3)
    expect(outcomes.filter(has_text="Turn 2 says exactly this.")).to_contain_text(
        "false positive (the sentence is consistent)"
    )
    expect(outcomes.filter(has_text="disputed; an admin will decide")).to_have_count(1)
    expect(outcomes.filter(has_text="confirmed by a second reviewer")).to_have_count(2)
    expect(outcomes.filter(has_text="types changed to")).to_have_count(1)
