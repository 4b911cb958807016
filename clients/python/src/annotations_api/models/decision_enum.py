from enum import StrEnum


class DecisionEnum(StrEnum):
    CONFIRMED = "confirmed"
    FALSE_POSITIVE = "false_positive"
    TYPES_CHANGED = "types_changed"
    VALUE_3 = ""

    def __str__(self) -> str:
        return str(self.value)
