from enum import StrEnum


class ResampledEnum(StrEnum):
    ITEMS = "items"
    UNITS = "units"

    def __str__(self) -> str:
        return str(self.value)
