from enum import StrEnum


class GoldEnum(StrEnum):
    MAJORITY = "majority"

    def __str__(self) -> str:
        return str(self.value)
