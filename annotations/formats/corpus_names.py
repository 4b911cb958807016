"""A corpus slug from a dataset's name as a published file spells it (FineSurE's ``source``,
the circumstantial CSV's ``origin``): shared by the readers of those layouts."""

from __future__ import annotations

import re

from annotations.formats.records import ColumnLimits

_NOT_SLUG = re.compile(r"[^a-z0-9_-]+")


def corpus_slug(name: str, seen: dict[str, str], limits: ColumnLimits) -> str:
    """The slug of the dataset ``name`` (``seen``: slug -> the name that gave it, filled in
    here), or ValueError saying what is wrong: no letter or digit, too long, or two
    spellings that would be one corpus."""
    slug = _NOT_SLUG.sub("-", name.lower()).strip("-_")
    if not slug:
        raise ValueError(f"{name!r} has no letter or digit to name a corpus by; name the dataset")
    if len(slug) > limits.corpus:
        raise ValueError(f"expected at most {limits.corpus} characters, got {len(slug)}")
    if seen.setdefault(slug, name) != name:
        raise ValueError(
            f"{name!r} and {seen[slug]!r} would both be the corpus {slug!r}; spell one"
            " dataset one way"
        )
    return slug
