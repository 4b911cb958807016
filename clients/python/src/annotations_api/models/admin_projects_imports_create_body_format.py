from enum import StrEnum


class AdminProjectsImportsCreateBodyFormat(StrEnum):
    AGGREFACT = "aggrefact"
    CIRCUMSTANTIAL = "circumstantial"
    DOCCANO = "doccano"
    FAITHBENCH = "faithbench"
    FINESURE = "finesure"
    LABEL_STUDIO = "label-studio"
    LLM_AGGREFACT = "llm-aggrefact"
    NATIVE = "native"
    POTATO = "potato"
    TOFUEVAL = "tofueval"

    def __str__(self) -> str:
        return str(self.value)
