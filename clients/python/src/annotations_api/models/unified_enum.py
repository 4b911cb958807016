from enum import StrEnum


class UnifiedEnum(StrEnum):
    EXTRINSIC = "extrinsic"
    EXTRINSIC_NP = "extrinsic-np"
    EXTRINSIC_PREDICATE = "extrinsic-predicate"
    EXTRINSIC_SENTENCE = "extrinsic-sentence"
    INTRINSIC = "intrinsic"
    INTRINSIC_NP = "intrinsic-np"
    INTRINSIC_PREDICATE = "intrinsic-predicate"
    INTRINSIC_SENTENCE = "intrinsic-sentence"
    VALUE_8 = ""

    def __str__(self) -> str:
        return str(self.value)
