"""The error every reader raises: it names the file, the line (or row), the field and what
was expected, so a person can fix the file without reading code."""

from __future__ import annotations


class FormatError(ValueError):
    def __init__(
        self,
        message: str,
        *,
        file: str,
        line: int | None = None,
        field: str | None = None,
        row: int | None = None,
    ) -> None:
        self.file = file
        self.line = line
        self.row = row
        self.field = field
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = [self.file]
        if self.row is not None:
            where.append(f"row {self.row}" + (f" (line {self.line})" if self.line else ""))
        elif self.line is not None:
            where.append(f"line {self.line}")
        if self.field:
            where.append(f"field {self.field}")
        return f"{', '.join(where)}: {self.message}"


def describe(value: object) -> str:
    """A short description of a JSON value for error messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"the string {shown!r}"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
