from enum import StrEnum


class MethodEnum(StrEnum):
    CORPUS = "corpus"
    DOCUMENT = "document"
    FILE = "file"

    def __str__(self) -> str:
        return str(self.value)
