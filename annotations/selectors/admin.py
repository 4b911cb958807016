"""Reads for project admins: overview, a unit's disagreements, feedback, the corpus
(docs/api/admin.md). A round's progress is in ``round_progress``, its list of disagreements
in ``disagreement_list``, the rounds' counts in ``round_summaries``.

The admin's views carry no summarizer names either: an admin compares people's labels,
and does not need to know which model wrote what to do so.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, F, Prefetch, Q, QuerySet

from annotations.models import (
    Assignment,
    AssignmentStatus,
    AtomicFact,
    ErrorSpan,
    EvidenceSpan,
    Feedback,
    FeedbackReply,
    GuidelineVersion,
    KeyFactList,
    Membership,
    Project,
    Role,
    Round,
    RoundKind,
    SentenceJudgement,
    Summary,
    SummaryJudgement,
    SummarySentence,
    Topic,
    TopicJudgement,
    Turn,
)
from annotations.selectors.corpus_counts import corpus_counts
from annotations.selectors.paging import PageRequest, page_of
from annotations.selectors.people import display_name
from annotations.selectors.round_summaries import project_rounds
from annotations.selectors.workspace import summary_labels


def administered_projects(*, user: AbstractBaseUser) -> QuerySet[Project]:
    return Project.objects.filter(memberships__user_id=user.pk, memberships__role=Role.ADMIN)


def project_overview(*, project: Project) -> dict[str, Any]:
    """The project page's answer. Its lists (members, guidelines, rounds) grow only by
    hand; what grows with the corpus is counted, never loaded: the rounds' units and
    assignments from an index (``round_summaries``), the corpora's documents, topics and
    summaries as kept on each corpus (``corpus_counts``). Ten queries whatever the size."""
    roles: dict[int, list[str]] = defaultdict(list)
    users = {}
    for membership in Membership.objects.filter(project=project).select_related("user"):
        roles[membership.user_id].append(membership.role)
        users[membership.user_id] = membership.user
    return {
        "slug": project.slug,
        "name": project.name,
        "scheme": project.scheme,
        "members": [
            {
                "id": user.pk,
                "username": user.get_username(),
                "display_name": display_name(user),
                "roles": sorted(roles[user.pk]),
            }
            for user in sorted(users.values(), key=lambda u: u.get_username())
        ],
        "guidelines": [
            {
                "version": g.version,
                "changelog": g.changelog,
                "created_at": g.created_at,
                "published_at": g.published_at,
            }
            for g in GuidelineVersion.objects.filter(project=project).order_by("-version")
        ],
        "rounds": project_rounds(project),
        "corpora": corpus_counts(project=project),
        "targets": project.agreement_targets,
        # Distinct in the database: a given list per unit is a row per unit.
        "key_fact_sources": list(
            KeyFactList.objects.filter(topic__document__corpus__project=project)
            .values_list("source", flat=True)
            .distinct()
            .order_by("source")
        ),
        # From the given facts (few, and indexed by summary), not from the summaries.
        "given_atomic_facts": AtomicFact.objects.filter(
            given_for__topic__document__corpus__project=project
        )
        .values("given_for_id")
        .distinct()
        .count(),
        # Units with an answer key, which gold units are drawn from (services/gold_units.py
        # keyed_units): the round form says before submit when too few allow a pause.
        "keyed_units": SentenceJudgement.objects.filter(
            assignment__round__project=project, assignment__round__kind=RoundKind.ADJUDICATION
        )
        .exclude(label="")
        .values("assignment__topic_id")
        .distinct()
        .count(),
        "unread_replies": unread_replies(project=project),
        # Annotators paused by a round's gold-unit threshold (docs/api/quality.md).
        "paused": [
            {"username": username, "paused_at": at, "round": round_id}
            for username, at, round_id in Membership.objects.filter(
                project=project, role=Role.ANNOTATOR, paused_at__isnull=False
            )
            .order_by("paused_at")
            .values_list("user__username", "paused_at", "paused_round_id")
        ],
    }


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def published_labels(*, round: Round) -> dict[str, Any]:
    """The label distribution of a reference round: per system, and per system within each
    topic category (main / marginal, as the benchmark published them). Three queries."""
    return label_distribution(
        SentenceJudgement.objects.filter(assignment__round=round),
        Assignment.objects.filter(round=round),
    )


def label_distribution(
    judgements: QuerySet[SentenceJudgement], assignments: QuerySet[Assignment]
) -> dict[str, Any]:
    """Sentence labels counted per system and per (topic category, system), with the
    sources of the labels (a reference round's benchmark): those of ``assignments``, the
    judgements' (read from them, not through every judgement: 43 ms with none)."""
    system, category = "sentence__summary__system", "assignment__topic_judgement__category"
    rows = judgements.values_list(system, category, "label").annotate(n=Count("id")).order_by()
    summaries = dict(
        ((row[0], row[1] or ""), row[2])
        for row in judgements.values_list(system, category)
        .annotate(n=Count("sentence__summary", distinct=True))
        .order_by()
    )
    sources = sorted(set(assignments.values_list("source", flat=True).distinct().order_by()) - {""})

    def empty(name: str, topic_category: str | None) -> dict[str, Any]:
        entry: dict[str, Any] = {"system": name}
        if topic_category is not None:
            entry["topic_category"] = topic_category
        return {**entry, "summaries": 0, "sentences": 0, "consistent": 0, "inconsistent": 0}

    per_system: dict[str, dict[str, Any]] = {}
    per_category: dict[tuple[str, str], dict[str, Any]] = {}
    for name, topic_category, label, n in rows:
        key = (name, topic_category or "")
        for entry in (
            per_system.setdefault(name, empty(name, None)),
            per_category.setdefault(key, empty(name, key[1])),
        ):
            entry["sentences"] += n
            if label:
                entry[label] += n
    for (name, topic_category), count in summaries.items():
        per_system[name]["summaries"] += count
        per_category[(name, topic_category)]["summaries"] = count
    for entry in [*per_system.values(), *per_category.values()]:
        labelled = entry["consistent"] + entry["inconsistent"]
        entry["inconsistent_rate"] = _share(entry["inconsistent"], labelled)
    return {
        "sources": sources,
        "systems": sorted(per_system.values(), key=lambda e: e["system"]),
        "by_topic_category": sorted(
            per_category.values(), key=lambda e: (e["topic_category"], e["system"])
        ),
    }


def _spans_of(judgement: SentenceJudgement, texts: dict[int, str]) -> list[dict[str, Any]]:
    """A judgement's error spans as the admin compares them: the words, the type's name and
    each piece of evidence with the words it points at (``texts``: the turns' texts)."""
    sentence = judgement.sentence.text
    return [
        {
            "start": span.start,
            "end": span.end,
            "text": sentence[span.start : span.end],
            "error_type": span.error_type.name if span.error_type is not None else None,
            "note": span.note,
            "no_evidence": span.no_evidence,
            "evidence": [
                {
                    "turn": item.turn_id,
                    "start": item.start,
                    "end": item.end,
                    "text": texts.get(item.turn_id, "")[item.start : item.end],
                }
                for item in span.evidence.all()
            ],
        }
        for span in judgement.spans.all()
    ]


def _round_labels(
    round_: Round, topic_ids: list[int] | None = None, *, turn_texts: dict[int, str] | None = None
) -> dict[str, Any]:
    """Every submitted person's labels in the round (optionally for some units); with
    ``turn_texts`` (the units' turns), each sentence judgement's spans and evidence too."""
    assignments = Assignment.objects.filter(
        round=round_, annotator__isnull=False, status=AssignmentStatus.SUBMITTED
    )
    if topic_ids is not None:
        assignments = assignments.filter(topic_id__in=topic_ids)
    rater_of = dict(assignments.values_list("id", "annotator__username"))
    topic_of = dict(assignments.values_list("id", "topic_id"))
    sentences: dict[int, dict[str, dict[str, Any]]] = defaultdict(dict)
    judgements = SentenceJudgement.objects.filter(assignment_id__in=rater_of).prefetch_related(
        "error_types"
    )
    if turn_texts is not None:
        judgements = judgements.select_related("sentence").prefetch_related(
            Prefetch(
                "spans",
                queryset=ErrorSpan.objects.select_related("error_type")
                .prefetch_related(
                    Prefetch("evidence", EvidenceSpan.objects.order_by("turn_id", "start"))
                )
                .order_by("start"),
            )
        )
    for j in judgements:
        sentences[j.sentence_id][rater_of[j.assignment_id]] = {
            "label": j.label,
            "explanation": j.explanation,
            "error_types": sorted(t.name for t in j.error_types.all()),
            "history": {"kind": "sentencejudgement", "id": j.pk},
        } | ({} if turn_texts is None else {"spans": _spans_of(j, turn_texts)})
    summaries: dict[int, dict[str, dict[str, Any]]] = defaultdict(dict)
    for summary_judgement in SummaryJudgement.objects.filter(assignment_id__in=rater_of):
        summaries[summary_judgement.summary_id][rater_of[summary_judgement.assignment_id]] = {
            "relevance": summary_judgement.relevance,
            "not_a_summary": summary_judgement.not_a_summary,
            "comment": summary_judgement.comment,
            "history": {"kind": "summaryjudgement", "id": summary_judgement.pk},
        }
    topics: dict[int, dict[str, str]] = defaultdict(dict)
    for topic_judgement in TopicJudgement.objects.filter(assignment_id__in=rater_of):
        assignment_id = topic_judgement.assignment_id
        topics[topic_of[assignment_id]][rater_of[assignment_id]] = topic_judgement.category
    raters_of_topic: dict[int, set[str]] = defaultdict(set)
    for assignment_id, topic_id in topic_of.items():
        raters_of_topic[topic_id].add(rater_of[assignment_id])
    return {
        "sentences": sentences,
        "summaries": summaries,
        "topics": topics,
        "raters": raters_of_topic,
    }


def _differ(values: list[Any]) -> bool:
    return len(values) >= 2 and len(set(values)) > 1


def disagreement_unit(*, round: Round, topic: Topic) -> dict[str, Any]:
    turns = list(
        Turn.objects.filter(document_id=topic.document_id)
        .order_by("position")
        .values("id", "position", "speaker", "role", "text")
    )
    labels = _round_labels(
        round, topic_ids=[topic.pk], turn_texts={turn["id"]: turn["text"] for turn in turns}
    )
    raters = sorted(labels["raters"].get(topic.pk, set()))
    summaries = list(Summary.objects.filter(topic=topic).order_by("position", "id").only("id"))
    sentences: dict[int, list[SummarySentence]] = defaultdict(list)
    for sentence in SummarySentence.objects.filter(summary__topic=topic).order_by("position"):
        sentences[sentence.summary_id].append(sentence)
    letters = summary_labels(len(summaries))
    return {
        "topic": {"id": topic.pk, "name": topic.name},
        "document": {
            "title": topic.document.title or topic.document.external_id,
            "turns": turns,
        },
        "annotators": raters,
        "topic_category": labels["topics"].get(topic.pk, {}),
        "summaries": [
            {
                "id": summary.pk,
                "label": letter,
                # Whether the summary-level answers (relevance, not a summary) differ.
                "disagree": _differ(
                    [
                        (j.get("relevance"), j.get("not_a_summary"))
                        for j in labels["summaries"].get(summary.pk, {}).values()
                    ]
                ),
                "judgements": labels["summaries"].get(summary.pk, {}),
                "sentences": [
                    {
                        "id": s.pk,
                        "number": s.position + 1,
                        "text": s.text,
                        "disagree": _differ(
                            [v["label"] for v in labels["sentences"].get(s.pk, {}).values()]
                        ),
                        "judgements": labels["sentences"].get(s.pk, {}),
                    }
                    for s in sentences[summary.pk]
                ],
            }
            for summary, letter in zip(summaries, letters, strict=True)
        ],
    }


def round_feedback(*, round: Round) -> list[dict[str, Any]]:
    """Every note sent in the round, newest first, with whether its annotator has read it
    and the thread under it. A sentence is placed as the admin views see it: its summary's
    letter in stored order and its 1-based number. Three queries, whatever the count."""
    notes = list(
        Feedback.objects.filter(round=round)
        .select_related("annotator", "author", "sentence__summary", "assignment")
        .prefetch_related(
            Prefetch("replies", queryset=FeedbackReply.objects.select_related("author"))
        )
        .order_by("-created_at", "-id")
    )
    topics = {n.sentence.summary.topic_id for n in notes if n.sentence is not None}
    per_topic: dict[int, list[int]] = defaultdict(list)
    for topic_id, summary_id in (
        Summary.objects.filter(topic_id__in=topics)
        .order_by("topic_id", "position", "id")
        .values_list("topic_id", "id")
    ):
        per_topic[topic_id].append(summary_id)
    letters: dict[int, str] = {}
    for ids in per_topic.values():
        letters.update(zip(ids, summary_labels(len(ids)), strict=True))
    return [
        {
            "id": note.pk,
            "annotator": note.annotator.get_username(),
            "author": display_name(note.author),
            "text": note.text,
            "created_at": note.created_at,
            "read_at": note.read_at,
            "reopened": note.reopened,
            "topic": note.sentence.summary.topic_id
            if note.sentence is not None
            else (note.assignment.topic_id if note.assignment is not None else None),
            "sentence": None
            if note.sentence is None
            else {
                "id": note.sentence_id,
                "summary_label": letters[note.sentence.summary_id],
                "number": note.sentence.position + 1,
            },
            "replies": [
                {
                    "id": reply.pk,
                    "author": display_name(reply.author),
                    "from_annotator": reply.author_id == note.annotator_id,
                    "text": reply.text,
                    "created_at": reply.created_at,
                    "unread": _unread(reply, note),
                }
                for reply in note.replies.all()
            ],
            "unread_replies": sum(_unread(reply, note) for reply in note.replies.all()),
        }
        for note in notes
    ]


def _unread(reply: FeedbackReply, note: Feedback) -> bool:
    """A reply of the note's annotator that no admin has read yet."""
    return reply.author_id == note.annotator_id and reply.read_at is None


def unread_replies(*, project: Project) -> list[dict[str, Any]]:
    """The annotators' replies no admin has read, counted per round and unit (null: notes
    about no unit), so the project page can say how many and open each. One query."""
    counts: dict[tuple[int, int | None], int] = defaultdict(int)
    for round_id, sentence_topic, assignment_topic in FeedbackReply.objects.filter(
        feedback__round__project=project,
        author_id=F("feedback__annotator_id"),
        read_at__isnull=True,
    ).values_list(
        "feedback__round_id",
        "feedback__sentence__summary__topic_id",
        "feedback__assignment__topic_id",
    ):
        counts[(round_id, sentence_topic or assignment_topic)] += 1
    return [
        {"round": round_id, "topic": topic, "count": count}
        for (round_id, topic), count in sorted(counts.items(), key=lambda item: str(item[0]))
    ]


def project_units(*, project: Project, query: str = "", asked: PageRequest) -> dict[str, Any]:
    """The project's units (a document's topic) matching ``query`` in the topic name, the
    document title or id, a page at a time, each with its summary count and the rounds it is
    already in. Four queries whatever the page or the project's size; the summaries are
    counted for the page's units only (counted with the page's ``ORDER BY``, every unit's
    were: 0.7 s for 200,000 units)."""
    topics = Topic.objects.filter(document__corpus__project=project)
    for word in query.split():
        topics = topics.filter(
            Q(name__icontains=word)
            | Q(document__title__icontains=word)
            | Q(document__external_id__icontains=word)
        )
    page = page_of(topics.count(), asked)
    rows = list(
        topics.order_by("document__corpus__slug", "document__external_id", "position").values_list(
            "pk", "name", "document__title", "document__external_id", "document__corpus__slug"
        )[page.start : page.stop]
    )
    shown = [row[0] for row in rows]
    summaries = dict(
        Summary.objects.filter(topic_id__in=shown)
        .values("topic_id")
        .annotate(n=Count("id"))
        .values_list("topic_id", "n")
        .order_by()
    )
    in_rounds: dict[int, list[str]] = defaultdict(list)
    for topic_id, round_name in (
        Assignment.objects.filter(topic_id__in=shown)
        .values_list("topic_id", "round__name")
        .distinct()
        .order_by("topic_id", "round__name")
    ):
        in_rounds[topic_id].append(round_name)
    return {
        **page.fields(),
        "units": [
            {
                "topic": pk,
                "topic_name": name,
                "document": title or external_id,
                "corpus": corpus,
                "summaries": summaries.get(pk, 0),
                "rounds": in_rounds[pk],
            }
            for pk, name, title, external_id, corpus in rows
        ],
    }


def corpus_overview(*, project: Project) -> dict[str, Any]:
    """What was imported: counts (as kept on each corpus, ``corpus_counts``), and the
    published labels per system (from the project's reference rounds, the labels a benchmark
    came with)."""
    reference = {"round__project": project, "round__kind": RoundKind.REFERENCE}
    published = SentenceJudgement.objects.filter(
        **{f"assignment__{key}": value for key, value in reference.items()}
    )
    return {
        "corpora": [
            {
                "corpus": counts["slug"],
                "documents": counts["documents"],
                "topics": counts["topics"],
                "summaries": counts["summaries"],
            }
            for counts in corpus_counts(project=project)
        ],
        "published": label_distribution(published, Assignment.objects.filter(**reference)),
    }


def corpus_unit(*, project: Project, topic_id: int) -> dict[str, Any] | None:
    """One imported unit for the admin: its document, topic and summaries in stored order,
    each with its system and every sentence's published labels (by source). Four queries."""
    topic = (
        Topic.objects.filter(pk=topic_id, document__corpus__project=project)
        .select_related("document__corpus")
        .first()
    )
    if topic is None:
        return None
    summaries = list(Summary.objects.filter(topic=topic).order_by("position", "id"))
    published: dict[int, dict[str, str]] = defaultdict(dict)
    for sentence_id, source, label in SentenceJudgement.objects.filter(
        sentence__summary__topic=topic, assignment__round__kind=RoundKind.REFERENCE
    ).values_list("sentence_id", "assignment__source", "label"):
        published[sentence_id][source] = label
    sentences: dict[int, list[SummarySentence]] = defaultdict(list)
    for sentence in SummarySentence.objects.filter(summary__topic=topic).order_by("position"):
        sentences[sentence.summary_id].append(sentence)
    return {
        "topic": {"id": topic.pk, "name": topic.name},
        "document": {
            "id": topic.document.external_id,
            "title": topic.document.title or topic.document.external_id,
            "corpus": topic.document.corpus.slug,
        },
        "summaries": [
            {
                "id": summary.pk,
                "system": summary.system,
                "external_id": summary.external_id,
                "sentences": [
                    {
                        "number": s.position + 1,
                        "text": s.text,
                        "published": published.get(s.pk, {}),
                    }
                    for s in sentences[summary.pk]
                ],
            }
            for summary in summaries
        ],
    }
