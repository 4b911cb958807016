from enum import StrEnum


class RuleEnum(StrEnum):
    ADJUDICATED = "adjudicated"
    GIVEN = "given"
    WRITTEN = "written"

    def __str__(self) -> str:
        return str(self.value)
