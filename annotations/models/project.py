"""Projects and the work that organises them: members, guidelines, rounds, assignments.

Round states:   draft ──open──▶ open ──close──▶ closed
Assignment:     assigned ──first save──▶ in_progress ──submit──▶ submitted
                submitted ──admin reopens (recorded)──▶ in_progress
See docs/rounds.md.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings
from django.db import models
from django.db.models import Q

from annotations.models.taxonomy import TaxonomyVersion


class Project(models.Model):
    """A study. Its *scheme* is the set of questions its linguists answer; the defaults
    reproduce TofuEval."""

    SCHEME_FIELDS: ClassVar[tuple[str, ...]] = (
        "ask_consistency",
        "ask_error_types",
        "ask_error_spans",
        "require_error_spans",
        "ask_evidence",
        "require_evidence",
        "ask_relevance",
        "ask_not_a_summary",
        "ask_comment",
        "ask_sentence_comment",
        "ask_confidence",
        "ask_topic_category",
        "ask_completeness",
        "ask_atomic_facts",
        "show_fact_scores",
    )

    slug = models.SlugField(max_length=100, unique=True)
    name = models.CharField(max_length=200)
    description = models.TextField(blank=True)
    taxonomy = models.ForeignKey(
        "annotations.ErrorTaxonomy", on_delete=models.PROTECT, related_name="projects"
    )
    ask_consistency = models.BooleanField("factual consistency per sentence", default=True)
    ask_error_types = models.BooleanField("error types of inconsistent sentences", default=True)
    # Error spans and their evidence are each off, optional (ask) or required (ask and
    # require): with spans required an inconsistent sentence needs one; with evidence
    # required every span needs evidence or an explicit "none in the dialogue".
    ask_error_spans = models.BooleanField("error spans in inconsistent sentences", default=False)
    require_error_spans = models.BooleanField(
        "an inconsistent sentence needs a span", default=False
    )
    ask_evidence = models.BooleanField("dialogue evidence for each span", default=False)
    require_evidence = models.BooleanField("each span needs its evidence", default=False)
    ask_relevance = models.BooleanField("relevance to the topic (1-5)", default=True)
    ask_not_a_summary = models.BooleanField("not-a-summary flag", default=True)
    ask_comment = models.BooleanField("optional comment per summary", default=True)
    # Linguists asked for these to flag uncertainty without misusing the explanation box.
    ask_sentence_comment = models.BooleanField("optional comment per sentence", default=False)
    ask_confidence = models.BooleanField(
        "optional confidence per sentence (low, medium, high)", default=False
    )
    ask_topic_category = models.BooleanField("topic category", default=True)
    ask_completeness = models.BooleanField("key facts for completeness", default=False)
    ask_atomic_facts = models.BooleanField("atomic facts", default=False)
    # Off by default: a linguist who watches a summary's completeness while aligning may
    # steer it (TofuEval and FineSurE showed none); a practice round may want them.
    show_fact_scores = models.BooleanField(
        "show linguists their own completeness, conciseness and ACU scores", default=False
    )
    # The convergence rule: per question key, the coefficient a round must reach.
    agreement_targets = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["slug"]
        constraints = [
            # Required means asked; evidence belongs to spans.
            models.CheckConstraint(
                condition=Q(require_error_spans=False) | Q(ask_error_spans=True),
                name="required_spans_are_asked",
            ),
            models.CheckConstraint(
                condition=Q(ask_evidence=False) | Q(ask_error_spans=True),
                name="evidence_needs_spans",
            ),
            models.CheckConstraint(
                condition=Q(require_evidence=False) | Q(ask_evidence=True),
                name="required_evidence_is_asked",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def scheme(self) -> dict[str, bool]:
        return {field.removeprefix("ask_"): getattr(self, field) for field in self.SCHEME_FIELDS}


class Role(models.TextChoices):
    ADMIN = "admin", "project admin"
    ANNOTATOR = "annotator", "annotator (linguist)"
    REVIEWER = "reviewer", "reviewer"
    RESEARCHER = "researcher", "researcher"


class Membership(models.Model):
    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=12, choices=Role.choices)
    created_at = models.DateTimeField(auto_now_add=True)
    # An annotator whose accuracy on gold units fell below a round's threshold: their work
    # not yet started waits until an admin resumes them (docs/quality.md).
    paused_at = models.DateTimeField(null=True, blank=True)
    paused_round = models.ForeignKey(
        "annotations.Round", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["project", "user", "role"], name="membership_unique"),
            models.CheckConstraint(
                condition=Q(role__in=[r.value for r in Role]), name="membership_role_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} · {self.role} · {self.project.slug}"


class GuidelineVersion(models.Model):
    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="guidelines")
    version = models.PositiveIntegerField()
    markdown = models.TextField()
    changelog = models.TextField(blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["project", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["project", "version"], name="guideline_version_unique"),
            models.CheckConstraint(condition=Q(version__gte=1), name="guideline_version_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.project.slug} guidelines v{self.version}"


class RoundKind(models.TextChoices):
    PRACTICE = "practice", "practice"
    PILOT = "pilot", "pilot"
    PRODUCTION = "production", "production"
    # A practice round whose answer-key scores decide who joins production.
    QUALIFICATION = "qualification", "qualification"
    ERROR_TYPING = "error_typing", "error typing"
    REVIEW = "review", "review"
    # Labels that came with a published benchmark, attributed to the release, not a person.
    REFERENCE = "reference", "reference (published labels)"
    # The project's one round of admins' gold values (docs/review.md): always open.
    ADJUDICATION = "adjudication", "adjudication"
    # Linguists judge evaluators' explanations against the human ones (docs/evaluation.md).
    EXPLANATION = "explanation", "explanation meta-annotation"


# The rounds whose assignments answer the project's scheme (docs/review.md).
ANNOTATION_ROUND_KINDS = (
    RoundKind.PRACTICE,
    RoundKind.QUALIFICATION,
    RoundKind.PILOT,
    RoundKind.PRODUCTION,
)
# The rounds scored against an answer key, shown to the linguist after submitting.
KEYED_ROUND_KINDS = (RoundKind.PRACTICE, RoundKind.QUALIFICATION)
# The rounds whose assignments answer about a list of items (``RoundItem``) only.
ITEM_ROUND_KINDS = (RoundKind.REVIEW, RoundKind.ERROR_TYPING, RoundKind.EXPLANATION)


class AssignmentStage(models.TextChoices):
    """Which answer an assignment of a review round gives; empty in every other round."""

    NONE = "", "-"
    REVIEW = "review", "review"
    SECOND_REVIEW = "second_review", "second review"


class RoundStatus(models.TextChoices):
    DRAFT = "draft", "draft"
    OPEN = "open", "open"
    CLOSED = "closed", "closed"


class Round(models.Model):
    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="rounds")
    name = models.CharField(max_length=200)
    kind = models.CharField(max_length=13, choices=RoundKind.choices)
    status = models.CharField(max_length=6, choices=RoundStatus.choices, default=RoundStatus.DRAFT)
    overlap = models.PositiveSmallIntegerField(
        default=1, help_text="How many distinct annotators each unit goes to (k)."
    )
    guideline_version = models.ForeignKey(
        GuidelineVersion, null=True, blank=True, on_delete=models.PROTECT, related_name="rounds"
    )
    # The taxonomy version the round offers, frozen when the round is created (``save``):
    # retiring a type later hides it from new rounds only (docs/taxonomies.md).
    taxonomy_version = models.ForeignKey(
        "annotations.TaxonomyVersion",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="rounds",
    )
    seed = models.BigIntegerField(default=0, help_text="Seeds unit sampling and summary order.")
    # Mark the turns most related to a sentence while linking evidence; a round without
    # them (on the same units) measures whether hints change the labels.
    evidence_hints = models.BooleanField(
        default=True, help_text="Show evidence hints in the dialogue (when spans are asked)."
    )
    # Completeness: "" = each linguist writes the unit's key facts (TofuEval's Task 2); else
    # the source of the unit's given list (``KeyFactList.source``) that linguists only align,
    # the one mode in which alignment agreement is defined (docs/completeness.md).
    key_fact_source = models.CharField(
        max_length=100,
        blank=True,
        help_text="Blank: linguists write key facts; else the given list's source they align.",
    )
    # Atomic facts: written by each linguist, or the summary's given ACUs to verify.
    given_atomic_facts = models.BooleanField(
        default=False, help_text="Verify the summaries' given atomic facts instead of writing."
    )
    # Review and error-typing rounds: the annotation rounds whose labels they review or type.
    source_rounds = models.ManyToManyField(
        "self", symmetrical=False, blank=True, related_name="followed_by"
    )
    # Review rounds: which sentences become items (ReviewScope).
    review_scope = models.CharField(max_length=4, blank=True)
    # Error-typing rounds: a type is gold when at least this many annotators chose it.
    type_min_count = models.PositiveSmallIntegerField(
        default=2, help_text="Error typing: annotators who must choose a type for it to count."
    )
    # Production rounds: the share of gold (attention-check) units mixed in, and the accuracy
    # on them below which an annotator is paused (None: never).
    # When a pause or a removal leaves a unit with fewer than ``overlap`` people, give it to
    # another annotator of the round at once (services/overlap.py); else the admin does.
    auto_reassign = models.BooleanField(default=False)
    gold_rate = models.FloatField(default=0.0)
    pause_below = models.FloatField(null=True, blank=True)
    # When its disagreements were listed for adjudication (``Disagreement``), once closed.
    disagreements_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    opened_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["project", "created_at"]
        constraints = [
            models.UniqueConstraint(fields=["project", "name"], name="round_name_unique"),
            models.CheckConstraint(condition=Q(overlap__gte=1), name="round_overlap_at_least_1"),
            models.CheckConstraint(
                condition=Q(kind__in=[k.value for k in RoundKind]), name="round_kind_valid"
            ),
            models.CheckConstraint(
                condition=Q(status__in=[s.value for s in RoundStatus]), name="round_status_valid"
            ),
            # A round that is open or closed has frozen the guidelines it was opened with,
            # except a reference round, whose labels were collected elsewhere.
            models.CheckConstraint(
                condition=Q(status="draft")
                | Q(kind__in=["reference", "adjudication"])
                | Q(guideline_version__isnull=False),
                name="round_open_has_guidelines",
            ),
            models.CheckConstraint(
                condition=Q(type_min_count__gte=1), name="round_type_min_count_at_least_1"
            ),
            models.CheckConstraint(
                condition=Q(gold_rate__gte=0, gold_rate__lte=0.5), name="round_gold_rate_range"
            ),
            models.CheckConstraint(
                condition=Q(pause_below__isnull=True) | Q(pause_below__gte=0, pause_below__lte=1),
                name="round_pause_below_range",
            ),
            # One adjudication round per project.
            models.UniqueConstraint(
                fields=["project"],
                condition=Q(kind="adjudication"),
                name="one_adjudication_round_per_project",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.project.slug} · {self.name}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        # Every way of creating a round (admin form, imports, item rounds) freezes the
        # project's current taxonomy version here, so none can forget it.
        if self._state.adding and self.taxonomy_version_id is None:
            self.taxonomy_version = (
                TaxonomyVersion.objects.filter(
                    taxonomy__projects=self.project_id, published_at__isnull=False
                )
                .order_by("-version")
                .first()
            )
        super().save(*args, **kwargs)


class AssignmentStatus(models.TextChoices):
    ASSIGNED = "assigned", "assigned"
    IN_PROGRESS = "in_progress", "in progress"
    SUBMITTED = "submitted", "submitted"


# The rounds whose assignments their annotators see: every round but a draft.
VISIBLE_ROUND_STATUSES = (RoundStatus.OPEN, RoundStatus.CLOSED)


def is_read_only(*, status: str, round_status: str) -> bool:
    """The one read-only rule: an assignment can change while it is not submitted and its
    round is open (the lock, the payload and the heartbeat all ask this). The adjudication
    round is always open and its assignments are never submitted."""
    return status == AssignmentStatus.SUBMITTED or round_status != RoundStatus.OPEN


class Assignment(models.Model):
    """One annotator's work on one unit (a document's topic with all its summaries) in a
    round. Published labels imported from a benchmark have no annotator: ``source`` names
    where they came from instead."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="assignments")
    topic = models.ForeignKey(
        "annotations.Topic", on_delete=models.CASCADE, related_name="assignments"
    )
    annotator = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="assignments",
    )
    source = models.CharField(
        max_length=200, blank=True, help_text="Origin of labels not made by a user here."
    )
    status = models.CharField(
        max_length=12, choices=AssignmentStatus.choices, default=AssignmentStatus.ASSIGNED
    )
    # Review rounds: review or second review (AssignmentStage); empty elsewhere.
    stage = models.CharField(max_length=13, choices=AssignmentStage.choices, blank=True)
    # Seeds this annotator's order of the unit's summaries (labelled A, B, C...).
    order_seed = models.BigIntegerField(default=0)
    active_seconds = models.PositiveIntegerField(default=0)
    # When the last heartbeat counted: caps what the next one may add (docs/api/workspace.md).
    last_heartbeat_at = models.DateTimeField(null=True, blank=True)
    # Assisted rounds: this (annotator, unit) pair is in the assisted arm (models/assistance.py).
    assisted = models.BooleanField(default=False, db_default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    submitted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "topic", "annotator"],
                condition=Q(annotator__isnull=False),
                name="assignment_unit_once_per_annotator",
            ),
            models.UniqueConstraint(
                fields=["round", "topic", "source"],
                condition=Q(annotator__isnull=True),
                name="assignment_unit_once_per_source",
            ),
            models.CheckConstraint(
                condition=Q(annotator__isnull=False) | ~Q(source=""),
                name="assignment_has_annotator_or_source",
            ),
            models.CheckConstraint(
                condition=Q(status__in=[s.value for s in AssignmentStatus]),
                name="assignment_status_valid",
            ),
        ]
        indexes = [
            models.Index(fields=["annotator", "status"]),
            # A round's counts (units, assignments, submitted) and its units a page at a time,
            # from the index alone: ~50 ms instead of ~150 for 400,000 assignments.
            models.Index(
                fields=["round", "topic"], include=["status"], name="assignment_round_topic"
            ),
            # A round's submitted units, for its disagreement list (UnitDisagreement).
            models.Index(
                fields=["round", "topic"],
                include=["submitted_at"],
                condition=Q(status="submitted", annotator__isnull=False),
                name="assignment_submitted",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} · {self.topic_id} · {self.rater_label}"

    @property
    def read_only(self) -> bool:
        """See ``is_read_only``; reads ``round``."""
        return is_read_only(status=self.status, round_status=self.round.status)

    @property
    def rater_label(self) -> str:
        """Who made the labels: the user, or the external source."""
        return self.annotator.get_username() if self.annotator is not None else self.source


class AgreementReport(models.Model):
    """Inter-annotator agreement of a round, reused until its inputs (labels) change."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="agreement_reports")
    computed_at = models.DateTimeField(auto_now_add=True)
    inputs_hash = models.CharField(max_length=64)
    results = models.JSONField(default=dict)

    class Meta:
        ordering = ["round", "-computed_at"]
        constraints = [
            models.UniqueConstraint(fields=["round", "inputs_hash"], name="agreement_report_unique")
        ]

    def __str__(self) -> str:
        return f"agreement of {self.round} at {self.computed_at:%Y-%m-%d %H:%M}"
