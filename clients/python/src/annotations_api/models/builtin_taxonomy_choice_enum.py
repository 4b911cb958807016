from enum import StrEnum


class BuiltinTaxonomyChoiceEnum(StrEnum):
    AGGREFACT_UNIFIED = "aggrefact-unified"
    DIALOGUE_LLM = "dialogue-llm"
    FRANK = "frank"
    TOFUEVAL = "tofueval"

    def __str__(self) -> str:
        return str(self.value)
