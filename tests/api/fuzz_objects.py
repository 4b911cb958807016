"""Real objects of every kind the API names in its paths, for the schema fuzz test
(tests/api/test_schema_fuzz.py): on top of the demo, a published release built by the release
service with an evaluator's metric and LLM runs, a finished agreement job, feedback with a
reply, an adjudication assignment with a case, review, error-typing and explanation rounds,
a judgement with its history, and the handle of every save kind in an assignment of its
kind. ``Seeded.choices`` gives an operation's path parameters of real objects, preferring
those the caller owns."""

from __future__ import annotations

import json
import zipfile
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from annotations.formats.release_records import read_release_records
from annotations.handles import decode, encode
from annotations.management.commands.load_demo import PILOT
from annotations.models import (
    Assignment,
    AssignmentStage,
    AssignmentStatus,
    ErrorType,
    ExplanationItem,
    Feedback,
    Job,
    Membership,
    Project,
    ReleaseStatus,
    ReviewDecision,
    Role,
    Round,
    RoundKind,
    RoundStatus,
    SentenceJudgement,
    Summary,
    TokenScope,
    WebhookDelivery,
)
from annotations.services.adjudication_round import adjudication_open
from annotations.services.evaluator_runs import evaluator_run_upload
from annotations.services.explanation_rounds import (
    ExplanationRoundRequest,
    explanation_round_create,
)
from annotations.services.feedback import feedback_reply, feedback_send
from annotations.services.item_rounds import ItemRoundRequest, item_round_create
from annotations.services.people import invitation_create
from annotations.services.projects import membership_add, project_get_or_create
from annotations.services.releases import release_build, release_create
from annotations.services.rounds import round_assign_units, round_open
from annotations.services.taxonomy_versions import current_types, draft_save
from annotations.services.tokens import api_token_create
from annotations.services.webhooks import webhook_create
from tests.labelling import label_units

# In a candidate's body: leave this field out of the generated body.
DROP = "<drop>"
# One candidate: the user whose object it is (None: anyone's), and path parameters.
Candidate = tuple[str | None, dict[str, Any]]


@dataclass
class Seeded:
    # Path parameters every operation may take (a project, a round, a unit, a release...).
    common: dict[str, list[Any]] = field(default_factory=dict)
    # Operation label -> the candidates of its path parameters that belong together (an
    # assignment and a handle of it), each with the user it belongs to.
    grouped: dict[str, list[Candidate]] = field(default_factory=dict)

    def choices(self, label: str, path_names: list[str], caller: str) -> list[dict[str, Any]]:
        """Every combination worth sending: the operation's own groups (the caller's first,
        when the caller owns any), each completed by every common value of its other names."""
        groups = self.grouped.get(label)
        if groups:
            own = [params for owner, params in groups if owner == caller]
            bases = own or [params for _, params in groups]
        else:
            bases = [{}]
        out = []
        for base in bases:
            rows = [dict(base)]
            for name in path_names:
                if name in base:
                    continue
                values = self.common.get(name, [])
                rows = [{**row, name: value} for row in rows for value in values] or rows
            out.extend(rows)
        return out


def _user(username: str) -> Any:
    return get_user_model().objects.get(username=username)


def _released_round(project: Project) -> Round:
    """A closed production round of the demo, every unit labelled by linguist2 and submitted:
    the first sentence of every summary of the alphabetically first system inconsistent."""
    guideline = Round.objects.get(project=project, kind=RoundKind.PILOT).guideline_version
    round_ = Round.objects.create(
        project=project,
        name="Released",
        kind=RoundKind.PRODUCTION,
        overlap=1,
        guideline_version=guideline,
    )
    topics = sorted(
        set(
            Assignment.objects.filter(
                round__project=project, round__kind=RoundKind.PILOT
            ).values_list("topic_id", flat=True)
        )
    )
    round_assign_units(round=round_, topic_ids=topics, annotators=[_user("linguist2")])
    round_open(round=round_)
    flagged = min(Summary.objects.filter(topic_id__in=topics).values_list("system", flat=True))
    label_units(
        Assignment.objects.filter(round=round_),
        wrong=lambda summary, sentence: summary.system == flagged and sentence.position == 0,
    )
    Assignment.objects.filter(round=round_).update(
        status=AssignmentStatus.SUBMITTED, submitted_at=timezone.now()
    )
    Round.objects.filter(pk=round_.pk).update(status=RoundStatus.CLOSED)
    round_.refresh_from_db()
    return round_


def _runs(release: Any) -> None:
    """A metric's run and an LLM's run with explanations, uploaded through the service."""
    with zipfile.ZipFile(release.archive.path) as packed:
        records = read_release_records(packed.read("records.csv"))
    ids = records.sentences.record_id.tolist()
    labels = records.sentences.label.tolist()
    scores = "record_id,score\n" + "".join(
        f"{i},{0.2 if label == 1 else 0.9}\n" for i, label in zip(ids, labels, strict=True)
    )
    evaluator_run_upload(
        release=release, evaluator="SummaC", data=scores.encode(), file_name="summac.csv"
    )
    judged = "".join(
        json.dumps(
            {
                "record_id": i,
                "label": 0 if label == 1 else 1,
                "explanation": "Not in the dialogue." if label == 1 else "",
            }
        )
        + "\n"
        for i, label in zip(ids, labels, strict=True)
    )
    evaluator_run_upload(
        release=release,
        evaluator="GPT-4",
        kind="llm",
        data=judged.encode(),
        file_name="gpt.jsonl",
    )


def _handles(assignment: Assignment, target: str) -> list[dict[str, Any]]:
    """The assignment with each of its first handles of ``target`` (sentence, summary)."""
    if target == "unit":
        return [{"assignment_id": assignment.pk}]
    items = list(
        assignment.round.items.filter(sentence__summary__topic=assignment.topic_id).values_list(
            "sentence_id", flat=True
        )
    )
    if target == "sentence":
        ids = items or [
            pk
            for summary in assignment.topic.summaries.all()[:2]
            for pk in summary.sentences.values_list("pk", flat=True)[:2]
        ]
    else:
        ids = list(assignment.topic.summaries.values_list("pk", flat=True)[:3])
    return [
        {"assignment_id": assignment.pk, target: encode(assignment.pk, target, pk)} for pk in ids
    ]


def _of(round_: Round, target: str, *, stage: str | None = None) -> list[Candidate]:
    """The handles of each annotator's first assignment in ``round_`` (of ``stage``)."""
    rows = Assignment.objects.filter(round=round_).select_related("annotator", "round", "topic")
    if stage:
        rows = rows.filter(stage=stage)
    first: dict[int, Assignment] = {}
    for assignment in rows.order_by("pk"):
        first.setdefault(assignment.annotator_id, assignment)
    return [
        (a.annotator.username, params) for a in first.values() for params in _handles(a, target)
    ]


def _with_bodies(candidates: list[Candidate], *bodies: dict[str, Any]) -> list[Candidate]:
    """Each candidate as generated, and with each of ``bodies`` merged into its body."""
    return [
        (owner, variant)
        for owner, params in candidates
        for variant in (params, *({**params, "body": body} for body in bodies))
    ]


def _explanation_bodies(candidates: list[Candidate]) -> list[Candidate]:
    """Each item's explanations, all of them by their handles, as a save must send them."""
    out: list[Candidate] = []
    for owner, params in candidates:
        assignment = params["assignment_id"]
        sentence = decode(assignment, "sentence", params["sentence"])
        items = ExplanationItem.objects.filter(
            round__assignments=assignment, sentence_id=sentence
        ).order_by("pk")
        body = {
            "explanations": [
                {"position": n, "item": encode(assignment, "explanation", item.pk), "verdict": ""}
                for n, item in enumerate(items, start=1)
            ]
        }
        # A generated list never names the item's handles: only the real one is sent.
        out.append((owner, {**params, "body": body}))
    return out


def _batch_bodies(candidates: list[Candidate]) -> list[Candidate]:
    """Each unit as generated, and with a batch of its first sentence, summary and topic saves
    by their real handles (generated entries never name a handle of the unit)."""
    out: list[Candidate] = []
    for owner, params in candidates:
        assignment = Assignment.objects.get(pk=params["assignment_id"])
        summary = assignment.topic.summaries.order_by("pk").first()
        assert summary is not None
        sentence = summary.sentences.order_by("position").first()
        assert sentence is not None
        entries = [
            {
                "kind": "sentence",
                "handle": encode(assignment.pk, "sentence", sentence.pk),
                "version": 0,
                "label": "consistent",
            },
            {
                "kind": "summary",
                "handle": encode(assignment.pk, "summary", summary.pk),
                "version": 0,
                "relevance": 4,
            },
            {"kind": "topic", "version": 0, "category": "main"},
        ]
        out += [(owner, params), (owner, {**params, "body": {"entries": entries}})]
    return out


def _first_versions(candidates: list[Candidate]) -> list[Candidate]:
    """A save's candidates with version 0 in their bodies (or a body of only that), so
    the first save of each judgement is saved and answers its state, not a 409."""
    out: list[Candidate] = []
    for owner, params in candidates:
        if "body" in params:
            out.append((owner, {**params, "body": {**params["body"], "version": 0}}))
        else:
            out += [(owner, params), (owner, {**params, "body": {"version": 0}})]
    return out


def _evidence_target(round_: Round, linguist: Any) -> list[Candidate]:
    """The linguist's last unit of ``round_`` with an error span [0, 2) saved on its first
    sentence; its handle as generated and with a body linking the span to no evidence."""
    assignment = Assignment.objects.filter(round=round_, annotator=linguist).order_by("pk").last()
    assert assignment is not None
    sentence = assignment.topic.summaries.order_by("pk").first().sentences.order_by("position")[0]
    client = Client()
    client.force_login(linguist)
    handle = encode(assignment.pk, "sentence", sentence.pk)
    saved = client.patch(
        f"/api/assignments/{assignment.pk}/sentences/{handle}/spans/",
        {"version": 0, "spans": [{"start": 0, "end": 2}]},
        content_type="application/json",
    )
    assert saved.status_code == 200, saved.content
    params = {"assignment_id": assignment.pk, "sentence": handle}
    body = {
        "version": saved.json()["version"],
        "span": {"start": 0, "end": 2},
        "evidence": [],
        "no_evidence": True,
    }
    return [(linguist.username, params), (linguist.username, {**params, "body": body})]


def _answered(assignment: Assignment) -> None:
    """Every question of a TofuEval unit answered, so the assignment can be submitted."""
    label_units([assignment], wrong=lambda _summary, _sentence: False)


def seed() -> Seeded:
    """Everything above, on the loaded demo. The path templates are the schema's."""
    demo = Project.objects.get(slug="demo")
    dialogue = Project.objects.get(slug="demo-dialogue")
    facts = Project.objects.get(slug="demo-facts")
    admin, linguist1 = _user("admin"), _user("linguist1")
    pilot = {p.slug: Round.objects.get(project=p, name=PILOT) for p in (demo, dialogue, facts)}

    released = _released_round(demo)
    release = release_build(
        release_id=release_create(
            project=demo,
            user=admin,
            config={"version": "1.0.0", "rounds": [released.pk], "formats": ["native"]},
        ).pk
    )
    assert release.status == ReleaseStatus.PUBLISHED, release.error
    _runs(release)

    review, _ = item_round_create(
        ItemRoundRequest(
            project=demo,
            name="Review",
            kind=RoundKind.REVIEW,
            guideline_version=1,
            people=["reviewer", "reviewer2"],
            source_rounds=[released.pk],
        )
    )
    round_open(round=review)
    # A decision on every item, for its second reviewer to confirm or dispute.
    for item in review.items.all():
        first_reviewer = Assignment.objects.get(
            round=review, topic=item.sentence.summary.topic_id, stage=AssignmentStage.REVIEW
        )
        ReviewDecision.objects.create(
            assignment=first_reviewer, sentence=item.sentence, decision="confirmed"
        )
    typing, _ = item_round_create(
        ItemRoundRequest(
            project=demo,
            name="Typing",
            kind=RoundKind.ERROR_TYPING,
            guideline_version=1,
            people=["linguist1", "linguist2", "linguist3"],
            source_rounds=[released.pk],
            overlap=3,
        )
    )
    round_open(round=typing)
    explained, _ = explanation_round_create(
        ExplanationRoundRequest(
            project=demo,
            name="Explanations",
            guideline_version=1,
            annotators=["linguist1", "linguist2"],
            release=release.pk,
        )
    )
    round_open(round=explained)

    first = (
        Assignment.objects.filter(round=pilot["demo"], annotator=linguist1).order_by("pk").first()
    )
    assert first is not None
    sentence = first.topic.summaries.first().sentences.first()
    # A judgement saved through the API, so it has a history.
    client = Client()
    client.force_login(linguist1)
    handle = encode(first.pk, "sentence", sentence.pk)
    saved = client.patch(
        f"/api/assignments/{first.pk}/sentences/{handle}/",
        {"version": 0, "label": "consistent"},
        content_type="application/json",
    )
    assert saved.status_code == 200, saved.content
    judged = SentenceJudgement.objects.get(assignment=first, sentence=sentence)
    # A finished job: an agreement report of the released round, through its route.
    client.force_login(admin)
    started = client.post(f"/api/admin/rounds/{released.pk}/agreement/")
    assert started.status_code in (200, 202), started.content
    job = Job.objects.order_by("-pk").first()
    assert job is not None
    assert job.status == "succeeded", job.error

    note = feedback_send(
        round=pilot["demo"],
        annotator=linguist1,
        author=admin,
        text="Look again.",
        sentence=sentence,
    )
    feedback_reply(feedback=note, author=linguist1, text="Done.")
    adjudication = adjudication_open(demo, first.topic_id, admin)
    # The submit, reopen, open and close of their own objects, which they consume: the
    # saves use each annotator's first assignment, the submit linguist1's last, answered.
    to_submit = (
        Assignment.objects.filter(round=pilot["demo"], annotator=linguist1).order_by("pk").last()
    )
    assert to_submit is not None
    assert to_submit.pk != first.pk
    _answered(to_submit)
    submitted = Assignment.objects.filter(round=released)
    error_type = ErrorType.objects.filter(taxonomy_id=demo.taxonomy_id).values_list(
        "pk", flat=True
    )[0]
    # People the member operations change, so the callers' own roles never move: one to
    # give roles to, one whose roles and pause change, one to remove; and an invitation to
    # revoke.
    for name in ("joiner", "changer", "leaver"):
        person = get_user_model().objects.create_user(name, password=f"{name}-pass-1")
        if name != "joiner":
            membership_add(project=facts, user=person, role=Role.ANNOTATOR)
    invitation, _ = invitation_create(project=facts, actor=admin, role=Role.ANNOTATOR)
    # A paused annotator to resume.
    Membership.objects.filter(project=facts, user__username="linguist2").update(
        paused_at=timezone.now()
    )
    cases = "PUT /api/admin/adjudication/{assignment_id}/cases/"

    key = "/api/assignments/{assignment_id}/"
    grouped: dict[str, list[Candidate]] = {
        # Error types are the taxonomy's; TofuEval asks for no error spans.
        f"PATCH {key}sentences/{{sentence}}/": _with_bodies(
            _of(pilot["demo"], "sentence"),
            {"label": "consistent", "error_types": DROP, "spans": DROP},
        ),
        # Offsets are data, not shape: an empty set is always one the sentence can have.
        f"PATCH {key}sentences/{{sentence}}/spans/": _with_bodies(
            _of(pilot["demo-dialogue"], "sentence"), {"spans": []}
        ),
        f"PATCH {key}summaries/{{summary}}/": _of(pilot["demo"], "summary"),
        f"PATCH {key}topic/": _of(pilot["demo"], "unit"),
        # Facts name the unit's summaries and sentences by handle: none is always right.
        f"PATCH {key}key_facts/": _with_bodies(_of(pilot["demo-facts"], "unit"), {"facts": []}),
        f"PATCH {key}atomic_facts/{{summary}}/": _with_bodies(
            _of(pilot["demo-facts"], "summary"), {"facts": []}
        ),
        # Error types are the taxonomy's: none, or one of them.
        f"PATCH {key}reviews/{{sentence}}/": _with_bodies(
            _of(review, "sentence", stage="review"), {"error_types": []}
        ),
        f"PATCH {key}second_reviews/{{sentence}}/": _of(review, "sentence", stage="second_review"),
        f"PATCH {key}typings/{{sentence}}/": _with_bodies(
            _of(typing, "sentence"), {"error_types": [error_type]}
        ),
        f"PATCH {key}explanations/{{sentence}}/": _explanation_bodies(_of(explained, "sentence")),
        # A batch names its targets in its entries: each annotator's unit with real handles
        # of a sentence, a summary and the topic, first versions, so the entries are saved.
        f"POST {key}batch/": _batch_bodies(_of(pilot["demo"], "unit")),
        f"POST {key}submit/": [("linguist1", {"assignment_id": to_submit.pk})],
        "POST /api/admin/assignments/{assignment_id}/reopen/": [
            (None, {"assignment_id": a.pk}) for a in submitted
        ],
        # Whose answers: a round of the project, or the generated (most likely none).
        "GET /api/admin/adjudication/{assignment_id}/": [
            ("admin", {"assignment_id": adjudication.pk}),
            ("admin", {"assignment_id": adjudication.pk, "query": {"round": pilot["demo"].pk}}),
        ],
        # A case's target is a handle of the unit, of the kind its question is about.
        cases: [
            ("admin", {"assignment_id": adjudication.pk, "body": body})
            for body in (
                {"question": "topic_category", "target": None},
                {
                    "question": "sentence_label",
                    "target": encode(adjudication.pk, "sentence", sentence.pk),
                },
                {
                    "question": "relevance",
                    "target": encode(adjudication.pk, "summary", sentence.summary_id),
                },
            )
        ],
        "GET /api/admin/rounds/{round_id}/review/": [(None, {"round_id": review.pk})],
        # Staff let an existing person create projects.
        "PUT /api/staff/project-creators/{username}/": [(None, {"username": "linguist1"})],
        "DELETE /api/staff/project-creators/{username}/": [(None, {"username": "linguist1"})],
        "POST /api/admin/projects/{slug}/members/": [
            (None, {"slug": "demo-facts", "body": {"user": "joiner"}})
        ],
        "PATCH /api/admin/projects/{slug}/members/{username}/": [
            (None, {"slug": "demo-facts", "username": "changer"})
        ],
        "DELETE /api/admin/projects/{slug}/members/{username}/": [
            (None, {"slug": "demo-facts", "username": "leaver"})
        ],
        "DELETE /api/admin/projects/{slug}/invitations/{invitation_id}/": [
            (None, {"slug": "demo-facts", "invitation_id": invitation.pk})
        ],
        "POST /api/admin/projects/{slug}/members/{username}/resume/": [
            (None, {"slug": "demo-facts", "username": "linguist2"})
        ],
        # Keeping the overlap changes assignments: only on the released round, closed
        # already, whose assignments stay as they are (tests/services/test_overlap.py fills).
        "PUT /api/admin/rounds/{round_id}/overlap/": [(None, {"round_id": released.pk})],
        "POST /api/admin/rounds/{round_id}/overlap/fill/": [(None, {"round_id": released.pk})],
        # An agreement report may close its round: the released one, closed already.
        "POST /api/admin/rounds/{round_id}/agreement/": [(None, {"round_id": released.pk})],
        # Feedback names an annotator of the round and a sentence of its units.
        "POST /api/admin/rounds/{round_id}/feedback/": [
            (
                None,
                {
                    "round_id": pilot["demo"].pk,
                    "body": {"annotator": "linguist1", "sentence": sentence.pk},
                },
            ),
            (None, {"round_id": released.pk, "body": {"annotator": "linguist2"}}),
        ],
        # A round needs the project's annotators and units, a release its labelled rounds.
        "POST /api/admin/projects/{slug}/rounds/": [
            (
                None,
                {
                    "slug": "demo",
                    "body": {
                        "kind": "production",
                        "overlap": 1,
                        "guideline_version": 1,
                        "annotators": ["linguist1"],
                        "units": {"topics": [first.topic_id]},
                        "key_fact_source": "",
                        "given_atomic_facts": False,
                        # What other kinds of round take (a review's sources, an explanation
                        # round's release, a qualification's pass mark) is left out.
                        **dict.fromkeys(
                            (
                                "source_rounds",
                                "review_scope",
                                "type_min_count",
                                "release",
                                "evaluators",
                                "gold_rate",
                                "pause_below",
                            ),
                            DROP,
                        ),
                    },
                },
            )
        ],
        "POST /api/projects/{slug}/releases/": [
            (
                None,
                {
                    "slug": "demo",
                    "body": {
                        "version": "2.0.0",
                        "rounds": [released.pk],
                        "formats": ["native"],
                        # A generated split names documents of the corpus only by chance.
                        **dict.fromkeys(("mappings", "split", "only_complete"), DROP),
                    },
                },
            )
        ],
        "POST /api/admin/rounds/{round_id}/open/": [(None, {"round_id": released.pk})],
        "POST /api/admin/rounds/{round_id}/close/": [(None, {"round_id": released.pk})],
        "GET /api/admin/history/{kind}/{object_id}/": [
            (None, {"kind": "sentencejudgement", "object_id": judged.pk})
        ],
    }
    # A project without rounds gets a new taxonomy; the demo's has a draft to publish.
    project_get_or_create(slug="fresh-taxonomy", creator=admin)
    draft_save(demo.taxonomy, current_types(demo.taxonomy), user=admin)
    grouped["POST /api/admin/taxonomies/"] = [
        (None, {"body": {"project": "fresh-taxonomy", "copy_from": "frank"}})
    ]
    for label in (
        "GET /api/admin/taxonomies/{slug}/",
        "DELETE /api/admin/taxonomies/{slug}/draft/",
        "POST /api/admin/taxonomies/{slug}/publish/",
    ):
        grouped[label] = [(None, {"slug": demo.taxonomy.slug})]
    grouped["PUT /api/admin/taxonomies/{slug}/draft/"] = [
        (None, {"slug": demo.taxonomy.slug, "body": {"types": current_types(demo.taxonomy)}})
    ]
    # Two versions the guidelines have (the demo's first, compared with itself).
    grouped["GET /api/admin/projects/{slug}/guidelines/diff/"] = [
        (None, {"slug": "demo", "query": {"from": 1, "to": 1}})
    ]
    # A unit by its project.
    for label in (
        "POST /api/admin/projects/{slug}/adjudication/units/{topic_id}/",
        "GET /api/admin/projects/{slug}/units/{topic_id}/",
    ):
        grouped[label] = [(None, {"slug": "demo", "topic_id": first.topic_id})]
    for label, candidates in grouped.items():
        if label.startswith("PATCH "):
            grouped[label] = _first_versions(candidates)
    # Evidence is linked to a saved span, by its offsets, at the judgement's version: one
    # saved here, so the first such request links and later ones are stale (409).
    grouped[f"PATCH {key}sentences/{{sentence}}/evidence/"] = _evidence_target(
        pilot["demo-dialogue"], linguist1
    )

    # Each annotator's first assignment of each round, so every caller with work in the round
    # sends its own (a slice of four rows was whichever PostgreSQL read first, after updates
    # sometimes none of a caller's): the workspace opens the annotation rounds', the item
    # screen the others'; a heartbeat takes both.
    def firsts(*rounds: Round) -> list[Candidate]:
        return [candidate for round_ in rounds for candidate in _of(round_, "unit")]

    grouped[f"GET {key}"] = firsts(pilot["demo"], pilot["demo-dialogue"])
    grouped[f"GET {key}items/"] = firsts(review, typing, explained)
    grouped[f"POST {key}heartbeat/"] = firsts(pilot["demo"], review, typing, explained)
    # A unit's revealed model verdicts: an unassisted unit answers that it is not assisted.
    grouped[f"GET {key}reveal/"] = firsts(pilot["demo"], pilot["demo-dialogue"])
    # A webhook of the demo with one delivery logged (never sent: the URL is not reached).
    hook = webhook_create(
        project=demo,
        user=admin,
        url="https://hooks.example.org/demo",
        events=["release.failed"],
        secret="a-fuzzing-secret-of-enough-length",
    )
    delivery = WebhookDelivery.objects.create(
        endpoint=hook, event="release.failed", payload={"event": "release.failed", "data": {}}
    )
    # Its own webhook to delete: the others' operations may run after the delete.
    doomed = webhook_create(
        project=demo, user=admin, url="https://hooks.example.org/old", events=["round.opened"]
    )
    hooks = "/api/admin/projects/{slug}/webhooks/"
    for label in (
        f"GET {hooks}{{webhook_id}}/",
        f"PATCH {hooks}{{webhook_id}}/",
        f"GET {hooks}{{webhook_id}}/deliveries/",
    ):
        grouped[label] = [(None, {"slug": "demo", "webhook_id": hook.pk})]
    grouped[f"DELETE {hooks}{{webhook_id}}/"] = [(None, {"slug": "demo", "webhook_id": doomed.pk})]
    grouped[f"PATCH {hooks}{{webhook_id}}/"].append(
        (None, {"slug": "demo", "webhook_id": hook.pk, "body": {"active": False}})
    )
    grouped[f"POST {hooks}"] = [
        (
            None,
            {
                "slug": "demo",
                "body": {"url": "https://hooks.example.org/new", "events": ["round.closed"]},
            },
        )
    ]
    grouped[f"POST {hooks}{{webhook_id}}/deliveries/{{delivery_id}}/resend/"] = [
        (None, {"slug": "demo", "webhook_id": hook.pk, "delivery_id": delivery.pk})
    ]
    common: dict[str, list[Any]] = {
        "slug": ["demo", "demo-facts"],
        "round_id": [pilot["demo"].pk, released.pk],
        "topic_id": [first.topic_id],
        "version": [1],
        "username": ["linguist1"],
        "feedback_id": [note.pk],
        "job_id": [job.pk],
        "release_id": [release.pk],
        "table": ["csv", "tex"],
    }
    # A personal token of every signed-in caller, for it to revoke (its own; another's is 404).
    grouped["DELETE /api/me/tokens/{token_id}/"] = [
        (
            user.username,
            {
                "token_id": api_token_create(
                    user=user, name="fuzz", scope=TokenScope.WRITE, expires_in_days=30
                )[0].pk
            },
        )
        for user in get_user_model().objects.all()
    ]
    assert Feedback.objects.filter(pk=note.pk, replies__isnull=False).exists()
    return Seeded(common=common, grouped=grouped)
