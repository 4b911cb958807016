from enum import StrEnum


class ReviewOutcomeOutputStatusEnum(StrEnum):
    ADJUDICATED = "adjudicated"
    CONFIRMED = "confirmed"
    DISPUTED = "disputed"
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)
