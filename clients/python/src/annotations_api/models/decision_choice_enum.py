from enum import StrEnum


class DecisionChoiceEnum(StrEnum):
    CONFIRMED = "confirmed"
    FALSE_POSITIVE = "false_positive"
    TYPES_CHANGED = "types_changed"

    def __str__(self) -> str:
        return str(self.value)
