from enum import StrEnum


class ProtocolEnum(StrEnum):
    ALL = "all"
    DEV_TEST = "dev_test"

    def __str__(self) -> str:
        return str(self.value)
