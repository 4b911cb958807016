from enum import StrEnum


class ReleaseStatusEnum(StrEnum):
    BUILDING = "building"
    FAILED = "failed"
    PUBLISHED = "published"

    def __str__(self) -> str:
        return str(self.value)
