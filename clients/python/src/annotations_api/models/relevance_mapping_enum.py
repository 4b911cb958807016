from enum import StrEnum


class RelevanceMappingEnum(StrEnum):
    BINARY = "binary"

    def __str__(self) -> str:
        return str(self.value)
