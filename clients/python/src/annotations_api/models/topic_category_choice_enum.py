from enum import StrEnum


class TopicCategoryChoiceEnum(StrEnum):
    IRRELEVANT = "irrelevant"
    MAIN = "main"
    MARGINAL = "marginal"

    def __str__(self) -> str:
        return str(self.value)
