from enum import StrEnum


class ReviewRoundInputKindEnum(StrEnum):
    REVIEW = "review"

    def __str__(self) -> str:
        return str(self.value)
