"""The assisted-vs-unassisted comparison in one plain sentence, as the admin page says it.

The browser says the same sentence (frontend/src/admin/assistanceSummary.ts); both are
tested against fixtures/agreement/assistance_wording.json. Numbers are printed as the admin
screens print them: percentages to one decimal, coefficients to two, half away from zero on
the exact binary value (JavaScript's ``Math.round`` and ``toFixed``), with a real minus sign.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any


def assistance_summary(section: dict[str, Any]) -> str:
    """The comparison in words, e.g. "With hints: 34% of labels inconsistent; without: 31%;
    labels differ on 7% of 240 shared sentences; kappa between conditions 0.71 (95% CI 0.62
    to 0.80)."."""
    if section["n_sentences"] == 0:
        return "No sentence has labels both with and without hints yet."
    by_hints = {condition["hints"]: condition for condition in section["conditions"]}
    parts = [
        f"With hints: {percent(by_hints[True]['share_inconsistent'])} of labels inconsistent",
        f"without: {percent(by_hints[False]['share_inconsistent'])}",
    ]
    n, compared = section["n_sentences"], section["n_compared"]
    if section["differ"] is None:
        parts.append(f"no shared sentence has a majority label in both ({n} shared)")
        return "; ".join(parts) + "."
    differ = percent(section["differ"]["value"])
    if compared == n:
        parts.append(f"labels differ on {differ} of {n} shared sentences")
    else:
        parts.append(
            f"labels differ on {differ} of the {compared} shared sentences with a majority"
            f" label in both ({n} shared)"
        )
    kappa = section["kappa"]
    if kappa is None:
        parts.append("kappa between conditions undefined (one label throughout)")
    else:
        low, high = kappa["ci"]
        interval = (
            f" (95% CI {stat(low)} to {stat(high)})" if low is not None and high is not None else ""
        )
        parts.append(f"kappa between conditions {stat(kappa['value'])}{interval}")
    return "; ".join(parts) + "."


def stat(value: float | None) -> str:
    """Two decimals with a real minus sign; "—" when missing (admin/format.ts formatStat)."""
    if value is None:
        return "\u2014"
    # toFixed prints minus zero as "0.00".
    text = str(Decimal(value or 0.0).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
    return text.replace("-", "\u2212")


def percent(value: float | None) -> str:
    """A share as a percentage to one decimal, "34%" or "33.3%" (formatPercent)."""
    if value is None:
        return "\u2014"
    tenths = int(Decimal(value * 1000).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    return f"{repr(tenths / 10).removesuffix('.0')}%"
