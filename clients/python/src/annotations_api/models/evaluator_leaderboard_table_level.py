from enum import StrEnum


class EvaluatorLeaderboardTableLevel(StrEnum):
    SENTENCE = "sentence"
    SUMMARY = "summary"

    def __str__(self) -> str:
        return str(self.value)
