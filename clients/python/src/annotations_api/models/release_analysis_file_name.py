from enum import StrEnum


class ReleaseAnalysisFileName(StrEnum):
    ERROR_RATES_CSV = "error_rates.csv"
    ERROR_RATES_TEX = "error_rates.tex"
    ERROR_TYPES_CSV = "error_types.csv"
    ERROR_TYPES_TEX = "error_types.tex"

    def __str__(self) -> str:
        return str(self.value)
