from enum import StrEnum


class QuestionEnum(StrEnum):
    ERROR_TYPES = "error_types"
    RELEVANCE = "relevance"
    REVIEW_DISPUTE = "review_dispute"
    SENTENCE_LABEL = "sentence_label"
    TOPIC_CATEGORY = "topic_category"

    def __str__(self) -> str:
        return str(self.value)
