from enum import StrEnum


class LevelEnum(StrEnum):
    INTERVAL = "interval"
    NOMINAL = "nominal"
    ORDINAL = "ordinal"
    RATIO = "ratio"
    SET = "set"
    SPAN = "span"

    def __str__(self) -> str:
        return str(self.value)
