from enum import StrEnum


class WebhookEventEnum(StrEnum):
    AGREEMENT_COMPUTED = "agreement.computed"
    ANNOTATOR_PAUSED = "annotator.paused"
    EVALUATOR_RUN_SCORED = "evaluator_run.scored"
    RELEASE_FAILED = "release.failed"
    RELEASE_PUBLISHED = "release.published"
    ROUND_CLOSED = "round.closed"
    ROUND_OPENED = "round.opened"
    UNIT_SUBMITTED = "unit.submitted"

    def __str__(self) -> str:
        return str(self.value)
