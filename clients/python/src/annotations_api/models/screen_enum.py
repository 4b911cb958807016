from enum import StrEnum


class ScreenEnum(StrEnum):
    ITEMS = "items"
    WORKSPACE = "workspace"

    def __str__(self) -> str:
        return str(self.value)
