from enum import StrEnum


class AssistedLabelsEnum(StrEnum):
    BOTH = "both"
    FINAL = "final"
    PRE_REVEAL = "pre_reveal"

    def __str__(self) -> str:
        return str(self.value)
