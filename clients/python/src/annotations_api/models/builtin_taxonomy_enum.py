from enum import StrEnum


class BuiltinTaxonomyEnum(StrEnum):
    AGGREFACT_UNIFIED = "aggrefact-unified"
    DIALOGUE_LLM = "dialogue-llm"
    FRANK = "frank"
    TOFUEVAL = "tofueval"
    VALUE_4 = ""

    def __str__(self) -> str:
        return str(self.value)
