from enum import StrEnum


class AssignmentStatusEnum(StrEnum):
    ASSIGNED = "assigned"
    IN_PROGRESS = "in_progress"
    SUBMITTED = "submitted"

    def __str__(self) -> str:
        return str(self.value)
