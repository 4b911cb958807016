"""Pages of a list: the one paging contract of the admin's lists (docs/api/admin.md, "Pages").

A page is asked for by its 1-based number and a size; the list is counted by one aggregate
query and the page read with ``LIMIT``/``OFFSET`` in a stable order. A page past the last
is answered as the last (as the units list always did), so a link kept while rows went away
still shows rows, and an offset never runs past the rows there are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

DEFAULT_PAGE_SIZE = 50
MAX_PAGE_SIZE = 200


@dataclass(frozen=True, slots=True)
class PageRequest:
    """What the client asked for, already checked (``api/paging.py``)."""

    number: int = 1
    size: int = DEFAULT_PAGE_SIZE


@dataclass(frozen=True, slots=True)
class Page:
    """Where the asked page falls once the rows are counted."""

    count: int
    number: int
    pages: int
    size: int

    @property
    def start(self) -> int:
        return (self.number - 1) * self.size

    @property
    def stop(self) -> int:
        return self.start + self.size

    def fields(self) -> dict[str, Any]:
        """The paging fields of a response (``api/paging.py``, ``PageOutput``)."""
        return {
            "count": self.count,
            "page": self.number,
            "pages": self.pages,
            "page_size": self.size,
        }


def page_of(count: int, asked: PageRequest) -> Page:
    pages = max(1, -(-count // asked.size))
    return Page(count=count, number=min(asked.number, pages), pages=pages, size=asked.size)
