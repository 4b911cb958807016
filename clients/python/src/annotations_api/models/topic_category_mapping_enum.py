from enum import StrEnum


class TopicCategoryMappingEnum(StrEnum):
    MERGE_MARGINAL = "merge_marginal"

    def __str__(self) -> str:
        return str(self.value)
