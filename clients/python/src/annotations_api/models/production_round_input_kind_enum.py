from enum import StrEnum


class ProductionRoundInputKindEnum(StrEnum):
    PRODUCTION = "production"

    def __str__(self) -> str:
        return str(self.value)
