"""Contains all the data models used in inputs/outputs"""

from .adjudicated_atomic_facts_output import AdjudicatedAtomicFactsOutput
from .adjudicated_category_output import AdjudicatedCategoryOutput
from .adjudicated_category_output_answers import AdjudicatedCategoryOutputAnswers
from .adjudicated_key_facts_output import AdjudicatedKeyFactsOutput
from .adjudicated_sentence_answer_output import AdjudicatedSentenceAnswerOutput
from .adjudicated_sentence_output import AdjudicatedSentenceOutput
from .adjudicated_sentence_output_answers import AdjudicatedSentenceOutputAnswers
from .adjudicated_summary_answer_output import AdjudicatedSummaryAnswerOutput
from .adjudicated_summary_output import AdjudicatedSummaryOutput
from .adjudicated_summary_output_answers import AdjudicatedSummaryOutputAnswers
from .adjudication_case_input import AdjudicationCaseInput
from .adjudication_payload_output import AdjudicationPayloadOutput
from .adjudication_payload_output_atomic_facts import AdjudicationPayloadOutputAtomicFacts
from .adjudication_queue_output import AdjudicationQueueOutput
from .adjudication_queue_question import AdjudicationQueueQuestion
from .admin_document_output import AdminDocumentOutput
from .admin_project_output import AdminProjectOutput
from .admin_project_output_scheme import AdminProjectOutputScheme
from .admin_projects_imports_create_body import AdminProjectsImportsCreateBody
from .admin_projects_imports_create_body_format import AdminProjectsImportsCreateBodyFormat
from .admin_round_output import AdminRoundOutput
from .admin_turn_output import AdminTurnOutput
from .agreement_history_output import AgreementHistoryOutput
from .agreement_question_output import AgreementQuestionOutput
from .agreement_question_output_per_label_type_0 import AgreementQuestionOutputPerLabelType0
from .agreement_report_output import AgreementReportOutput
from .aligned_sentence_input import AlignedSentenceInput
from .aligned_sentence_output import AlignedSentenceOutput
from .alignment_input import AlignmentInput
from .analysis_estimate import AnalysisEstimate
from .analysis_file_output import AnalysisFileOutput
from .analysis_type_share import AnalysisTypeShare
from .annotation_round_input import AnnotationRoundInput
from .annotation_round_input_kind_enum import AnnotationRoundInputKindEnum
from .annotator_progress_output import AnnotatorProgressOutput
from .annotator_rate_output import AnnotatorRateOutput
from .answer_key_output import AnswerKeyOutput
from .answer_key_scores_output import AnswerKeyScoresOutput
from .api_token_status_enum import ApiTokenStatusEnum
from .assignment_reopen_input import AssignmentReopenInput
from .assignment_status_enum import AssignmentStatusEnum
from .assistance_condition_output import AssistanceConditionOutput
from .assistance_output import AssistanceOutput
from .assisted_labels_enum import AssistedLabelsEnum
from .assisted_reveal_output import AssistedRevealOutput
from .atomic_evidence_output import AtomicEvidenceOutput
from .atomic_fact_input import AtomicFactInput
from .atomic_fact_output import AtomicFactOutput
from .atomic_facts_batch_entry import AtomicFactsBatchEntry
from .atomic_facts_batch_result import AtomicFactsBatchResult
from .atomic_facts_save_input import AtomicFactsSaveInput
from .atomic_facts_state import AtomicFactsState
from .batch_save_input import BatchSaveInput
from .batch_save_result import BatchSaveResult
from .builtin_taxonomy_choice_enum import BuiltinTaxonomyChoiceEnum
from .builtin_taxonomy_enum import BuiltinTaxonomyEnum
from .by_enum import ByEnum
from .case_output import CaseOutput
from .chosen_enum import ChosenEnum
from .coefficient_output import CoefficientOutput
from .compared_sentence_output import ComparedSentenceOutput
from .compared_sentence_output_judgements import ComparedSentenceOutputJudgements
from .compared_summary_output import ComparedSummaryOutput
from .compared_summary_output_judgements import ComparedSummaryOutputJudgements
from .competence_annotator_output import CompetenceAnnotatorOutput
from .competence_items_output import CompetenceItemsOutput
from .competence_output import CompetenceOutput
from .competence_pattern_output import CompetencePatternOutput
from .competence_pattern_output_labels import CompetencePatternOutputLabels
from .competence_pattern_output_mace import CompetencePatternOutputMace
from .competence_pattern_output_posterior import CompetencePatternOutputPosterior
from .competence_question_output import CompetenceQuestionOutput
from .competence_recall_output import CompetenceRecallOutput
from .confidence_enum import ConfidenceEnum
from .confusion_output import ConfusionOutput
from .confusion_pair_output import ConfusionPairOutput
from .confusion_pair_unit_output import ConfusionPairUnitOutput
from .corpus_count_output import CorpusCountOutput
from .corpus_counts_output import CorpusCountsOutput
from .corpus_document_output import CorpusDocumentOutput
from .corpus_overview_output import CorpusOverviewOutput
from .corpus_run_option_output import CorpusRunOptionOutput
from .corpus_run_options_output import CorpusRunOptionsOutput
from .corpus_run_output import CorpusRunOutput
from .corpus_run_upload_input import CorpusRunUploadInput
from .corpus_runs_output import CorpusRunsOutput
from .corpus_sentence_output import CorpusSentenceOutput
from .corpus_sentence_output_published import CorpusSentenceOutputPublished
from .corpus_summary_output import CorpusSummaryOutput
from .corpus_topic_output import CorpusTopicOutput
from .corpus_unit_output import CorpusUnitOutput
from .created_output import CreatedOutput
from .created_round_output import CreatedRoundOutput
from .decision_choice_enum import DecisionChoiceEnum
from .decision_enum import DecisionEnum
from .decision_to_confirm_output import DecisionToConfirmOutput
from .delivery_page_output import DeliveryPageOutput
from .disagreement_output import DisagreementOutput
from .disagreement_page_output import DisagreementPageOutput
from .disagreement_unit_output import DisagreementUnitOutput
from .disagreement_unit_output_topic_category import DisagreementUnitOutputTopicCategory
from .document_output import DocumentOutput
from .drift_output import DriftOutput
from .drift_week_output import DriftWeekOutput
from .error_envelope import ErrorEnvelope
from .error_envelope_errors import ErrorEnvelopeErrors
from .error_rate_row import ErrorRateRow
from .error_span_output import ErrorSpanOutput
from .error_type_output import ErrorTypeOutput
from .error_typing_round_input import ErrorTypingRoundInput
from .error_typing_round_input_kind_enum import ErrorTypingRoundInputKindEnum
from .evaluator_hard_units_by import EvaluatorHardUnitsBy
from .evaluator_kind_enum import EvaluatorKindEnum
from .evaluator_leaderboard_table_analysis import EvaluatorLeaderboardTableAnalysis
from .evaluator_leaderboard_table_level import EvaluatorLeaderboardTableLevel
from .evidence_comparison_output import EvidenceComparisonOutput
from .evidence_input import EvidenceInput
from .evidence_save_input import EvidenceSaveInput
from .evidence_span_output import EvidenceSpanOutput
from .explanation_judgement_output import ExplanationJudgementOutput
from .explanation_round_input import ExplanationRoundInput
from .explanation_round_input_kind_enum import ExplanationRoundInputKindEnum
from .explanation_to_judge_output import ExplanationToJudgeOutput
from .explanation_verdict_enum import ExplanationVerdictEnum
from .explanation_verdict_input import ExplanationVerdictInput
from .explanations_batch_entry import ExplanationsBatchEntry
from .explanations_batch_result import ExplanationsBatchResult
from .explanations_save_input import ExplanationsSaveInput
from .explanations_state import ExplanationsState
from .fact_gold_output import FactGoldOutput
from .feedback_input import FeedbackInput
from .feedback_item_output import FeedbackItemOutput
from .feedback_place_output import FeedbackPlaceOutput
from .feedback_reply_input import FeedbackReplyInput
from .feedback_reply_output import FeedbackReplyOutput
from .feedback_sentence_output import FeedbackSentenceOutput
from .fill_output import FillOutput
from .flagged_case_output import FlaggedCaseOutput
from .flagged_cases_output import FlaggedCasesOutput
from .formats_enum import FormatsEnum
from .given_atomic_fact_output import GivenAtomicFactOutput
from .given_fact_output import GivenFactOutput
from .gold_annotator_output import GoldAnnotatorOutput
from .gold_category_output import GoldCategoryOutput
from .gold_enum import GoldEnum
from .gold_label_output import GoldLabelOutput
from .gold_relevance_output import GoldRelevanceOutput
from .gold_types_output import GoldTypesOutput
from .gold_units_output import GoldUnitsOutput
from .gold_week_output import GoldWeekOutput
from .guideline_diff_output import GuidelineDiffOutput
from .guideline_input import GuidelineInput
from .guideline_output import GuidelineOutput
from .guideline_summary_output import GuidelineSummaryOutput
from .guideline_version_output import GuidelineVersionOutput
from .hard_unit_output import HardUnitOutput
from .hard_units_output import HardUnitsOutput
from .heartbeat_input import HeartbeatInput
from .heartbeat_output import HeartbeatOutput
from .history_entry_output import HistoryEntryOutput
from .history_output import HistoryOutput
from .history_point_output import HistoryPointOutput
from .history_question_output import HistoryQuestionOutput
from .history_ref_output import HistoryRefOutput
from .import_format_output import ImportFormatOutput
from .interval_output import IntervalOutput
from .invitation_created_output import InvitationCreatedOutput
from .invitation_input import InvitationInput
from .invitation_output import InvitationOutput
from .item_judgements_output import ItemJudgementsOutput
from .item_output import ItemOutput
from .item_sentence_output import ItemSentenceOutput
from .item_summary_output import ItemSummaryOutput
from .items_payload_output import ItemsPayloadOutput
from .job_output import JobOutput
from .job_started_output import JobStartedOutput
from .job_status_enum import JobStatusEnum
from .job_status_output import JobStatusOutput
from .judge_disagreement_output import JudgeDisagreementOutput
from .judge_level import JudgeLevel
from .judge_level_by import JudgeLevelBy
from .judge_level_by_additional_property import JudgeLevelByAdditionalProperty
from .judge_level_type_recall import JudgeLevelTypeRecall
from .judge_run_output import JudgeRunOutput
from .judge_run_output_levels import JudgeRunOutputLevels
from .judgements_output import JudgementsOutput
from .judges_gold_output import JudgesGoldOutput
from .judges_output import JudgesOutput
from .judges_project_output import JudgesProjectOutput
from .judges_round_output import JudgesRoundOutput
from .judges_split_output import JudgesSplitOutput
from .judges_state_enum import JudgesStateEnum
from .key_accuracy_output import KeyAccuracyOutput
from .key_fact_alignment_output import KeyFactAlignmentOutput
from .key_fact_input import KeyFactInput
from .key_fact_output import KeyFactOutput
from .key_facts_batch_entry import KeyFactsBatchEntry
from .key_facts_batch_result import KeyFactsBatchResult
from .key_facts_save_input import KeyFactsSaveInput
from .key_facts_state import KeyFactsState
from .key_sentence_output import KeySentenceOutput
from .keyed_annotator_output import KeyedAnnotatorOutput
from .label_enum import LabelEnum
from .labelled_output import LabelledOutput
from .leaderboard_acus import LeaderboardAcus
from .leaderboard_comparison import LeaderboardComparison
from .leaderboard_confusion import LeaderboardConfusion
from .leaderboard_correlation_entry import LeaderboardCorrelationEntry
from .leaderboard_correlation_table import LeaderboardCorrelationTable
from .leaderboard_correlation_table_evaluators import LeaderboardCorrelationTableEvaluators
from .leaderboard_correlations import LeaderboardCorrelations
from .leaderboard_evaluator_entry import LeaderboardEvaluatorEntry
from .leaderboard_evaluator_entry_by import LeaderboardEvaluatorEntryBy
from .leaderboard_evaluator_entry_by_additional_property import (
    LeaderboardEvaluatorEntryByAdditionalProperty,
)
from .leaderboard_evaluator_entry_type_recall import LeaderboardEvaluatorEntryTypeRecall
from .leaderboard_evaluator_output import LeaderboardEvaluatorOutput
from .leaderboard_explanation_share import LeaderboardExplanationShare
from .leaderboard_figure import LeaderboardFigure
from .leaderboard_group_figures import LeaderboardGroupFigures
from .leaderboard_key_facts import LeaderboardKeyFacts
from .leaderboard_level import LeaderboardLevel
from .leaderboard_level_error import LeaderboardLevelError
from .leaderboard_level_evaluators import LeaderboardLevelEvaluators
from .leaderboard_level_unscored import LeaderboardLevelUnscored
from .leaderboard_levels import LeaderboardLevels
from .leaderboard_output import LeaderboardOutput
from .leaderboard_output_acus import LeaderboardOutputAcus
from .leaderboard_output_error_type_accuracy import LeaderboardOutputErrorTypeAccuracy
from .leaderboard_output_explanations_same import LeaderboardOutputExplanationsSame
from .leaderboard_output_key_facts import LeaderboardOutputKeyFacts
from .leaderboard_output_self_agreement import LeaderboardOutputSelfAgreement
from .leaderboard_output_self_agreement_additional_property import (
    LeaderboardOutputSelfAgreementAdditionalProperty,
)
from .leaderboard_output_spans import LeaderboardOutputSpans
from .leaderboard_output_spans_additional_property import LeaderboardOutputSpansAdditionalProperty
from .leaderboard_output_strata import LeaderboardOutputStrata
from .leaderboard_output_strata_additional_property import LeaderboardOutputStrataAdditionalProperty
from .leaderboard_output_strata_additional_property_additional_property import (
    LeaderboardOutputStrataAdditionalPropertyAdditionalProperty,
)
from .leaderboard_output_success import LeaderboardOutputSuccess
from .leaderboard_self_agreement import LeaderboardSelfAgreement
from .leaderboard_span_category import LeaderboardSpanCategory
from .leaderboard_stratum import LeaderboardStratum
from .leaderboard_stratum_evaluator import LeaderboardStratumEvaluator
from .leaderboard_stratum_evaluators import LeaderboardStratumEvaluators
from .leaderboard_stratum_unscored import LeaderboardStratumUnscored
from .leaderboard_success import LeaderboardSuccess
from .leaderboard_success_levels import LeaderboardSuccessLevels
from .leaderboard_summary_coefficients import LeaderboardSummaryCoefficients
from .leaderboard_summary_correlation import LeaderboardSummaryCorrelation
from .leaderboard_system_coefficients import LeaderboardSystemCoefficients
from .leaderboard_type_accuracy import LeaderboardTypeAccuracy
from .leaderboard_type_recall import LeaderboardTypeRecall
from .level_enum import LevelEnum
from .me_output import MeOutput
from .member_add_input import MemberAddInput
from .member_output import MemberOutput
from .member_update_input import MemberUpdateInput
from .membership_output import MembershipOutput
from .method_enum import MethodEnum
from .opened_output import OpenedOutput
from .overlap_input import OverlapInput
from .overlap_output import OverlapOutput
from .pair_output import PairOutput
from .paused_member_output import PausedMemberOutput
from .paused_output import PausedOutput
from .people_action_enum import PeopleActionEnum
from .people_change_output import PeopleChangeOutput
from .people_state_output import PeopleStateOutput
from .prediction_kind_enum import PredictionKindEnum
from .production_round_input import ProductionRoundInput
from .production_round_input_kind_enum import ProductionRoundInputKindEnum
from .progress_output import ProgressOutput
from .project_create_input import ProjectCreateInput
from .project_create_input_scheme_type_0 import ProjectCreateInputSchemeType0
from .project_create_input_scheme_type_1 import ProjectCreateInputSchemeType1
from .project_create_input_scheme_type_2 import ProjectCreateInputSchemeType2
from .project_creator_output import ProjectCreatorOutput
from .project_member import ProjectMember
from .project_name import ProjectName
from .project_options_output import ProjectOptionsOutput
from .project_ref_output import ProjectRefOutput
from .project_releases_output import ProjectReleasesOutput
from .project_role_enum import ProjectRoleEnum
from .projection_output import ProjectionOutput
from .protocol_enum import ProtocolEnum
from .provenance_enum import ProvenanceEnum
from .published_labels_output import PublishedLabelsOutput
from .published_row_output import PublishedRowOutput
from .question_enum import QuestionEnum
from .queue_entry_output import QueueEntryOutput
from .queue_item_output import QueueItemOutput
from .queue_output import QueueOutput
from .rater_atomic_facts_output import RaterAtomicFactsOutput
from .rater_evidence_output import RaterEvidenceOutput
from .rater_key_facts_output import RaterKeyFactsOutput
from .rater_sentence_output import RaterSentenceOutput
from .rater_span_output import RaterSpanOutput
from .rater_summary_output import RaterSummaryOutput
from .rates_output import RatesOutput
from .read_replies_output import ReadRepliesOutput
from .release_analysis_file_name import ReleaseAnalysisFileName
from .release_analysis_output import ReleaseAnalysisOutput
from .release_analysis_output_dropped_not_a_summary_type_0 import (
    ReleaseAnalysisOutputDroppedNotASummaryType0,
)
from .release_config_input import ReleaseConfigInput
from .release_detail_output import ReleaseDetailOutput
from .release_detail_output_counts import ReleaseDetailOutputCounts
from .release_file_output import ReleaseFileOutput
from .release_mappings_input import ReleaseMappingsInput
from .release_metric_score import ReleaseMetricScore
from .release_output import ReleaseOutput
from .release_output_counts import ReleaseOutputCounts
from .release_project_output import ReleaseProjectOutput
from .release_round_output import ReleaseRoundOutput
from .release_scores import ReleaseScores
from .release_split_input import ReleaseSplitInput
from .release_split_input_documents import ReleaseSplitInputDocuments
from .release_started_output import ReleaseStartedOutput
from .release_status_enum import ReleaseStatusEnum
from .release_system_scores import ReleaseSystemScores
from .relevance_anchor_output import RelevanceAnchorOutput
from .relevance_mapping_enum import RelevanceMappingEnum
from .reliability_bin_output import ReliabilityBinOutput
from .reopened_output import ReopenedOutput
from .reply_output import ReplyOutput
from .resampled_enum import ResampledEnum
from .reveal_agreement_output import RevealAgreementOutput
from .reveal_annotator_output import RevealAnnotatorOutput
from .reveal_arm_agreement_output import RevealArmAgreementOutput
from .reveal_changed_output import RevealChangedOutput
from .reveal_difference_output import RevealDifferenceOutput
from .reveal_figure_output import RevealFigureOutput
from .reveal_model_agreement_output import RevealModelAgreementOutput
from .reveal_output import RevealOutput
from .reveal_overall_output import RevealOverallOutput
from .reveal_pair_output import RevealPairOutput
from .revealed_verdict_output import RevealedVerdictOutput
from .review_batch_entry import ReviewBatchEntry
from .review_batch_result import ReviewBatchResult
from .review_outcome_output import ReviewOutcomeOutput
from .review_outcome_output_status_enum import ReviewOutcomeOutputStatusEnum
from .review_queue_output import ReviewQueueOutput
from .review_round_input import ReviewRoundInput
from .review_round_input_kind_enum import ReviewRoundInputKindEnum
from .review_save_input import ReviewSaveInput
from .review_scope_enum import ReviewScopeEnum
from .review_state import ReviewState
from .reviewer_progress_output import ReviewerProgressOutput
from .round_assistance_input import RoundAssistanceInput
from .round_hardest_input import RoundHardestInput
from .round_hardest_units import RoundHardestUnits
from .round_name_output import RoundNameOutput
from .round_progress_output import RoundProgressOutput
from .round_quality_output import RoundQualityOutput
from .round_ref_output import RoundRefOutput
from .round_review_output import RoundReviewOutput
from .round_sample_units import RoundSampleUnits
from .round_select_input import RoundSelectInput
from .round_select_units import RoundSelectUnits
from .round_select_weights import RoundSelectWeights
from .round_selection_output import RoundSelectionOutput
from .round_status_enum import RoundStatusEnum
from .round_topic_units import RoundTopicUnits
from .rule_enum import RuleEnum
from .run_output import RunOutput
from .run_upload_input import RunUploadInput
from .runs_output import RunsOutput
from .scheme_output import SchemeOutput
from .scheme_switch_output import SchemeSwitchOutput
from .screen_enum import ScreenEnum
from .second_review_batch_entry import SecondReviewBatchEntry
from .second_review_batch_result import SecondReviewBatchResult
from .second_review_save_input import SecondReviewSaveInput
from .second_review_state import SecondReviewState
from .second_verdict_enum import SecondVerdictEnum
from .selection_report_output import SelectionReportOutput
from .selection_report_output_allocation import SelectionReportOutputAllocation
from .selection_report_output_weights import SelectionReportOutputWeights
from .selection_run_output import SelectionRunOutput
from .sent_feedback_output import SentFeedbackOutput
from .sentence_batch_entry import SentenceBatchEntry
from .sentence_batch_result import SentenceBatchResult
from .sentence_gold_output import SentenceGoldOutput
from .sentence_output import SentenceOutput
from .sentence_review_output import SentenceReviewOutput
from .sentence_save_input import SentenceSaveInput
from .sentence_state import SentenceState
from .short_unit_output import ShortUnitOutput
from .source_enum import SourceEnum
from .source_evidence_output import SourceEvidenceOutput
from .source_label_output import SourceLabelOutput
from .source_span_output import SourceSpanOutput
from .span_input import SpanInput
from .span_ref_input import SpanRefInput
from .spans_save_input import SpansSaveInput
from .stage_enum import StageEnum
from .strategy_enum import StrategyEnum
from .summary_batch_entry import SummaryBatchEntry
from .summary_batch_result import SummaryBatchResult
from .summary_gold_output import SummaryGoldOutput
from .summary_output import SummaryOutput
from .summary_save_input import SummarySaveInput
from .summary_state import SummaryState
from .targets_output import TargetsOutput
from .taxonomy_change import TaxonomyChange
from .taxonomy_choice_output import TaxonomyChoiceOutput
from .taxonomy_create_input import TaxonomyCreateInput
from .taxonomy_detail import TaxonomyDetail
from .taxonomy_diff import TaxonomyDiff
from .taxonomy_draft import TaxonomyDraft
from .taxonomy_draft_input import TaxonomyDraftInput
from .taxonomy_output import TaxonomyOutput
from .taxonomy_publish_input import TaxonomyPublishInput
from .taxonomy_summary import TaxonomySummary
from .taxonomy_type import TaxonomyType
from .taxonomy_type_input import TaxonomyTypeInput
from .taxonomy_type_output import TaxonomyTypeOutput
from .taxonomy_version_output import TaxonomyVersionOutput
from .token_created_output import TokenCreatedOutput
from .token_input import TokenInput
from .token_output import TokenOutput
from .token_scope_enum import TokenScopeEnum
from .topic_batch_entry import TopicBatchEntry
from .topic_batch_result import TopicBatchResult
from .topic_category_choice_enum import TopicCategoryChoiceEnum
from .topic_category_enum import TopicCategoryEnum
from .topic_category_mapping_enum import TopicCategoryMappingEnum
from .topic_category_output import TopicCategoryOutput
from .topic_output import TopicOutput
from .topic_save_input import TopicSaveInput
from .topic_state import TopicState
from .trend_figure_output import TrendFigureOutput
from .trend_output import TrendOutput
from .trend_point_output import TrendPointOutput
from .turn_output import TurnOutput
from .type_rate_output import TypeRateOutput
from .typing_batch_entry import TypingBatchEntry
from .typing_batch_result import TypingBatchResult
from .typing_save_input import TypingSaveInput
from .typing_state import TypingState
from .unified_enum import UnifiedEnum
from .unit_assignment_output import UnitAssignmentOutput
from .unit_output import UnitOutput
from .unit_page_output import UnitPageOutput
from .unit_progress_output import UnitProgressOutput
from .unread_replies_output import UnreadRepliesOutput
from .verdict_enum import VerdictEnum
from .vs_majority_output import VsMajorityOutput
from .webhook import Webhook
from .webhook_delivery import WebhookDelivery
from .webhook_delivery_status_enum import WebhookDeliveryStatusEnum
from .webhook_event_enum import WebhookEventEnum
from .webhook_input import WebhookInput
from .webhook_update_input import WebhookUpdateInput
from .webhook_with_secret import WebhookWithSecret
from .weighted_rate_output import WeightedRateOutput
from .workspace_payload_output import WorkspacePayloadOutput

__all__ = (
    "AdjudicatedAtomicFactsOutput",
    "AdjudicatedCategoryOutput",
    "AdjudicatedCategoryOutputAnswers",
    "AdjudicatedKeyFactsOutput",
    "AdjudicatedSentenceAnswerOutput",
    "AdjudicatedSentenceOutput",
    "AdjudicatedSentenceOutputAnswers",
    "AdjudicatedSummaryAnswerOutput",
    "AdjudicatedSummaryOutput",
    "AdjudicatedSummaryOutputAnswers",
    "AdjudicationCaseInput",
    "AdjudicationPayloadOutput",
    "AdjudicationPayloadOutputAtomicFacts",
    "AdjudicationQueueOutput",
    "AdjudicationQueueQuestion",
    "AdminDocumentOutput",
    "AdminProjectOutput",
    "AdminProjectOutputScheme",
    "AdminProjectsImportsCreateBody",
    "AdminProjectsImportsCreateBodyFormat",
    "AdminRoundOutput",
    "AdminTurnOutput",
    "AgreementHistoryOutput",
    "AgreementQuestionOutput",
    "AgreementQuestionOutputPerLabelType0",
    "AgreementReportOutput",
    "AlignedSentenceInput",
    "AlignedSentenceOutput",
    "AlignmentInput",
    "AnalysisEstimate",
    "AnalysisFileOutput",
    "AnalysisTypeShare",
    "AnnotationRoundInput",
    "AnnotationRoundInputKindEnum",
    "AnnotatorProgressOutput",
    "AnnotatorRateOutput",
    "AnswerKeyOutput",
    "AnswerKeyScoresOutput",
    "ApiTokenStatusEnum",
    "AssignmentReopenInput",
    "AssignmentStatusEnum",
    "AssistanceConditionOutput",
    "AssistanceOutput",
    "AssistedLabelsEnum",
    "AssistedRevealOutput",
    "AtomicEvidenceOutput",
    "AtomicFactInput",
    "AtomicFactOutput",
    "AtomicFactsBatchEntry",
    "AtomicFactsBatchResult",
    "AtomicFactsSaveInput",
    "AtomicFactsState",
    "BatchSaveInput",
    "BatchSaveResult",
    "BuiltinTaxonomyChoiceEnum",
    "BuiltinTaxonomyEnum",
    "ByEnum",
    "CaseOutput",
    "ChosenEnum",
    "CoefficientOutput",
    "ComparedSentenceOutput",
    "ComparedSentenceOutputJudgements",
    "ComparedSummaryOutput",
    "ComparedSummaryOutputJudgements",
    "CompetenceAnnotatorOutput",
    "CompetenceItemsOutput",
    "CompetenceOutput",
    "CompetencePatternOutput",
    "CompetencePatternOutputLabels",
    "CompetencePatternOutputMace",
    "CompetencePatternOutputPosterior",
    "CompetenceQuestionOutput",
    "CompetenceRecallOutput",
    "ConfidenceEnum",
    "ConfusionOutput",
    "ConfusionPairOutput",
    "ConfusionPairUnitOutput",
    "CorpusCountOutput",
    "CorpusCountsOutput",
    "CorpusDocumentOutput",
    "CorpusOverviewOutput",
    "CorpusRunOptionOutput",
    "CorpusRunOptionsOutput",
    "CorpusRunOutput",
    "CorpusRunUploadInput",
    "CorpusRunsOutput",
    "CorpusSentenceOutput",
    "CorpusSentenceOutputPublished",
    "CorpusSummaryOutput",
    "CorpusTopicOutput",
    "CorpusUnitOutput",
    "CreatedOutput",
    "CreatedRoundOutput",
    "DecisionChoiceEnum",
    "DecisionEnum",
    "DecisionToConfirmOutput",
    "DeliveryPageOutput",
    "DisagreementOutput",
    "DisagreementPageOutput",
    "DisagreementUnitOutput",
    "DisagreementUnitOutputTopicCategory",
    "DocumentOutput",
    "DriftOutput",
    "DriftWeekOutput",
    "ErrorEnvelope",
    "ErrorEnvelopeErrors",
    "ErrorRateRow",
    "ErrorSpanOutput",
    "ErrorTypeOutput",
    "ErrorTypingRoundInput",
    "ErrorTypingRoundInputKindEnum",
    "EvaluatorHardUnitsBy",
    "EvaluatorKindEnum",
    "EvaluatorLeaderboardTableAnalysis",
    "EvaluatorLeaderboardTableLevel",
    "EvidenceComparisonOutput",
    "EvidenceInput",
    "EvidenceSaveInput",
    "EvidenceSpanOutput",
    "ExplanationJudgementOutput",
    "ExplanationRoundInput",
    "ExplanationRoundInputKindEnum",
    "ExplanationToJudgeOutput",
    "ExplanationVerdictEnum",
    "ExplanationVerdictInput",
    "ExplanationsBatchEntry",
    "ExplanationsBatchResult",
    "ExplanationsSaveInput",
    "ExplanationsState",
    "FactGoldOutput",
    "FeedbackInput",
    "FeedbackItemOutput",
    "FeedbackPlaceOutput",
    "FeedbackReplyInput",
    "FeedbackReplyOutput",
    "FeedbackSentenceOutput",
    "FillOutput",
    "FlaggedCaseOutput",
    "FlaggedCasesOutput",
    "FormatsEnum",
    "GivenAtomicFactOutput",
    "GivenFactOutput",
    "GoldAnnotatorOutput",
    "GoldCategoryOutput",
    "GoldEnum",
    "GoldLabelOutput",
    "GoldRelevanceOutput",
    "GoldTypesOutput",
    "GoldUnitsOutput",
    "GoldWeekOutput",
    "GuidelineDiffOutput",
    "GuidelineInput",
    "GuidelineOutput",
    "GuidelineSummaryOutput",
    "GuidelineVersionOutput",
    "HardUnitOutput",
    "HardUnitsOutput",
    "HeartbeatInput",
    "HeartbeatOutput",
    "HistoryEntryOutput",
    "HistoryOutput",
    "HistoryPointOutput",
    "HistoryQuestionOutput",
    "HistoryRefOutput",
    "ImportFormatOutput",
    "IntervalOutput",
    "InvitationCreatedOutput",
    "InvitationInput",
    "InvitationOutput",
    "ItemJudgementsOutput",
    "ItemOutput",
    "ItemSentenceOutput",
    "ItemSummaryOutput",
    "ItemsPayloadOutput",
    "JobOutput",
    "JobStartedOutput",
    "JobStatusEnum",
    "JobStatusOutput",
    "JudgeDisagreementOutput",
    "JudgeLevel",
    "JudgeLevelBy",
    "JudgeLevelByAdditionalProperty",
    "JudgeLevelTypeRecall",
    "JudgeRunOutput",
    "JudgeRunOutputLevels",
    "JudgementsOutput",
    "JudgesGoldOutput",
    "JudgesOutput",
    "JudgesProjectOutput",
    "JudgesRoundOutput",
    "JudgesSplitOutput",
    "JudgesStateEnum",
    "KeyAccuracyOutput",
    "KeyFactAlignmentOutput",
    "KeyFactInput",
    "KeyFactOutput",
    "KeyFactsBatchEntry",
    "KeyFactsBatchResult",
    "KeyFactsSaveInput",
    "KeyFactsState",
    "KeySentenceOutput",
    "KeyedAnnotatorOutput",
    "LabelEnum",
    "LabelledOutput",
    "LeaderboardAcus",
    "LeaderboardComparison",
    "LeaderboardConfusion",
    "LeaderboardCorrelationEntry",
    "LeaderboardCorrelationTable",
    "LeaderboardCorrelationTableEvaluators",
    "LeaderboardCorrelations",
    "LeaderboardEvaluatorEntry",
    "LeaderboardEvaluatorEntryBy",
    "LeaderboardEvaluatorEntryByAdditionalProperty",
    "LeaderboardEvaluatorEntryTypeRecall",
    "LeaderboardEvaluatorOutput",
    "LeaderboardExplanationShare",
    "LeaderboardFigure",
    "LeaderboardGroupFigures",
    "LeaderboardKeyFacts",
    "LeaderboardLevel",
    "LeaderboardLevelError",
    "LeaderboardLevelEvaluators",
    "LeaderboardLevelUnscored",
    "LeaderboardLevels",
    "LeaderboardOutput",
    "LeaderboardOutputAcus",
    "LeaderboardOutputErrorTypeAccuracy",
    "LeaderboardOutputExplanationsSame",
    "LeaderboardOutputKeyFacts",
    "LeaderboardOutputSelfAgreement",
    "LeaderboardOutputSelfAgreementAdditionalProperty",
    "LeaderboardOutputSpans",
    "LeaderboardOutputSpansAdditionalProperty",
    "LeaderboardOutputStrata",
    "LeaderboardOutputStrataAdditionalProperty",
    "LeaderboardOutputStrataAdditionalPropertyAdditionalProperty",
    "LeaderboardOutputSuccess",
    "LeaderboardSelfAgreement",
    "LeaderboardSpanCategory",
    "LeaderboardStratum",
    "LeaderboardStratumEvaluator",
    "LeaderboardStratumEvaluators",
    "LeaderboardStratumUnscored",
    "LeaderboardSuccess",
    "LeaderboardSuccessLevels",
    "LeaderboardSummaryCoefficients",
    "LeaderboardSummaryCorrelation",
    "LeaderboardSystemCoefficients",
    "LeaderboardTypeAccuracy",
    "LeaderboardTypeRecall",
    "LevelEnum",
    "MeOutput",
    "MemberAddInput",
    "MemberOutput",
    "MemberUpdateInput",
    "MembershipOutput",
    "MethodEnum",
    "OpenedOutput",
    "OverlapInput",
    "OverlapOutput",
    "PairOutput",
    "PausedMemberOutput",
    "PausedOutput",
    "PeopleActionEnum",
    "PeopleChangeOutput",
    "PeopleStateOutput",
    "PredictionKindEnum",
    "ProductionRoundInput",
    "ProductionRoundInputKindEnum",
    "ProgressOutput",
    "ProjectCreateInput",
    "ProjectCreateInputSchemeType0",
    "ProjectCreateInputSchemeType1",
    "ProjectCreateInputSchemeType2",
    "ProjectCreatorOutput",
    "ProjectMember",
    "ProjectName",
    "ProjectOptionsOutput",
    "ProjectRefOutput",
    "ProjectReleasesOutput",
    "ProjectRoleEnum",
    "ProjectionOutput",
    "ProtocolEnum",
    "ProvenanceEnum",
    "PublishedLabelsOutput",
    "PublishedRowOutput",
    "QuestionEnum",
    "QueueEntryOutput",
    "QueueItemOutput",
    "QueueOutput",
    "RaterAtomicFactsOutput",
    "RaterEvidenceOutput",
    "RaterKeyFactsOutput",
    "RaterSentenceOutput",
    "RaterSpanOutput",
    "RaterSummaryOutput",
    "RatesOutput",
    "ReadRepliesOutput",
    "ReleaseAnalysisFileName",
    "ReleaseAnalysisOutput",
    "ReleaseAnalysisOutputDroppedNotASummaryType0",
    "ReleaseConfigInput",
    "ReleaseDetailOutput",
    "ReleaseDetailOutputCounts",
    "ReleaseFileOutput",
    "ReleaseMappingsInput",
    "ReleaseMetricScore",
    "ReleaseOutput",
    "ReleaseOutputCounts",
    "ReleaseProjectOutput",
    "ReleaseRoundOutput",
    "ReleaseScores",
    "ReleaseSplitInput",
    "ReleaseSplitInputDocuments",
    "ReleaseStartedOutput",
    "ReleaseStatusEnum",
    "ReleaseSystemScores",
    "RelevanceAnchorOutput",
    "RelevanceMappingEnum",
    "ReliabilityBinOutput",
    "ReopenedOutput",
    "ReplyOutput",
    "ResampledEnum",
    "RevealAgreementOutput",
    "RevealAnnotatorOutput",
    "RevealArmAgreementOutput",
    "RevealChangedOutput",
    "RevealDifferenceOutput",
    "RevealFigureOutput",
    "RevealModelAgreementOutput",
    "RevealOutput",
    "RevealOverallOutput",
    "RevealPairOutput",
    "RevealedVerdictOutput",
    "ReviewBatchEntry",
    "ReviewBatchResult",
    "ReviewOutcomeOutput",
    "ReviewOutcomeOutputStatusEnum",
    "ReviewQueueOutput",
    "ReviewRoundInput",
    "ReviewRoundInputKindEnum",
    "ReviewSaveInput",
    "ReviewScopeEnum",
    "ReviewState",
    "ReviewerProgressOutput",
    "RoundAssistanceInput",
    "RoundHardestInput",
    "RoundHardestUnits",
    "RoundNameOutput",
    "RoundProgressOutput",
    "RoundQualityOutput",
    "RoundRefOutput",
    "RoundReviewOutput",
    "RoundSampleUnits",
    "RoundSelectInput",
    "RoundSelectUnits",
    "RoundSelectWeights",
    "RoundSelectionOutput",
    "RoundStatusEnum",
    "RoundTopicUnits",
    "RuleEnum",
    "RunOutput",
    "RunUploadInput",
    "RunsOutput",
    "SchemeOutput",
    "SchemeSwitchOutput",
    "ScreenEnum",
    "SecondReviewBatchEntry",
    "SecondReviewBatchResult",
    "SecondReviewSaveInput",
    "SecondReviewState",
    "SecondVerdictEnum",
    "SelectionReportOutput",
    "SelectionReportOutputAllocation",
    "SelectionReportOutputWeights",
    "SelectionRunOutput",
    "SentFeedbackOutput",
    "SentenceBatchEntry",
    "SentenceBatchResult",
    "SentenceGoldOutput",
    "SentenceOutput",
    "SentenceReviewOutput",
    "SentenceSaveInput",
    "SentenceState",
    "ShortUnitOutput",
    "SourceEnum",
    "SourceEvidenceOutput",
    "SourceLabelOutput",
    "SourceSpanOutput",
    "SpanInput",
    "SpanRefInput",
    "SpansSaveInput",
    "StageEnum",
    "StrategyEnum",
    "SummaryBatchEntry",
    "SummaryBatchResult",
    "SummaryGoldOutput",
    "SummaryOutput",
    "SummarySaveInput",
    "SummaryState",
    "TargetsOutput",
    "TaxonomyChange",
    "TaxonomyChoiceOutput",
    "TaxonomyCreateInput",
    "TaxonomyDetail",
    "TaxonomyDiff",
    "TaxonomyDraft",
    "TaxonomyDraftInput",
    "TaxonomyOutput",
    "TaxonomyPublishInput",
    "TaxonomySummary",
    "TaxonomyType",
    "TaxonomyTypeInput",
    "TaxonomyTypeOutput",
    "TaxonomyVersionOutput",
    "TokenCreatedOutput",
    "TokenInput",
    "TokenOutput",
    "TokenScopeEnum",
    "TopicBatchEntry",
    "TopicBatchResult",
    "TopicCategoryChoiceEnum",
    "TopicCategoryEnum",
    "TopicCategoryMappingEnum",
    "TopicCategoryOutput",
    "TopicOutput",
    "TopicSaveInput",
    "TopicState",
    "TrendFigureOutput",
    "TrendOutput",
    "TrendPointOutput",
    "TurnOutput",
    "TypeRateOutput",
    "TypingBatchEntry",
    "TypingBatchResult",
    "TypingSaveInput",
    "TypingState",
    "UnifiedEnum",
    "UnitAssignmentOutput",
    "UnitOutput",
    "UnitPageOutput",
    "UnitProgressOutput",
    "UnreadRepliesOutput",
    "VerdictEnum",
    "VsMajorityOutput",
    "Webhook",
    "WebhookDelivery",
    "WebhookDeliveryStatusEnum",
    "WebhookEventEnum",
    "WebhookInput",
    "WebhookUpdateInput",
    "WebhookWithSecret",
    "WeightedRateOutput",
    "WorkspacePayloadOutput",
)
