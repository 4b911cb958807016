"""Names for the few hand-written SQL statements (services/save_sql.py and
selectors/workspace_sql.py), quoted as the current database backend quotes them."""

from __future__ import annotations

from typing import Any

from django.db import connection


def table(model: Any) -> str:
    """A model's table name, quoted."""
    return connection.ops.quote_name(model._meta.db_table)
