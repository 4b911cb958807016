"""The gold error types of many records, as one code per record into the few distinct sets
they share. Pure: no Django.

A million sentences carry a handful of distinct type sets; a tuple per record would cost a
pointer each and, worse, a hash of each tuple wherever they are grouped (0.85 s a level of a
million records in the leaderboard). Codes are grouped with numpy instead."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True, slots=True)
class TypeSets:
    codes: np.ndarray  # int: per record, an index into ``sets``
    sets: tuple[tuple[str, ...], ...]  # the distinct sets; a set may go unused

    @classmethod
    def of(cls, types: Iterable[tuple[str, ...]]) -> TypeSets:
        """From one tuple of types per record."""
        distinct: dict[tuple[str, ...], int] = {}
        codes = [distinct.setdefault(tuple(chosen), len(distinct)) for chosen in types]
        return cls(np.asarray(codes, dtype=np.int32), tuple(distinct))

    def __len__(self) -> int:
        return len(self.codes)

    def __getitem__(self, index: int) -> tuple[str, ...]:
        return self.sets[int(self.codes[index])]

    def take(self, which: Any) -> TypeSets:
        """The records at ``which`` (an index array or a mask)."""
        return TypeSets(self.codes[which], self.sets)

    def tolist(self) -> list[tuple[str, ...]]:
        return [self.sets[code] for code in self.codes.tolist()]

    def names(self) -> list[str]:
        """Every type some record carries, sorted."""
        used = np.unique(self.codes).tolist()
        return sorted({name for code in used for name in self.sets[code]})

    def having(self, name: str) -> np.ndarray:
        """Per record: whether its set holds ``name``."""
        member = np.fromiter((name in chosen for chosen in self.sets), bool, len(self.sets))
        return member[self.codes] if len(self.sets) else np.zeros(len(self.codes), dtype=bool)
