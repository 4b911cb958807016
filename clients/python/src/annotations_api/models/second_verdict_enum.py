from enum import StrEnum


class SecondVerdictEnum(StrEnum):
    CONFIRM = "confirm"
    DISPUTE = "dispute"
    VALUE_2 = ""

    def __str__(self) -> str:
        return str(self.value)
