from enum import StrEnum


class JudgesSplitOutputMethodEnum(StrEnum):
    CORPUS = "corpus"
    DOCUMENT = "document"

    def __str__(self) -> str:
        return str(self.value)
