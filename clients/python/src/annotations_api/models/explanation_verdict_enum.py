from enum import StrEnum


class ExplanationVerdictEnum(StrEnum):
    DIFFERENT = "different"
    MODEL_WRONG = "model_wrong"
    PARTIALLY = "partially"
    SAME = "same"
    VALUE_4 = ""

    def __str__(self) -> str:
        return str(self.value)
