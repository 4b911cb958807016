from enum import StrEnum


class StrategyEnum(StrEnum):
    DISAGREEMENT = "disagreement"
    MIX = "mix"
    UNCERTAINTY = "uncertainty"

    def __str__(self) -> str:
        return str(self.value)
