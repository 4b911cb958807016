"""The project admin's responses as typed serializers (docs/api/admin.md), so the OpenAPI
schema documents every field and the frontend can generate its types from it.

Like the linguist's contract (``workspace_contract``), they describe what the selectors
return; ``tests/api/test_contract.py`` checks real responses against them."""

from __future__ import annotations

from rest_framework import serializers

from annotations.api.paging import PageOutput
from annotations.models import AssignmentStatus, JobStatus, RoundStatus

# The agreement questions a target can be set for (docs/agreement.md).
QUESTION_KEYS = (
    "sentence_consistency",
    "summary_consistency",
    "error_types",
    "relevance",
    "relevance_binned",
    "topic_category",
    "topic_category_merged",
    "not_a_summary",
    "span_exact",
    "span_overlap",
    "span_character",
    "evidence_turns",
    "key_fact_coverage",
    "key_fact_alignment",
    "key_fact_completeness",
    "key_fact_count",
    "acu_verdict",
    "acu_score",
)


class AdminRoundOutput(serializers.Serializer):
    id = serializers.IntegerField()
    project = serializers.CharField()
    name = serializers.CharField()
    kind = serializers.CharField()
    status = serializers.ChoiceField(choices=RoundStatus.choices)
    overlap = serializers.IntegerField()
    guideline_version = serializers.IntegerField(allow_null=True)
    units = serializers.IntegerField()
    assignments = serializers.IntegerField()
    submitted = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    opened_at = serializers.DateTimeField(allow_null=True)
    closed_at = serializers.DateTimeField(allow_null=True)
    evidence_hints = serializers.BooleanField(help_text="The round shows evidence hints.")
    key_fact_source = serializers.CharField(
        allow_blank=True, help_text="Blank: key facts written; else the given list aligned."
    )
    given_atomic_facts = serializers.BooleanField(help_text="Atomic facts given, to verify.")


class CreatedRoundOutput(AdminRoundOutput):
    skipped = serializers.IntegerField(
        help_text="Units the sample left out: already in another unclosed round of its kind."
    )
    items = serializers.IntegerField(
        required=False, help_text="Review and error typing: the sentences the round collected."
    )


class MemberOutput(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    display_name = serializers.CharField()
    roles = serializers.ListField(child=serializers.CharField())


class GuidelineSummaryOutput(serializers.Serializer):
    version = serializers.IntegerField()
    changelog = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()
    published_at = serializers.DateTimeField(allow_null=True)


class GuidelineOutput(GuidelineSummaryOutput):
    class Meta:
        ref_name = "GuidelineVersionOutput"

    markdown = serializers.CharField(allow_blank=True)


class GuidelineDiffOutput(serializers.Serializer):
    # "from" is a Python keyword: the field is declared under another name.
    to = serializers.IntegerField()
    diff = serializers.CharField(allow_blank=True, help_text="A unified diff.")

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        fields["from"] = serializers.IntegerField()
        return fields


class CorpusCountsOutput(serializers.Serializer):
    slug = serializers.CharField()
    documents = serializers.IntegerField()
    topics = serializers.IntegerField()
    summaries = serializers.IntegerField()


def _targets_fields() -> dict[str, serializers.Field]:
    return {
        key: serializers.FloatField(required=False, allow_null=True, min_value=-1, max_value=1)
        for key in QUESTION_KEYS
    }


# Question key -> the coefficient a round must reach (null or absent: no target).
# PUT takes the same object and refuses an unknown question (api/admin_projects.py TargetsView).
TargetsOutput = type(
    "TargetsOutput",
    (serializers.Serializer,),
    {**_targets_fields(), "REFUSES_UNKNOWN_KEYS": True},
)


class PausedMemberOutput(serializers.Serializer):
    username = serializers.CharField()
    paused_at = serializers.DateTimeField()
    round = serializers.IntegerField(allow_null=True)


class UnreadRepliesOutput(serializers.Serializer):
    round = serializers.IntegerField()
    topic = serializers.IntegerField(allow_null=True, help_text="The unit; null: no unit.")
    count = serializers.IntegerField()


class AdminProjectOutput(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    scheme = serializers.DictField(child=serializers.BooleanField())
    members = MemberOutput(many=True)
    guidelines = GuidelineSummaryOutput(many=True)
    rounds = AdminRoundOutput(many=True)
    corpora = CorpusCountsOutput(many=True)
    targets = TargetsOutput()
    key_fact_sources = serializers.ListField(
        child=serializers.CharField(),
        help_text="The sources of the given key-fact lists imported for this project's units"
        " (a round can align one instead of writing key facts).",
    )
    given_atomic_facts = serializers.IntegerField(
        help_text="How many summaries have given atomic facts to verify."
    )
    unread_replies = UnreadRepliesOutput(
        many=True,
        help_text="Annotators' replies to feedback no admin has read, per round and unit.",
    )
    keyed_units = serializers.IntegerField(
        help_text="How many units have an answer key (gold units are drawn from them)."
    )
    paused = PausedMemberOutput(
        many=True, help_text="Annotators paused by a round's gold-unit accuracy threshold."
    )


class TaxonomyTypeOutput(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    definition = serializers.CharField(allow_blank=True)
    parent = serializers.CharField(allow_null=True, help_text="The parent type's code.")


class TaxonomyChoiceOutput(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField(allow_blank=True)
    types = TaxonomyTypeOutput(many=True)


class SchemeSwitchOutput(serializers.Serializer):
    key = serializers.CharField(help_text="A key of the project's scheme.")
    label = serializers.CharField()
    default = serializers.BooleanField()
    needs = serializers.CharField(
        allow_null=True, help_text="The switch that must be on for this one to be on."
    )


class ProjectOptionsOutput(serializers.Serializer):
    default_taxonomy = serializers.CharField()
    taxonomies = TaxonomyChoiceOutput(many=True, help_text="The built-in taxonomies.")
    scheme = SchemeSwitchOutput(many=True, help_text="The questions a project can ask.")


class JobOutput(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    status = serializers.ChoiceField(choices=JobStatus.choices)
    progress = serializers.IntegerField(min_value=0, max_value=100)
    message = serializers.CharField(allow_blank=True)
    result = serializers.JSONField(allow_null=True, help_text="What the job produced.")
    error = serializers.CharField(allow_blank=True)
    can_retry = serializers.BooleanField(
        help_text="Waiting for a worker, or failed with its inputs kept: POST .../retry/."
    )
    can_cancel = serializers.BooleanField(
        help_text="No worker has started it: POST .../cancel/ ends it failed."
    )


class HistoryPointOutput(serializers.Serializer):
    round = serializers.CharField()
    round_id = serializers.IntegerField()
    value = serializers.FloatField(allow_null=True)
    ci = serializers.ListField(child=serializers.FloatField(), allow_null=True)
    n_units = serializers.IntegerField(allow_null=True)


class HistoryQuestionOutput(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    target = serializers.FloatField(allow_null=True)
    points = HistoryPointOutput(many=True)


class AgreementHistoryOutput(serializers.Serializer):
    questions = HistoryQuestionOutput(many=True)


class AnnotatorProgressOutput(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField()
    assigned = serializers.IntegerField()
    submitted = serializers.IntegerField()
    in_progress = serializers.IntegerField()
    active_seconds = serializers.IntegerField()


class UnitAssignmentOutput(serializers.Serializer):
    assignment = serializers.IntegerField()
    username = serializers.CharField()
    status = serializers.ChoiceField(choices=AssignmentStatus.choices)
    active_seconds = serializers.IntegerField()


class UnitProgressOutput(serializers.Serializer):
    topic = serializers.IntegerField()
    topic_name = serializers.CharField(allow_blank=True)
    document = serializers.CharField()
    assignments = UnitAssignmentOutput(many=True)


class PublishedRowOutput(serializers.Serializer):
    system = serializers.CharField()
    topic_category = serializers.CharField(required=False, allow_blank=True)
    summaries = serializers.IntegerField()
    sentences = serializers.IntegerField()
    consistent = serializers.IntegerField()
    inconsistent = serializers.IntegerField()
    inconsistent_rate = serializers.FloatField(allow_null=True)


class PublishedLabelsOutput(serializers.Serializer):
    sources = serializers.ListField(child=serializers.CharField())
    systems = PublishedRowOutput(many=True)
    by_topic_category = PublishedRowOutput(many=True)


class RoundProgressOutput(PageOutput):
    """The paging fields count the round's units (none for a reference round)."""

    round = AdminRoundOutput()
    annotators = AnnotatorProgressOutput(many=True, help_text="All of them, by username.")
    units = UnitProgressOutput(many=True, help_text="The page's units, by topic id.")
    published = PublishedLabelsOutput(
        allow_null=True, help_text="A reference round's published labels; null otherwise."
    )


class CorpusCountOutput(serializers.Serializer):
    corpus = serializers.CharField()
    documents = serializers.IntegerField()
    topics = serializers.IntegerField()
    summaries = serializers.IntegerField()


class CorpusOverviewOutput(serializers.Serializer):
    corpora = CorpusCountOutput(many=True)
    published = PublishedLabelsOutput()


class CorpusSentenceOutput(serializers.Serializer):
    number = serializers.IntegerField()
    text = serializers.CharField()
    published = serializers.DictField(
        child=serializers.CharField(allow_blank=True), help_text="Source -> its label."
    )


class CorpusSummaryOutput(serializers.Serializer):
    id = serializers.IntegerField()
    system = serializers.CharField()
    external_id = serializers.CharField(allow_blank=True)
    sentences = CorpusSentenceOutput(many=True)


class CorpusDocumentOutput(serializers.Serializer):
    id = serializers.CharField()
    title = serializers.CharField()
    corpus = serializers.CharField()


class CorpusTopicOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField(allow_blank=True)


class CorpusUnitOutput(serializers.Serializer):
    topic = CorpusTopicOutput()
    document = CorpusDocumentOutput()
    summaries = CorpusSummaryOutput(many=True)


class IntervalOutput(serializers.Serializer):
    value = serializers.FloatField(allow_null=True)
    ci = serializers.ListField(
        child=serializers.FloatField(allow_null=True), help_text="95% bootstrap interval."
    )


class CoefficientOutput(IntervalOutput):
    name = serializers.CharField(help_text="Cohen's kappa, Fleiss' kappa, Krippendorff's alpha…")


class PairOutput(serializers.Serializer):
    a = serializers.CharField()
    b = serializers.CharField()
    value = serializers.FloatField(allow_null=True)
    n_units = serializers.IntegerField()


class VsMajorityOutput(serializers.Serializer):
    annotator = serializers.CharField()
    value = serializers.FloatField(allow_null=True)
    agreement = serializers.FloatField(allow_null=True)
    n_units = serializers.IntegerField()


class ConfusionOutput(serializers.Serializer):
    labels = serializers.ListField(child=serializers.CharField())
    counts = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()))


class ProjectionOutput(serializers.Serializer):
    half_width = serializers.FloatField(help_text="The target half-width w of the interval.")
    confidence = serializers.FloatField()
    standard_error = serializers.FloatField(
        allow_null=True, help_text="The bootstrap standard error of the coefficient."
    )
    n_units = serializers.IntegerField(help_text="Units (or items) it was measured on.")
    resampled = serializers.ChoiceField(
        choices=["units", "items"],
        help_text="units: whole (dialogue, topic) units were resampled; items: one per unit.",
    )
    current_half_width = serializers.FloatField(allow_null=True)
    units_needed = serializers.IntegerField(
        allow_null=True, help_text="Units for a half-width of w at the current agreement."
    )
    more_units = serializers.IntegerField(allow_null=True, help_text="units_needed minus n_units.")
    note = serializers.CharField(allow_null=True, help_text="Why there is no projection.")


class ConfusionPairUnitOutput(serializers.Serializer):
    id = serializers.IntegerField(help_text="The topic id of the (dialogue, topic) unit.")
    name = serializers.CharField()
    count = serializers.IntegerField(help_text="Times the pair occurs in the unit.")


class ConfusionPairOutput(serializers.Serializer):
    a = serializers.CharField()
    b = serializers.CharField()
    count = serializers.IntegerField(help_text="Rater pairs on one item giving a and b.")
    n_units = serializers.IntegerField(help_text="Units where it occurs.")
    units = ConfusionPairUnitOutput(many=True, help_text="The first ten, most affected first.")


class AgreementQuestionOutput(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    level = serializers.ChoiceField(
        choices=["nominal", "ordinal", "interval", "ratio", "set", "span"],
        help_text="interval: counts and shares, as key-fact questions have; span: error spans"
        " or evidence, F1 between raters (docs/agreement.md).",
    )
    n_units = serializers.IntegerField()
    n_raters = serializers.IntegerField()
    coefficient = CoefficientOutput(allow_null=True)
    alpha = IntervalOutput(allow_null=True)
    percent_agreement = serializers.FloatField(allow_null=True)
    pairwise = PairOutput(many=True)
    vs_majority = VsMajorityOutput(many=True)
    confusion = ConfusionOutput(allow_null=True)
    per_label = serializers.DictField(
        child=serializers.FloatField(allow_null=True),
        allow_null=True,
        help_text="Error types: a Fleiss kappa per type; spans: F1 per error type.",
    )
    target = serializers.FloatField(allow_null=True)
    met = serializers.BooleanField(allow_null=True)
    note = serializers.CharField(allow_null=True)
    small_n = serializers.BooleanField(
        required=False, help_text="Under 30 units; absent in reports computed before it."
    )
    projection = ProjectionOutput(
        required=False,
        allow_null=True,
        help_text="Units needed for an interval half-width of w; absent in older reports.",
    )
    confusion_pairs = ConfusionPairOutput(
        many=True,
        required=False,
        help_text="The most frequent disagreements, with their units; absent in older reports.",
    )


class AssistanceConditionOutput(serializers.Serializer):
    hints = serializers.BooleanField(help_text="The round showed evidence hints.")
    round = serializers.IntegerField()
    round_name = serializers.CharField()
    n_raters = serializers.IntegerField()
    n_labels = serializers.IntegerField(help_text="Its raters' labels on the shared sentences.")
    n_inconsistent = serializers.IntegerField()
    share_inconsistent = serializers.FloatField(allow_null=True)
    agreement = CoefficientOutput(
        allow_null=True, help_text="Its raters' agreement on the shared sentences."
    )
    agreement_n_units = serializers.IntegerField()
    agreement_note = serializers.CharField(allow_null=True)


class EvidenceComparisonOutput(CoefficientOutput):
    n_units = serializers.IntegerField(help_text="Sentences both rounds label inconsistent.")


class AssistanceOutput(serializers.Serializer):
    chosen = serializers.ChoiceField(
        choices=["automatic", "explicit"],
        help_text="How the other round was picked: by the rule, or named by an admin.",
    )
    n_sentences = serializers.IntegerField(help_text="Sentences labelled in both rounds.")
    n_compared = serializers.IntegerField(
        help_text="Shared sentences with a majority label in both rounds (ties left out)."
    )
    small_n = serializers.BooleanField()
    conditions = AssistanceConditionOutput(many=True, help_text="With hints first, then without.")
    differ = IntervalOutput(
        allow_null=True, help_text="Share of compared sentences whose labels differ."
    )
    kappa = CoefficientOutput(allow_null=True, help_text="Cohen's kappa between the rounds.")
    confusion = ConfusionOutput(allow_null=True, help_text="Rows: with hints.")
    evidence = EvidenceComparisonOutput(
        allow_null=True, help_text="Turn F1 between the rounds' evidence."
    )
    note = serializers.CharField(allow_null=True)


class RevealFigureOutput(IntervalOutput):
    n = serializers.IntegerField(help_text="Labels (or pairs) the figure counts.")


class RevealChangedOutput(serializers.Serializer):
    value = serializers.FloatField(allow_null=True, help_text="Share changed after the reveal.")
    ci = serializers.ListField(child=serializers.FloatField(allow_null=True), allow_null=True)
    n = serializers.IntegerField()
    n_revealed = serializers.IntegerField()
    to_inconsistent = serializers.IntegerField()
    to_consistent = serializers.IntegerField()
    toward_model = RevealFigureOutput(
        allow_null=True, help_text="Share of changes that moved to the model's label."
    )


class RevealPairOutput(serializers.Serializer):
    assisted = RevealFigureOutput(allow_null=True)
    unassisted = RevealFigureOutput(allow_null=True)


class RevealDifferenceOutput(RevealPairOutput):
    difference = RevealFigureOutput(allow_null=True, help_text="Assisted minus unassisted.")


class RevealModelAgreementOutput(serializers.Serializer):
    before = RevealFigureOutput(allow_null=True, help_text="Pre-reveal labels = the model's.")
    after = RevealFigureOutput(allow_null=True, help_text="Final labels = the model's.")
    difference = RevealFigureOutput(allow_null=True, help_text="After minus before.")


class RevealArmAgreementOutput(serializers.Serializer):
    n_sentences = serializers.IntegerField()
    alpha = RevealFigureOutput(allow_null=True, help_text="Krippendorff's alpha (nominal).")
    percent = RevealFigureOutput(allow_null=True, help_text="Pairwise percent agreement.")


class RevealAgreementOutput(serializers.Serializer):
    n_mixed_sentences = serializers.IntegerField(help_text="Left out: raters in both arms.")
    assisted = RevealArmAgreementOutput()
    unassisted = RevealArmAgreementOutput()


class RevealFiguresOutput(serializers.Serializer):
    changed = RevealChangedOutput()
    model_agreement = RevealModelAgreementOutput()
    inconsistent_rate = RevealDifferenceOutput()
    time = RevealPairOutput(help_text="Active seconds per submitted unit.")


class RevealOverallOutput(RevealFiguresOutput):
    agreement = RevealAgreementOutput()


class RevealAnnotatorOutput(RevealFiguresOutput):
    annotator = serializers.CharField()
    agreement = RevealPairOutput(help_text="Percent agreement with the others, by own arm.")


class AssistedRevealOutput(serializers.Serializer):
    n_units = serializers.IntegerField()
    n_labels = serializers.IntegerField()
    n_revealed = serializers.IntegerField(help_text="Assisted labels whose verdict was revealed.")
    small_n = serializers.BooleanField(help_text="Under 30 revealed labels.")
    overall = RevealOverallOutput()
    annotators = RevealAnnotatorOutput(many=True)


class CompetenceRecallOutput(IntervalOutput):
    label = serializers.CharField(help_text="The true class, in words.")


class CompetenceAnnotatorOutput(serializers.Serializer):
    annotator = serializers.CharField()
    n_labels = serializers.IntegerField()
    accuracy = IntervalOutput(
        help_text=(
            "Dawid-Skene: the probability that this annotator's label is the true one, with a"
            " 95% bootstrap interval over items."
        )
    )
    recall = CompetenceRecallOutput(
        many=True,
        help_text="Per true class: how often they give it when it is true (with intervals).",
    )
    confusion = serializers.ListField(
        child=serializers.ListField(child=serializers.FloatField(allow_null=True)),
        help_text="Dawid-Skene confusion matrix: rows the true class, columns their label.",
    )
    mace = IntervalOutput(
        help_text=(
            "MACE: the probability that they know the answer rather than guess, with its 95%"
            " posterior interval."
        )
    )


class CompetencePatternOutput(serializers.Serializer):
    labels = serializers.DictField(
        child=serializers.CharField(), help_text="Annotator -> the label they gave."
    )
    n_items = serializers.IntegerField()
    posterior = serializers.DictField(
        child=serializers.FloatField(allow_null=True), help_text="Dawid-Skene, per class."
    )
    mace = serializers.DictField(
        child=serializers.FloatField(allow_null=True), help_text="MACE, per class."
    )
    entropy = serializers.FloatField(allow_null=True, help_text="Of the posterior, in bits.")


class CompetenceItemsOutput(serializers.Serializer):
    mean_entropy = serializers.FloatField(allow_null=True)
    n_uncertain = serializers.IntegerField(help_text="Items whose posterior is above 0.47 bits.")
    n_changed = serializers.IntegerField(
        help_text="Items whose posterior mode differs from a clear majority vote."
    )
    n_tied = serializers.IntegerField(help_text="Items whose vote is tied.")
    n_patterns = serializers.IntegerField()
    patterns = CompetencePatternOutput(many=True, help_text="The 20 most frequent patterns.")


class CompetenceQuestionOutput(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    classes = serializers.ListField(child=serializers.CharField())
    n_items = serializers.IntegerField()
    n_raters = serializers.IntegerField()
    priors = serializers.ListField(child=serializers.FloatField(allow_null=True), allow_null=True)
    annotators = CompetenceAnnotatorOutput(many=True)
    items = CompetenceItemsOutput(allow_null=True)
    note = serializers.CharField(allow_null=True)
    converged = serializers.BooleanField(required=False)


class CompetenceOutput(serializers.Serializer):
    questions = CompetenceQuestionOutput(many=True)


class AgreementReportOutput(serializers.Serializer):
    round = serializers.IntegerField()
    computed_at = serializers.DateTimeField()
    inputs_hash = serializers.CharField()
    stale = serializers.BooleanField()
    annotators = serializers.ListField(child=serializers.CharField())
    questions = AgreementQuestionOutput(many=True)
    updating = serializers.BooleanField(
        required=False,
        help_text=(
            "An automatic recompute after recent submits is waiting or running; the page"
            " polls and shows the new report when it lands (docs/agreement.md)."
        ),
    )
    assistance = AssistanceOutput(
        required=False,
        help_text=(
            "Labels with evidence hints against labels without, on the same units; present"
            " when another round of the opposite hint setting is compared (docs/agreement.md)."
        ),
    )
    assisted_reveal = AssistedRevealOutput(
        required=False,
        help_text="An assisted round's reveal figures, with unit-clustered intervals"
        " (docs/agreement.md, 'Assisted rounds: what the reveal did').",
    )
    competence = CompetenceOutput(
        required=False,
        help_text=(
            "Dawid-Skene and MACE per question with categories: each annotator's competence"
            " with an interval, and the items' posterior labels (docs/agreement.md)."
            " Absent in reports computed before it."
        ),
    )


class AdminTurnOutput(serializers.Serializer):
    id = serializers.IntegerField()
    position = serializers.IntegerField()
    speaker = serializers.CharField(allow_blank=True)
    role = serializers.CharField(allow_blank=True)
    text = serializers.CharField(allow_blank=True)


class AdminDocumentOutput(serializers.Serializer):
    title = serializers.CharField()
    turns = AdminTurnOutput(many=True)


class RaterEvidenceOutput(serializers.Serializer):
    turn = serializers.IntegerField(help_text="The turn's id (see document.turns).")
    start = serializers.IntegerField()
    end = serializers.IntegerField()
    text = serializers.CharField(allow_blank=True, help_text="The turn's words it points at.")


class RaterSpanOutput(serializers.Serializer):
    start = serializers.IntegerField(help_text="Offset in the sentence.")
    end = serializers.IntegerField()
    text = serializers.CharField()
    error_type = serializers.CharField(allow_null=True, help_text="The type's name.")
    note = serializers.CharField(allow_blank=True)
    no_evidence = serializers.BooleanField()
    evidence = RaterEvidenceOutput(many=True)


class HistoryRefOutput(serializers.Serializer):
    kind = serializers.CharField(help_text="For GET /api/admin/history/{kind}/{id}/.")
    id = serializers.IntegerField()


class RaterSentenceOutput(serializers.Serializer):
    label = serializers.CharField(allow_blank=True)
    explanation = serializers.CharField(allow_blank=True)
    error_types = serializers.ListField(child=serializers.CharField())
    spans = RaterSpanOutput(many=True, help_text="The error spans, each with its evidence.")
    history = HistoryRefOutput(help_text="The judgement's audit history.")


class RaterSummaryOutput(serializers.Serializer):
    relevance = serializers.IntegerField(allow_null=True)
    not_a_summary = serializers.BooleanField()
    comment = serializers.CharField(allow_blank=True)
    history = HistoryRefOutput(help_text="The judgement's audit history.")


class ComparedSentenceOutput(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    text = serializers.CharField()
    disagree = serializers.BooleanField()
    judgements = serializers.DictField(child=RaterSentenceOutput(), help_text="By annotator.")


class ComparedSummaryOutput(serializers.Serializer):
    id = serializers.IntegerField()
    label = serializers.CharField(help_text="A, B, C… in stored order; never the system.")
    disagree = serializers.BooleanField()
    judgements = serializers.DictField(child=RaterSummaryOutput(), help_text="By annotator.")
    sentences = ComparedSentenceOutput(many=True)


class DisagreementUnitOutput(serializers.Serializer):
    topic = CorpusTopicOutput()
    document = AdminDocumentOutput()
    annotators = serializers.ListField(child=serializers.CharField())
    topic_category = serializers.DictField(
        child=serializers.CharField(allow_blank=True), help_text="By annotator."
    )
    summaries = ComparedSummaryOutput(many=True)
    next_topic = serializers.IntegerField(
        allow_null=True,
        help_text="The unit after this one in the disagreement list; null after the last.",
    )
