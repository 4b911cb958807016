from enum import StrEnum


class SourceEnum(StrEnum):
    ADJUDICATION = "adjudication"
    DJANGO_ADMIN = "django_admin"
    REVIEW = "review"
    WORKSPACE = "workspace"

    def __str__(self) -> str:
        return str(self.value)
