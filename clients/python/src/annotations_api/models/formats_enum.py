from enum import StrEnum


class FormatsEnum(StrEnum):
    AGGREFACT = "aggrefact"
    CIRCUMSTANTIAL = "circumstantial"
    FINESURE = "finesure"
    LLM_AGGREFACT = "llm_aggrefact"
    NATIVE = "native"
    ROSE = "rose"
    SPANS = "spans"
    TOFUEVAL = "tofueval"

    def __str__(self) -> str:
        return str(self.value)
