from enum import StrEnum


class EvaluatorHardUnitsBy(StrEnum):
    AGAINST_GOLD = "against_gold"
    AMONG_EVALUATORS = "among_evaluators"

    def __str__(self) -> str:
        return str(self.value)
