from enum import StrEnum


class LabelEnum(StrEnum):
    CONSISTENT = "consistent"
    INCONSISTENT = "inconsistent"
    VALUE_2 = ""

    def __str__(self) -> str:
        return str(self.value)
