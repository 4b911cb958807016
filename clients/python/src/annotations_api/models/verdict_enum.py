from enum import StrEnum


class VerdictEnum(StrEnum):
    NOT_SUPPORTED = "not_supported"
    SUPPORTED = "supported"
    VALUE_2 = ""

    def __str__(self) -> str:
        return str(self.value)
