from enum import StrEnum


class ReleaseSplitInputMethodEnum(StrEnum):
    CORPUS = "corpus"
    DOCUMENT = "document"
    FILE = "file"

    def __str__(self) -> str:
        return str(self.value)
