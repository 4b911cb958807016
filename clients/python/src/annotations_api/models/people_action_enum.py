from enum import StrEnum


class PeopleActionEnum(StrEnum):
    ACCEPT = "accept"
    ADD = "add"
    INVITE = "invite"
    PAUSE = "pause"
    REASSIGN = "reassign"
    REMOVE = "remove"
    RESUME = "resume"
    REVOKE = "revoke"
    ROLES = "roles"

    def __str__(self) -> str:
        return str(self.value)
