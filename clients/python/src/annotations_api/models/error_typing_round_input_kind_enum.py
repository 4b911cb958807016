from enum import StrEnum


class ErrorTypingRoundInputKindEnum(StrEnum):
    ERROR_TYPING = "error_typing"

    def __str__(self) -> str:
        return str(self.value)
