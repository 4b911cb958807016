from enum import StrEnum


class ProjectRoleEnum(StrEnum):
    ADMIN = "admin"
    ANNOTATOR = "annotator"
    RESEARCHER = "researcher"
    REVIEWER = "reviewer"

    def __str__(self) -> str:
        return str(self.value)
