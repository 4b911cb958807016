from enum import StrEnum


class EvaluatorKindEnum(StrEnum):
    LLM = "llm"
    METRIC = "metric"

    def __str__(self) -> str:
        return str(self.value)
