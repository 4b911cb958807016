from enum import StrEnum


class GoldEnum(StrEnum):
    MAJORITY = "majority"
    POSTERIOR_MODE = "posterior_mode"

    def __str__(self) -> str:
        return str(self.value)
