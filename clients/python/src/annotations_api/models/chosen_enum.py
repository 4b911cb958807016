from enum import StrEnum


class ChosenEnum(StrEnum):
    AUTOMATIC = "automatic"
    EXPLICIT = "explicit"

    def __str__(self) -> str:
        return str(self.value)
