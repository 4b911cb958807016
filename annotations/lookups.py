"""``field__any=ids``: membership in a collection of ids bound as ONE parameter.

``field__in=[...]`` makes Django resolve and prepare, and psycopg's client-side binding
format and re-parse, one parameter per value. A release build filters every chunk of
units by topic and assignment ids, thousands of parameters per chunk, and that binding was
half of the client's time reading the database. On PostgreSQL this lookup sends the ids as
one array literal (``= ANY(%s::bigint[])``); elsewhere (SQLite) it is an ordinary ``IN``.

Pass a set (or frozenset): the ORM walks a list or tuple value element by element before
any lookup sees it, which is the cost this lookup avoids.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import EmptyResultSet
from django.db.models import Field, ForeignObject, Lookup


class AnyOf(Lookup):
    lookup_name = "any"
    prepare_rhs = False

    def get_prep_lookup(self) -> list[int]:
        return sorted(map(int, self.rhs))  # ints only: the array literal is built from them

    def as_sql(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:  # type: ignore[override]
        lhs, lhs_params = self.process_lhs(compiler, connection)
        values = self.rhs
        if not values:
            raise EmptyResultSet  # as ``__in=[]``: the query matches nothing
        if connection.vendor == "postgresql":
            return f"{lhs} = ANY(%s::bigint[])", [
                *lhs_params,
                "{" + ",".join(map(str, values)) + "}",
            ]
        placeholders = ", ".join(["%s"] * len(values))
        return f"{lhs} IN ({placeholders})", [*lhs_params, *values]


def register() -> None:
    Field.register_lookup(AnyOf)
    # Related fields look lookups up only from ForeignObject down, not on Field.
    ForeignObject.register_lookup(AnyOf)
