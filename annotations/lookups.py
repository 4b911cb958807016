"""``field__any=[ids]``: membership in a list of ids bound as ONE parameter.

``field__in=[...]`` makes Django prepare, and psycopg's client-side binding format and
re-parse, one parameter per value. A release build filters every chunk of 500 units by
topic and assignment ids, about 6,000 parameters per chunk, and that binding was half of
the client's time reading the database. On PostgreSQL this lookup sends the list as one
array (``= ANY(%s)``); elsewhere (SQLite) it is an ordinary ``IN`` list.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import EmptyResultSet
from django.db.models import Field, ForeignObject, Lookup


class AnyOf(Lookup):
    lookup_name = "any"
    prepare_rhs = False

    def get_prep_lookup(self) -> list[int]:
        return [int(value) for value in self.rhs]

    def as_sql(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:
        lhs, lhs_params = self.process_lhs(compiler, connection)
        values = self.rhs
        if not values:
            raise EmptyResultSet  # as ``__in=[]``: the query matches nothing
        if connection.vendor == "postgresql":
            return f"{lhs} = ANY(%s)", [*lhs_params, values]
        placeholders = ", ".join(["%s"] * len(values))
        return f"{lhs} IN ({placeholders})", [*lhs_params, *values]


def register() -> None:
    Field.register_lookup(AnyOf)
    # Related fields look lookups up only from ForeignObject down, not on Field.
    ForeignObject.register_lookup(AnyOf)
