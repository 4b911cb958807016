from enum import StrEnum


class AdminProjectsImportsCreateBodyType1Format(StrEnum):
    CIRCUMSTANTIAL = "circumstantial"

    def __str__(self) -> str:
        return str(self.value)
