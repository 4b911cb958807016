from enum import StrEnum


class TopicCategoryEnum(StrEnum):
    IRRELEVANT = "irrelevant"
    MAIN = "main"
    MARGINAL = "marginal"
    VALUE_3 = ""

    def __str__(self) -> str:
        return str(self.value)
