from enum import StrEnum


class ProvenanceEnum(StrEnum):
    ADJUDICATED = "adjudicated"
    MAJORITY = "majority"
    POSTERIOR_MODE = "posterior_mode"
    REVIEWED = "reviewed"
    SINGLE = "single"
    TIE = "tie"
    UNANIMOUS = "unanimous"

    def __str__(self) -> str:
        return str(self.value)
