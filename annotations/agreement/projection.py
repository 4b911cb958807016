"""How many more units an interval needs to reach a chosen half-width (docs/agreement.md).

A bootstrap standard error of an agreement coefficient over ``n`` independent units (or
clusters of items, resampled whole) shrinks like ``1 / sqrt(n)`` at a fixed level of
agreement: the coefficient is a smooth function of means over units, so its variance is
``sigma^2 / n`` to first order. The interval's half-width ``h = z * se`` therefore reaches
``w`` at ``n_w = n * (h / w)^2`` units. This is a projection at the *current* agreement and
label mix: if later units agree more or less, or differ in size, the figure moves.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from statistics import NormalDist
from typing import Any

from annotations.agreement.errors import AgreementError

DEFAULT_HALF_WIDTH = 0.05


@dataclass(frozen=True, slots=True)
class Projection:
    half_width: float  # the target w
    confidence: float
    n_units: int  # units (or clusters) the standard error was measured on
    current_half_width: float  # z * se now
    units_needed: int  # total units for a half-width of at most w
    more_units: int  # units still to annotate (0 when the target is reached)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def units_needed(
    standard_error: float,
    n_units: int,
    *,
    half_width: float = DEFAULT_HALF_WIDTH,
    confidence: float = 0.95,
) -> Projection:
    """The units a ``confidence`` interval of half-width ``half_width`` needs, projected from
    a bootstrap ``standard_error`` measured on ``n_units`` units.

    Raises ``AgreementError`` when the standard error is not a finite positive number (a
    coefficient undefined on every resample, or no variation at all) or the arguments are out
    of range."""
    if not isinstance(n_units, int) or n_units < 1:
        raise AgreementError(f"n_units must be a positive whole number, got {n_units!r}")
    if not 0 < half_width < 2:
        raise AgreementError(f"half_width must be between 0 and 2, got {half_width!r}")
    if not 0 < confidence < 1:
        raise AgreementError(f"confidence must be between 0 and 1, got {confidence!r}")
    if not math.isfinite(standard_error) or standard_error <= 0:
        raise AgreementError(
            "the bootstrap shows no variation of the coefficient, so nothing says how it"
            " narrows with more units"
        )
    z = NormalDist().inv_cdf((1 + confidence) / 2)
    current = z * standard_error
    needed = max(n_units, math.ceil(n_units * (current / half_width) ** 2 - 1e-9))
    return Projection(
        half_width=half_width,
        confidence=confidence,
        n_units=n_units,
        current_half_width=current,
        units_needed=needed,
        more_units=needed - n_units,
    )
