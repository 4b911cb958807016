from enum import StrEnum


class PredictionKindEnum(StrEnum):
    LABEL = "label"
    SCORE = "score"

    def __str__(self) -> str:
        return str(self.value)
