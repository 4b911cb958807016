from enum import StrEnum


class EvaluatorLeaderboardTableAnalysis(StrEnum):
    CORRELATIONS = "correlations"
    FACTS = "facts"
    SPANS = "spans"
    STRATA = "strata"

    def __str__(self) -> str:
        return str(self.value)
