"""Every screen of the app through axe-core (WCAG 2 A/AA and best practice) in Chromium, as the
role that uses it, on the demo with a round of every kind: no serious or critical violation.

ROUTES is the table of screens: a new screen gets a row (its signed-in user, its address with
{placeholders} from ``seed()`` and, where it has no level-1 heading, the text that shows it
has loaded). The failure lists every violation with the screen, the rule and the elements,
so one run shows all that is left to fix. docs/testing.md, "Accessibility".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect

from annotations.models import (
    Assignment,
    AssignmentStatus,
    Project,
    Release,
    Round,
    RoundKind,
    RoundStatus,
    SentenceJudgement,
)
from annotations.services.adjudication_round import adjudication_open
from annotations.services.agreement_reports import agreement_report_compute
from annotations.services.evaluator_runs import evaluator_run_upload, release_records
from annotations.services.item_rounds import ItemRoundRequest, item_round_create
from annotations.services.people import invitation_create, invitation_revoke
from annotations.services.rounds import round_open
from tests.e2e.conftest import sign_in
from tests.e2e.test_evaluators import published
from tests.e2e.test_release_analysis import open_error_rates
from tests.evaluators.test_judges import corpus_run, judges_report
from tests.review.test_review_flow import pilot_with_one_error, review_round

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]

# axe-core from the frontend's devDependencies (`npm ci`), injected into each page.
AXE = Path(settings.BASE_DIR) / "frontend" / "node_modules" / "axe-core" / "axe.min.js"
FAILING_IMPACTS = ("serious", "critical")


@dataclass(frozen=True)
class Route:
    name: str
    # Who signs in to see it (a demo username), or None for a signed-out visitor.
    user: str | None
    # The address, with {placeholders} filled from seed().
    path: str
    # Text visible once the screen has loaded its data; by default any level-1 heading.
    ready: str | None = None
    # Whether the screen is meant to be a "Page not found".
    not_found: bool = False
    # What to do on the loaded screen before the check (open a card, a tab).
    then: Callable[[Page], None] | None = None


def open_leaderboard(page: Page) -> None:
    card = page.get_by_role("listitem", name="1.0.0")
    card.get_by_role("button", name="Show card, manifest and evaluators of 1.0.0").click()
    card.get_by_role("tab", name="Evaluators").click()
    expect(card.get_by_role("table", name="Evaluators on 1.0.0, sentence level")).to_be_visible()


ROUTES: list[Route] = [
    # Signed out: Django's own pages.
    Route("sign-in", None, "/accounts/login/"),
    Route("invitation", None, "/accounts/invitations/{invitation}/"),
    Route("invitation (revoked)", None, "/accounts/invitations/{revoked_invitation}/"),
    # Where a sign-in through the identity provider that did not complete lands.
    Route("sign-in refused", None, "/accounts/oidc/refused/"),
    Route("Django 404", None, "/nonexistent", not_found=True),
    # Admin.
    Route("admin queue", "admin", "/"),
    Route("new project", "admin", "/app/admin/new-project"),
    Route("project page", "admin", "/app/admin/projects/demo"),
    Route("project page (spans)", "admin", "/app/admin/projects/demo-dialogue"),
    Route("project page (facts)", "admin", "/app/admin/projects/demo-facts"),
    Route("corpus", "admin", "/app/admin/projects/demo/corpus"),
    Route("taxonomy editor", "admin", "/app/admin/projects/demo/taxonomy"),
    Route("format help (native)", "admin", "/app/admin/help/native-jsonl"),
    Route("format help (csv)", "admin", "/app/admin/help/circumstantial-csv"),
    Route("format help (any import format)", "admin", "/app/admin/help/formats/label-studio"),
    Route("round progress", "admin", "/app/admin/rounds/{pilot}/progress"),
    Route(
        "agreement", "admin", "/app/admin/rounds/{pilot}/agreement", ready="Sentence consistency"
    ),
    Route("disagreements", "admin", "/app/admin/rounds/{pilot}/disagreements"),
    Route("disagreement unit", "admin", "/app/admin/rounds/{pilot}/disagreements/{topic}"),
    Route("review round progress", "admin", "/app/admin/rounds/{review}/progress"),
    Route("adjudication queue", "admin", "/app/admin/projects/demo/adjudication"),
    Route("judges", "admin", "/app/admin/projects/demo/judges"),
    Route("adjudication unit", "admin", "/app/admin/adjudication/{adjudication}?round={pilot}"),
    Route(
        "project creators",
        "admin",
        "/app/staff/project-creators",
        ready="Nobody yet: only site staff can create projects.",
    ),
    Route("app 404", "admin", "/app/admin/no-such-screen", not_found=True),
    # Linguist: the queue and the workspace of each kind of unit.
    Route("linguist queue", "linguist1", "/app/queue"),
    Route("API tokens", "linguist1", "/app/tokens", ready="You have no tokens yet."),
    Route("workspace (TofuEval)", "linguist1", "/app/assignments/{tofueval}", ready="Summary A"),
    Route("workspace (spans)", "linguist1", "/app/assignments/{spans}", ready="Summary A"),
    Route("workspace (facts)", "linguist1", "/app/assignments/{facts}", ready="Summary A"),
    Route("error typing items", "linguist1", "/app/assignments/{typing}/items"),
    # Reviewer.
    Route("reviewer queue", "reviewer", "/app/reviews"),
    Route("review items", "reviewer", "/app/assignments/{review_first}/items"),
    # Researcher: releases, a card opened on its evaluators (the leaderboard).
    Route("researcher queue", "researcher", "/"),
    Route("releases", "researcher", "/app/projects/demo/releases"),
    Route("leaderboard", "researcher", "/app/projects/demo/releases", then=open_leaderboard),
    Route("error rates", "researcher", "/app/projects/demo/releases", then=open_error_rates),
]


def seed(media_root: Path) -> dict[str, int | str]:
    """The demo with every screen populated: its pilot labelled with one disagreement and
    closed, a review round over it, an error-typing round over a sentence both linguists
    call inconsistent, an adjudication unit opened, a published release with an evaluator's
    run, the other studies' pilots open, and two invitations (one usable, one revoked)."""
    pilot, _ = pilot_with_one_error()
    review = review_round(pilot, ["reviewer", "reviewer2"])
    project = Project.objects.get(slug="demo")
    first = Assignment.objects.filter(round=pilot).order_by("topic_id", "id").first()
    assert first is not None
    admin = get_user_model().objects.get(username="admin")
    typing = error_typing_round(pilot)
    _invitation, token = invitation_create(project=project, actor=admin, role="annotator")
    revoked, revoked_token = invitation_create(project=project, actor=admin, role="reviewer")
    invitation_revoke(project=project, actor=admin, invitation_id=revoked.pk)
    adjudication = adjudication_open(project, first.topic_id, admin)
    # The agreement page with its charts: the report of the closed pilot.
    agreement_report_compute(round=pilot)
    release = published(pilot.pk)
    evaluator_run_upload(
        release=release,
        evaluator="Always consistent",
        data=("record_id,score\n" + "".join(f"{i},0.9\n" for i in _sentence_ids(release))).encode(),
        file_name="always.csv",
    )
    # The Judges page: two versions of a model's scores on the pilot's sentences (a trend,
    # a reliability diagram, disagreements with links to their units).
    pilot_sentences = list(
        SentenceJudgement.objects.filter(assignment__round=pilot)
        .values_list("sentence_id", flat=True)
        .distinct()
    )
    for version, shift in (("v1", 0.0), ("v2", 0.1)):
        corpus_run(
            project,
            "Model",
            version,
            {pk: {"score": min(1.0, (pk % 10) / 10 + shift)} for pk in pilot_sentences},
        )
    # The TofuEval workspace as a linguist works in it: one of linguist1's units reopened.
    linguist_unit = Assignment.objects.filter(
        round=pilot, annotator__username="linguist1"
    ).order_by("topic_id")[0]
    Round.objects.filter(pk=pilot.pk).update(status=RoundStatus.OPEN)
    Assignment.objects.filter(pk=linguist_unit.pk).update(status=AssignmentStatus.IN_PROGRESS)
    # Scored once here, by the recompute task run in-process (the embedded configuration):
    # the page then answers from the stored report instead of queueing one while axe waits.
    judges_report(project)

    def open_unit(slug: str) -> int:
        unit = Assignment.objects.filter(
            round__project__slug=slug,
            round__kind=RoundKind.PILOT,
            annotator__username="linguist1",
        ).order_by("topic_id")[0]
        return unit.pk

    return {
        "pilot": pilot.pk,
        "topic": first.topic_id,
        "review": review.pk,
        "review_first": Assignment.objects.filter(round=review, annotator__username="reviewer")
        .order_by("stage", "id")[0]
        .pk,
        "adjudication": adjudication.pk,
        "tofueval": linguist_unit.pk,
        "spans": open_unit("demo-dialogue"),
        "facts": open_unit("demo-facts"),
        "typing": Assignment.objects.filter(round=typing, annotator__username="linguist1")
        .order_by("id")[0]
        .pk,
        "invitation": token,
        "revoked_invitation": revoked_token,
    }


def error_typing_round(pilot: Round) -> Round:
    """An open error-typing round for the demo's three linguists over the pilot: it types the
    sentences the gold rule calls inconsistent, so the second unit's first sentence is made
    inconsistent for both linguists (the first unit keeps its one disagreement)."""
    second_unit = (
        Assignment.objects.filter(round=pilot).order_by("topic_id").values_list("topic_id")
    ).distinct()[1][0]
    sentence = (
        SentenceJudgement.objects.filter(
            assignment__round=pilot, sentence__summary__topic_id=second_unit
        )
        .order_by("sentence__summary_id", "sentence__position")
        .values_list("sentence_id", flat=True)
        .first()
    )
    SentenceJudgement.objects.filter(assignment__round=pilot, sentence_id=sentence).update(
        label="inconsistent", explanation="The summary adds a date the dialogue never gives."
    )
    typing, _ = item_round_create(
        ItemRoundRequest(
            project=pilot.project,
            name="Error typing 1",
            kind=RoundKind.ERROR_TYPING,
            guideline_version=pilot.guideline_version.version,
            people=["linguist1", "linguist2", "linguist3"],
            source_rounds=[pilot.pk],
            overlap=3,
        )
    )
    return round_open(round=typing)


def _sentence_ids(release: Release) -> list[str]:
    return [str(record_id) for record_id in release_records(release).sentences.record_id]


def serious_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci` in frontend/ (make install does)")
    # Colours measured mid-transition are neither the start's nor the end's (a dialog fading
    # in over its overlay read as #eccccc on #bb4a49): let every CSS transition and
    # animation finish first (a spinner's endless one never does: it is not waited for).
    page.wait_for_function(
        """() => document.getAnimations().every(
            (a) => a.playState !== 'running'
                || a.effect?.getComputedTiming().iterations === Infinity)"""
    )
    page.add_script_tag(path=str(AXE))
    violations: list[dict[str, Any]] = page.evaluate(
        """async () => {
            const results = await axe.run(document, { resultTypes: ['violations'] });
            return results.violations.map((v) => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 160),
                                             summary: n.failureSummary })),
            }));
        }"""
    )
    return [v for v in violations if v["impact"] in FAILING_IMPACTS]


def wait_until_loaded(page: Page, route: Route) -> None:
    if route.ready is not None:
        expect(page.get_by_text(route.ready, exact=True).first).to_be_visible()
    else:
        expect(page.get_by_role("heading", level=1).first).to_be_visible()
    expect(page.get_by_role("status", name="Loading")).to_have_count(0)
    page.wait_for_load_state("networkidle")
    not_found = page.get_by_role("heading", name=re.compile("^Page not found$"))
    expect(not_found).to_have_count(1 if route.not_found else 0)


def describe(route: Route, violations: list[dict[str, Any]]) -> str:
    lines = [f"{route.name} ({route.path}, as {route.user or 'nobody'}):"]
    for violation in violations:
        lines.append(f"  [{violation['impact']}] {violation['id']}: {violation['help']}")
        for node in violation["nodes"][:5]:
            lines.append(f"      {node['target']}  {node['html']}")
            lines.append("        " + node["summary"].replace("\n", "\n        "))
        if len(violation["nodes"]) > 5:
            lines.append(f"      ... and {len(violation['nodes']) - 5} more")
    return "\n".join(lines)


@pytest.mark.long
def test_every_screen_has_no_serious_accessibility_violation(
    browser: Browser, live_server, settings: Any, tmp_path: Path
) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    ids = seed(tmp_path)
    failures: list[str] = []
    by_user: dict[str | None, list[Route]] = {}
    for route in ROUTES:
        by_user.setdefault(route.user, []).append(route)
    for user, routes in by_user.items():
        context = browser.new_context()
        page = context.new_page()
        page.set_default_timeout(15_000)
        if user is not None:
            sign_in(page, live_server.url, user)
            expect(page.get_by_role("button", name="Sign out")).to_be_visible()
        for route in routes:
            page.goto(live_server.url + route.path.format(**ids))
            wait_until_loaded(page, route)
            if route.then is not None:
                route.then(page)
                page.wait_for_load_state("networkidle")
            violations = serious_violations(page)
            if violations:
                failures.append(describe(route, violations))
        context.close()
    assert not failures, "axe-core found serious or critical violations:\n" + "\n".join(failures)


PHONE = {"width": 390, "height": 844}


def assert_no_horizontal_scroll(page: Page, where: str) -> None:
    """The page is no wider than the screen; else name the outermost elements that stick out."""
    wider = page.evaluate(
        """() => {
            const limit = document.documentElement.clientWidth;
            if (document.documentElement.scrollWidth <= limit) return [];
            const out = [...document.querySelectorAll('body *')].filter((el) => {
                const box = el.getBoundingClientRect();
                const parent = el.parentElement.getBoundingClientRect();
                return box.right > limit + 1 && parent.right <= limit + 1;
            });
            return out.slice(0, 8).map((el) => `${el.tagName.toLowerCase()}.${el.className} `
                + `(${Math.round(el.getBoundingClientRect().right)} px)`);
        }"""
    )
    assert not wider, f"{where} scrolls sideways at {PHONE['width']} px: {wider}"


def assert_within_the_screen(page: Page, locator: Any, where: str) -> None:
    locator.scroll_into_view_if_needed()
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    assert box is not None
    assert box["x"] >= 0, (where, box)
    assert box["x"] + box["width"] <= PHONE["width"], (where, box)


def test_the_sign_in_card_and_the_adjudication_screen_fit_a_390_px_phone(
    browser: Browser, live_server
) -> None:
    pilot, _ = pilot_with_one_error()
    first = Assignment.objects.filter(round=pilot).order_by("topic_id", "id")[0]
    admin = get_user_model().objects.get(username="admin")
    adjudication = adjudication_open(Project.objects.get(slug="demo"), first.topic_id, admin)

    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/accounts/login/")
    assert_no_horizontal_scroll(page, "the sign-in page")
    for control in (
        page.get_by_label("Username"),
        page.get_by_label("Password"),
        page.get_by_role("button", name="Sign in"),
    ):
        assert_within_the_screen(page, control, "sign-in")

    sign_in(page, live_server.url, "admin")
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()
    page.goto(f"{live_server.url}/app/admin/adjudication/{adjudication.pk}?round={pilot.pk}")
    expect(page.get_by_role("heading", name=re.compile(r"^Adjudicate: "))).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert_no_horizontal_scroll(page, "the adjudication screen")
    case = page.get_by_label("Summary A, sentence 1", exact=True)
    for control in (
        case.get_by_role("button", name="Gold: consistent"),
        case.get_by_role("button", name="Gold: inconsistent"),
        case.get_by_label("Note on Summary A, sentence 1"),
        case.get_by_role("button", name="Save note"),
    ):
        assert_within_the_screen(page, control, "adjudication")
    assert_within_the_screen(page, page.get_by_role("region", name="Dialogue"), "adjudication")
    context.close()
