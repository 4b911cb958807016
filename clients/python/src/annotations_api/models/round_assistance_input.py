from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RoundAssistanceInput")


@_attrs_define
class RoundAssistanceInput:
    """Reveal a corpus run's verdicts after each label is saved, in a share of the units
    (docs/models-in-the-loop.md, "Assisted rounds").

        Attributes:
            run (int): The project's corpus run whose verdicts show.
            share (float): The share of (annotator, unit) pairs assisted.
    """

    run: int
    share: float

    def to_dict(self) -> dict[str, Any]:
        run = self.run

        share = self.share

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "run": run,
                "share": share,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        run = d.pop("run")

        share = d.pop("share")

        round_assistance_input = cls(
            run=run,
            share=share,
        )

        return round_assistance_input
