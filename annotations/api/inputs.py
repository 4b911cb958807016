"""Validating request bodies with serializers built once per thread.

A DRF serializer deep-copies its declared fields every time it is instantiated: for a save
body that was ~0.1-0.3 ms of each save, and a batch paid it once per entry (the profile in
docs/performance.md). ``run_validation`` keeps nothing on the instance (it returns the data
or raises), so one instance per class and thread validates every body of that class, with
the same data and the same errors as ``Serializer(data=...).is_valid()``. Only for input
serializers without context, ``validate_*`` methods that read the instance, or partial
updates, such as the save bodies.
"""

from __future__ import annotations

import threading
from typing import Any

from rest_framework.exceptions import ValidationError
from rest_framework.serializers import Serializer

_local = threading.local()


def _instance(serializer_class: type[Serializer]) -> Serializer:
    built: dict[type[Serializer], Serializer] = _local.__dict__.setdefault("built", {})
    serializer = built.get(serializer_class)
    if serializer is None:
        serializer = built[serializer_class] = serializer_class()
        serializer.fields  # noqa: B018 - deep-copied here, once
    return serializer


def input_errors(
    serializer_class: type[Serializer], data: Any
) -> tuple[dict[str, Any], None] | tuple[None, dict[str, Any]]:
    """(validated data, None), or (None, the errors by field as ``serializer.errors``)."""
    try:
        return dict(_instance(serializer_class).run_validation(data)), None
    except ValidationError as invalid:
        detail = invalid.detail
        assert isinstance(detail, dict), "a serializer's errors are by field"
        return None, detail


def validated_input(serializer_class: type[Serializer], data: Any) -> dict[str, Any]:
    """The validated data, or the 400 naming each invalid field (``errors.validated``)."""
    validated, errors = input_errors(serializer_class, data)
    if errors is not None:
        raise ValidationError(errors)
    assert validated is not None
    return validated
