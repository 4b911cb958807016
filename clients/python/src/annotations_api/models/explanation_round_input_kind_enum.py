from enum import StrEnum


class ExplanationRoundInputKindEnum(StrEnum):
    EXPLANATION = "explanation"

    def __str__(self) -> str:
        return str(self.value)
