"""The admin's pages at scale (docs/performance.md, "Admin pages at scale"): every list a page
at a time in the same number of queries for a project of a few rows and of many, pages that
partition the rows, a 400 that names a bad paging parameter, and counts kept current."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from annotations.models import (
    Assignment,
    AssignmentStatus,
    Document,
    Membership,
    Project,
    Release,
    ReleaseFile,
    ReleaseStatus,
    Role,
    Round,
    RoundStatus,
    SentenceJudgement,
    Summary,
    SummaryJudgement,
    SummarySentence,
    Topic,
    TopicJudgement,
    UnitDisagreement,
)
from annotations.services.feedback import assignment_reopen
from annotations.services.unit_disagreements import unit_disagreements_refresh
from tests.factories import (
    CorpusFactory,
    GuidelineFactory,
    ProjectFactory,
    RoundFactory,
    UserFactory,
)
from tests.people import signed_in

pytestmark = pytest.mark.django_db


@dataclass
class Study:
    project: Project
    round: Round
    admin: str
    # Per unit (topic id): whether its raters disagree on its first sentence.
    disagree: dict[int, bool]
    releases: list[int]

    def urls(self) -> dict[str, str]:
        """Each paginated list's URL, by what it lists."""
        return {
            "units of the round": f"/api/admin/rounds/{self.round.pk}/progress/",
            "units with disagreements": f"/api/admin/rounds/{self.round.pk}/disagreements/",
            "units of the corpus": f"/api/admin/projects/{self.project.slug}/units/",
            "releases": f"/api/projects/{self.project.slug}/releases/",
        }


def study(units: int, *, releases: int) -> Study:
    """A project of ``units`` units (one summary of two sentences each) in one corpus, an
    open round in which two linguists submitted every unit, the second disagreeing on the
    first sentence of every other unit, and ``releases`` releases: rows in bulk."""
    project = ProjectFactory()
    admin, first, second = UserFactory(), UserFactory(), UserFactory()
    Membership.objects.create(project=project, user=admin, role=Role.ADMIN)
    for person in (first, second):
        Membership.objects.create(project=project, user=person, role=Role.ANNOTATOR)
    corpus = CorpusFactory(project=project)
    round_ = RoundFactory(
        project=project,
        status=RoundStatus.OPEN,
        guideline_version=GuidelineFactory(project=project),
    )
    documents = Document.objects.bulk_create(
        Document(corpus=corpus, external_id=f"doc-{n:04}", content_hash="0" * 64)
        for n in range(units)
    )
    topics = Topic.objects.bulk_create(
        Topic(document=document, name=f"Topic {n:04}", position=0)
        for n, document in enumerate(documents)
    )
    summaries = Summary.objects.bulk_create(
        Summary(topic=topic, system="S", external_id="s", text="A. B.", position=0)
        for topic in topics
    )
    sentences = SummarySentence.objects.bulk_create(
        SummarySentence(summary=summary, position=p, text="A.", start=0, end=2)
        for summary in summaries
        for p in (0, 1)
    )
    now = timezone.now()
    assignments = Assignment.objects.bulk_create(
        Assignment(
            round=round_,
            topic=topic,
            annotator=person,
            status=AssignmentStatus.SUBMITTED,
            submitted_at=now,
        )
        for topic in topics
        for person in (first, second)
    )
    disagree = {topic.pk: n % 2 == 0 for n, topic in enumerate(topics)}
    judgements = []
    for assignment in assignments:
        differs = assignment.annotator_id == second.pk and disagree[assignment.topic_id]
        for sentence in sentences:
            if sentence.summary.topic_id == assignment.topic_id:
                bad = differs and sentence.position == 0
                label = "inconsistent" if bad else "consistent"
                judgements.append(
                    SentenceJudgement(assignment=assignment, sentence=sentence, label=label)
                )
    SentenceJudgement.objects.bulk_create(judgements)
    SummaryJudgement.objects.bulk_create(
        SummaryJudgement(assignment=a, summary=s, relevance=4)
        for a in assignments
        for s in summaries
        if s.topic_id == a.topic_id
    )
    TopicJudgement.objects.bulk_create(
        TopicJudgement(assignment=a, category="main") for a in assignments
    )
    made = []
    for n in range(releases):
        release = Release.objects.create(
            project=project, version=f"1.{n}.0", status=ReleaseStatus.PUBLISHED, published_at=now
        )
        ReleaseFile.objects.bulk_create(
            ReleaseFile(release=release, name=name, sha256="0" * 64, size=1, records=1)
            for name in ("README.md", "native/test.jsonl")
        )
        made.append(release.pk)
    return Study(project, round_, admin.username, disagree, made)


def queries(client: Client, url: str, **params: Any) -> tuple[int, Any]:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, params)
    assert response.status_code == 200, response.content
    return len(captured), response.json()


def rows_of(body: dict[str, Any]) -> list[Any]:
    if "releases" in body:
        return [release["id"] for release in body["releases"]]
    return [unit["topic"] for unit in body["units"]]


def test_each_first_page_costs_the_same_queries_for_a_few_rows_and_for_many() -> None:
    few, many = study(3, releases=2), study(120, releases=25)
    overview = "/api/admin/projects/{}/"
    corpus = "/api/admin/projects/{}/corpus/"
    counts: dict[str, list[int]] = {}
    for small, large in (
        *zip(few.urls().values(), many.urls().values(), strict=True),
        (overview.format(few.project.slug), overview.format(many.project.slug)),
        (corpus.format(few.project.slug), corpus.format(many.project.slug)),
    ):
        for one_study, url in ((few, small), (many, large)):
            client = signed_in(one_study.admin)
            client.get(url)  # kept counts written once (disagreements, corpus counts)
            counts.setdefault(large, []).append(queries(client, url)[0])
        many_client = signed_in(many.admin)
        if queries(many_client, large)[1].get("pages", 1) > 1:
            counts[large].append(queries(many_client, large, page=2)[0])
    assert {url: set(numbers) for url, numbers in counts.items()} == {
        url: {numbers[0]} for url, numbers in counts.items()
    }
    # What the lists hold on the large project, so the comparison above is not vacuous.
    client = signed_in(many.admin)
    assert queries(client, many.urls()["units of the round"])[1]["pages"] == 3
    assert queries(client, many.urls()["units with disagreements"])[1]["count"] == 60
    assert queries(client, many.urls()["releases"])[1]["pages"] == 2


@pytest.mark.parametrize(
    "what", ["units of the round", "units with disagreements", "units of the corpus", "releases"]
)
def test_the_pages_partition_the_rows_none_twice_and_none_missing(what: str) -> None:
    data = study(23, releases=23)
    url = data.urls()[what]
    client = signed_in(data.admin)
    first = client.get(url, {"page_size": 5}).json()
    assert (first["page"], first["page_size"]) == (1, 5)
    seen: list[Any] = []
    for number in range(1, first["pages"] + 1):
        page = client.get(url, {"page": number, "page_size": 5}).json()
        assert page["page"] == number
        assert page["count"] == first["count"]
        assert len(rows_of(page)) == (
            5 if number < first["pages"] else first["count"] - 5 * (number - 1)
        )
        seen += rows_of(page)
    expected = {
        "units of the round": list(data.disagree),
        "units with disagreements": [t for t, differs in data.disagree.items() if differs],
        "units of the corpus": list(data.disagree),
        "releases": data.releases,
    }[what]
    assert len(seen) == len(set(seen)) == first["count"]
    assert sorted(seen) == sorted(expected)
    # Past the last page: the last, so a link kept while rows went away still shows rows.
    beyond = client.get(url, {"page": 999, "page_size": 5}).json()
    assert beyond["page"] == first["pages"]
    assert rows_of(beyond) == rows_of(
        client.get(url, {"page": first["pages"], "page_size": 5}).json()
    )


@pytest.mark.parametrize(
    ("name", "value", "rule"),
    [
        ("page", "0", "a whole number from 1"),
        ("page", "-1", "a whole number from 1"),
        ("page", "x", "a whole number from 1"),
        ("page", "²", "a whole number from 1"),
        ("page", "1.5", "a whole number from 1"),
        ("page", "9" * 12, "a whole number from 1"),
        ("page_size", "0", "a whole number from 1 to 200"),
        ("page_size", "201", "a whole number from 1 to 200"),
        ("page_size", "ten", "a whole number from 1 to 200"),
    ],
)
def test_a_bad_paging_parameter_is_a_400_naming_it_and_its_allowed_values(
    name: str, value: str, rule: str
) -> None:
    data = study(2, releases=1)
    client = signed_in(data.admin)
    for url in data.urls().values():
        answer = client.get(url, {name: value})
        assert answer.status_code == 400, (url, answer.content)
        body = answer.json()
        assert body["code"] == "invalid"
        assert body["errors"] == {name: [rule]}
        assert body["message"].startswith(f"{name} must be {rule}")


def test_the_disagreement_list_follows_submits_and_reopens() -> None:
    data = study(4, releases=0)
    client = signed_in(data.admin)
    url = data.urls()["units with disagreements"]
    listed = client.get(url).json()
    assert [u["topic"] for u in listed["units"]] == [t for t, d in data.disagree.items() if d]
    # Counted once: nothing changed since, so the next read counts nothing again.
    assert unit_disagreements_refresh(round=data.round) == 0
    assert listed["units"][0] == {
        "topic": listed["units"][0]["topic"],
        "topic_name": "Topic 0000",
        "document": "doc-0000",
        "sentences": 1,
        "summaries": 0,
        "topic_category": False,
    }
    # Reopened: one rater left, so nothing to compare on that unit.
    topic = listed["units"][0]["topic"]
    reopened = Assignment.objects.filter(round=data.round, topic_id=topic).first()
    assert reopened is not None
    assignment_reopen(assignment_id=reopened.pk, actor=reopened.annotator, reason="Look again.")
    assert topic not in [u["topic"] for u in client.get(url).json()["units"]]
    # Submitted again, now agreeing on the sentence but not on the relevance or the topic.
    SentenceJudgement.objects.filter(assignment=reopened).update(label="consistent")
    SentenceJudgement.objects.filter(assignment__topic_id=topic).update(label="consistent")
    SummaryJudgement.objects.filter(assignment=reopened).update(relevance=None)
    TopicJudgement.objects.filter(assignment=reopened).update(category="marginal")
    Assignment.objects.filter(pk=reopened.pk).update(
        status=AssignmentStatus.SUBMITTED, submitted_at=timezone.now()
    )
    again = {u["topic"]: u for u in client.get(url).json()["units"]}
    assert (again[topic]["sentences"], again[topic]["summaries"]) == (0, 1)
    assert again[topic]["topic_category"] is True
    assert UnitDisagreement.objects.filter(round=data.round).count() == 4


def test_the_list_counts_a_summary_whose_raters_differ_on_not_a_summary() -> None:
    """The unit view shows "Not a summary (differs)": the list counts that summary too."""
    data = study(2, releases=0)
    client = signed_in(data.admin)
    url = data.urls()["units with disagreements"]
    topic = next(t for t, differs in data.disagree.items() if not differs)
    first = Assignment.objects.filter(round=data.round, topic_id=topic).order_by("id").first()
    assert first is not None
    flagged = SummaryJudgement.objects.filter(assignment=first)
    assert flagged.count() >= 1
    flagged.update(not_a_summary=True)
    # The rows cached before the change are counted again after a new submit.
    Assignment.objects.filter(pk=first.pk).update(submitted_at=timezone.now())
    listed = {u["topic"]: u for u in client.get(url).json()["units"]}
    assert listed[topic]["summaries"] == flagged.count()


def test_the_unit_view_names_the_next_unit_with_disagreements() -> None:
    data = study(6, releases=0)
    client = signed_in(data.admin)
    listed = [
        u["topic"] for u in client.get(data.urls()["units with disagreements"]).json()["units"]
    ]
    base = f"/api/admin/rounds/{data.round.pk}/disagreements"
    assert client.get(f"{base}/{listed[0]}/").json()["next_topic"] == listed[1]
    assert client.get(f"{base}/{listed[-1]}/").json()["next_topic"] is None
    # A unit without disagreements leads to the next one that has them.
    agreeing = next(t for t, differs in data.disagree.items() if not differs)
    assert client.get(f"{base}/{agreeing}/").json()["next_topic"] == listed[1]


def test_the_corpus_counts_are_kept_and_counted_again_when_documents_come() -> None:
    data = study(3, releases=0)
    client = signed_in(data.admin)
    url = f"/api/admin/projects/{data.project.slug}/"
    assert client.get(url).json()["corpora"][0] | {"slug": ""} == {
        "slug": "",
        "documents": 3,
        "topics": 3,
        "summaries": 3,
    }
    corpus = data.project.corpora.get()
    assert corpus.counts["summaries"] == 3
    document = Document.objects.create(corpus=corpus, external_id="doc-new", content_hash="1" * 64)
    topic = Topic.objects.create(document=document, name="New", position=0)
    Summary.objects.create(topic=topic, system="S", external_id="s", text="A.", position=0)
    corpora = client.get(f"/api/admin/projects/{data.project.slug}/corpus/").json()["corpora"]
    assert corpora == [{"corpus": corpus.slug, "documents": 4, "topics": 4, "summaries": 4}]


def test_the_round_counts_come_with_every_list_of_rounds() -> None:
    data = study(5, releases=0)
    client = signed_in(data.admin)
    Assignment.objects.filter(round=data.round, topic__document__external_id="doc-0001").update(
        status=AssignmentStatus.IN_PROGRESS, submitted_at=None
    )
    [listed] = client.get(f"/api/admin/projects/{data.project.slug}/").json()["rounds"]
    assert (listed["units"], listed["assignments"], listed["submitted"]) == (5, 10, 8)
    progress = client.get(data.urls()["units of the round"]).json()
    assert progress["round"] == listed
    assert sorted(row["submitted"] for row in progress["annotators"]) == [4, 4]
