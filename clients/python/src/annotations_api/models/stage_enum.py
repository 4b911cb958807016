from enum import StrEnum


class StageEnum(StrEnum):
    ERROR_TYPING = "error_typing"
    EXPLANATION = "explanation"
    REVIEW = "review"
    SECOND_REVIEW = "second_review"

    def __str__(self) -> str:
        return str(self.value)
