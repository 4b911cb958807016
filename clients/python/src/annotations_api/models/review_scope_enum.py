from enum import StrEnum


class ReviewScopeEnum(StrEnum):
    ANY = "any"
    GOLD = "gold"

    def __str__(self) -> str:
        return str(self.value)
