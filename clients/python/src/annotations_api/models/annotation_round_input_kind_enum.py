from enum import StrEnum


class AnnotationRoundInputKindEnum(StrEnum):
    PILOT = "pilot"
    PRACTICE = "practice"
    QUALIFICATION = "qualification"

    def __str__(self) -> str:
        return str(self.value)
