from enum import StrEnum


class LevelEnum(StrEnum):
    NOMINAL = "nominal"
    ORDINAL = "ordinal"
    SET = "set"
    SPAN = "span"

    def __str__(self) -> str:
        return str(self.value)
