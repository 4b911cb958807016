"""OpenAPI: every operation documents the errors it can answer, as the one envelope.

The envelope is one component (``ErrorEnvelope``); this schema class adds it under each error
status an operation can give, so no operation answers a status its description lacks (the
schema fuzzing test in tests/api/test_schema_fuzz.py checks exactly that).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from rest_framework import serializers

from annotations.api.errors import MESSAGES


class ErrorEnvelope(serializers.Serializer):
    """Every API error (docs/api/errors.md)."""

    status = serializers.IntegerField()
    code = serializers.CharField()
    message = serializers.CharField()
    errors = serializers.DictField(child=serializers.ListField(child=serializers.CharField()))
    current = serializers.JSONField(
        required=False, help_text="A stale save (409): the saved state to compare with."
    )
    missing = serializers.ListField(
        child=serializers.JSONField(),
        required=False,
        help_text="A refused submit or release: what is missing.",
    )


# Any operation: the caller may be signed out or lack the role (403: session authentication
# comes first and sends no WWW-Authenticate, so DRF answers 403, not 401), the object may not be
# theirs (404), the method may be wrong (405), they may be throttled (429), or we may fail (500).
ALWAYS = ("400", "403", "404", "405", "406", "429", "500")
# Operations that read a body: it may be too large (413), of another media type (415), or
# conflict with the current state (409).
WITH_BODY = ("409", "413", "415")


class ApiAutoSchema(AutoSchema):
    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses = dict(super()._get_response_bodies(direction))
        codes = ALWAYS + (WITH_BODY if self.method in ("POST", "PUT", "PATCH") else ())
        for code in codes:
            if code not in responses:
                response = self._get_response_for_code(ErrorEnvelope, code, direction=direction)
                response["description"] = MESSAGES.get(int(code), "Error")
                responses[code] = response
        return responses
