"""OpenAPI: every operation documents the errors it can answer, as the one envelope, and
documents exactly the requests its view accepts.

The envelope is one component (``ErrorEnvelope``); this schema class adds it under each error
status an operation can give, so no operation answers a status its description lacks. A request
the schema calls valid must not be refused as invalid (docs/api/errors.md, "The schema"): a
non-blank text says ``minLength: 1``, a JSON view documents JSON only, a save documents the
version it needs and that it carries a change. tests/api/test_schema_fuzz.py checks both ways.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.core.validators import RegexValidator
from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.hooks import postprocess_schema_enums
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import get_override
from drf_spectacular.utils import PolymorphicProxySerializer
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
    job = serializers.IntegerField(
        required=False, help_text="503 queue_unavailable: the saved job, to follow or cancel."
    )
    release = serializers.IntegerField(
        required=False, help_text="503 queue_unavailable: the saved release, to follow or cancel."
    )


# A NUL character in a pattern: DRF's CharField refuses it (ProhibitNullCharactersValidator).
NUL = "\\x00"
# A character that is not white space to Python's str.strip(), which also removes \x1c-\x1f
# and \x85 (not matched by \s in an ECMA pattern): a trimmed text that is not blank has one.
VISIBLE = "[^\\s\\x1c-\\x1f\\x85]"

# Any operation: the caller may be signed out or lack the role (403: session authentication
# comes first and sends no WWW-Authenticate, so DRF answers 403, not 401), the object may not be
# theirs (404), the method may be wrong (405), they may be throttled (429), or we may fail (500).
ALWAYS = ("400", "403", "404", "405", "406", "429", "500")
# Operations that read a body: it may be too large (413), of another media type (415), or
# conflict with the current state (409).
WITH_BODY = ("409", "413", "415")


class ApiAutoSchema(AutoSchema):
    def map_parsers(self) -> list[Any]:
        """JSON views document JSON alone. The default parsers also read multipart forms (for
        the upload views' sake), but form fields carry neither null nor nested lists, so a
        form the schema would call valid (``pause_below`` null, a save's facts) is refused."""
        media_types = super().map_parsers()
        return ["application/json"] if "application/json" in media_types else media_types

    def _get_request_for_media_type(self, serializer: Any, direction: Any = "request") -> Any:
        """A body that is one of several components (a new round's, one per kind) is required:
        each of them has required fields. drf-spectacular looks for ``required`` on the
        ``oneOf`` itself, finds none, and would call the body optional."""
        schema, required = super()._get_request_for_media_type(serializer, direction)
        if isinstance(serializer, PolymorphicProxySerializer):
            required = True
        return schema, required

    def _map_serializer_field(
        self, field: Any, direction: Any, bypass_extensions: bool = False
    ) -> dict[str, Any]:
        """A nested list (``SpanInput(many=True, max_length=50)``) states its bounds, which
        drf-spectacular leaves out for a serializer's ``many=True``."""
        schema: dict[str, Any] = super()._map_serializer_field(field, direction, bypass_extensions)
        if isinstance(field, serializers.ListSerializer) and schema.get("type") == "array":
            if field.max_length is not None:
                schema["maxItems"] = field.max_length
            least = max(field.min_length or 0, 0 if field.allow_empty else 1)
            if least:
                schema["minItems"] = least
        return schema

    def _map_basic_serializer(self, serializer: Any, direction: Any) -> dict[str, Any]:
        """An object whose view refuses keys it does not know (``REFUSES_UNKNOWN_KEYS`` on the
        serializer) says ``additionalProperties: false``; DRF itself ignores unknown keys."""
        schema: dict[str, Any] = super()._map_basic_serializer(serializer, direction)
        if getattr(serializer, "REFUSES_UNKNOWN_KEYS", False):
            schema["additionalProperties"] = False
        return schema

    def _get_serializer_field_meta(self, field: Any, direction: Any) -> dict[str, Any]:
        """A request's text field states what DRF's CharField refuses: a NUL character always,
        "" unless it allows blank, and, when it trims, a text of white space alone (it is ""
        once trimmed). Only in requests: in a response the rule would call a stored text
        invalid."""
        meta = dict(super()._get_serializer_field_meta(field, direction))
        if direction != "request" or field.read_only:
            return meta
        if isinstance(field, serializers.IntegerField):
            # The JSON parser (orjson) reads a whole number past 64 bits as a float, which an
            # IntegerField refuses; the field's own bounds narrow these (drf-spectacular keeps
            # the tighter of the two).
            meta["minimum"], meta["maximum"] = -(2**63), 2**63 - 1
            return meta
        if (
            not isinstance(field, serializers.CharField)
            or get_override(field, "field") is not None
            or any(isinstance(validator, RegexValidator) for validator in field.validators)
        ):
            return meta  # a RegexField or an @extend_schema_field states its own pattern
        # "not" rather than a pattern: drf-spectacular turns a patterned field that allows
        # blank into a oneOf with "".
        meta["not"] = {"pattern": NUL}
        if not field.allow_blank:
            meta["minLength"] = 1
            if field.trim_whitespace:
                # Python's str.strip() also removes \x1c-\x1f and \x85, which \s in an ECMA
                # pattern does not match: they are named so that they do not count as text.
                meta["pattern"] = VISIBLE
        return meta

    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses = dict(super()._get_response_bodies(direction))
        codes = ALWAYS + (WITH_BODY if self.method in ("POST", "PUT", "PATCH") else ())
        for code in codes:
            if code not in responses:
                response = self._get_response_for_code(ErrorEnvelope, code, direction=direction)
                response["description"] = MESSAGES.get(int(code), "Error")
                responses[code] = response
        return responses


class SaveInputSchema(OpenApiSerializerExtension):
    """Every save body (annotations/api/saves.py ``SaveInput``): its ``version`` and at least
    one change besides it; the view answers 400 ``empty_change`` to a version alone. No other
    keys are documented, so a body of the version and an unknown key is not called valid."""

    target_class = "annotations.api.saves.SaveInput"
    match_subclasses = True

    def map_serializer(self, auto_schema: AutoSchema, direction: Any) -> dict[str, Any]:
        schema: dict[str, Any] = auto_schema._map_basic_serializer(self.target, direction)
        schema["additionalProperties"] = False  # the documented keys are all a save reads
        schema["minProperties"] = 2
        return schema


class BatchEntrySchema(SaveInputSchema):
    """An entry of a batch save (annotations/api/batch.py): a save body plus its ``kind`` and,
    for a sentence or summary, its ``handle``; so at least one change besides those and the
    version (the entry answers 400 ``empty_change`` otherwise)."""

    target_class = "annotations.api.batch.BatchEntryInput"
    match_subclasses = True
    priority = 1  # before SaveInputSchema, which every entry's serializer also subclasses

    def map_serializer(self, auto_schema: AutoSchema, direction: Any) -> dict[str, Any]:
        schema = super().map_serializer(auto_schema, direction)
        schema["minProperties"] = self.target.ENVELOPE_KEYS + 1
        return schema


def _enum_fields(schemas: dict[str, Any]) -> Iterator[tuple[tuple[str, str], dict[str, Any]]]:
    """Each component's choice fields as ((component, field), the field's schema): a field, or
    its list's items. Before drf-spectacular's enum hook they hold ``enum``; after, a ``$ref``
    to the enum component (alone or under ``allOf``)."""
    for name, component in schemas.items():
        for field, schema in (component.get("properties") or {}).items():
            if isinstance(schema, dict) and schema.get("type") == "array":
                schema = schema.get("items")
            if isinstance(schema, dict):
                yield (name, field), schema


def _enum_ref(schema: dict[str, Any]) -> dict[str, Any] | None:
    """The dict holding the ``$ref`` to a field's enum component, if it has one."""
    if "$ref" in schema:
        return schema
    refs = [part for part in schema.get("allOf", []) if "$ref" in part]
    return refs[0] if len(refs) == 1 else None


def postprocess_enums_keeping_blank(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """drf-spectacular's enum components, with the blank choice ("" = not answered yet) kept
    where a field offers it.

    Its own hook takes "" and null out of every enum; ENUM_ADD_EXPLICIT_BLANK_NULL_CHOICE would
    put them back as ``oneOf`` a ``BlankEnum`` or ``NullEnum`` component, and openapi-typescript
    6 types a ``NullEnum`` as "" (settings.py). So that setting stays off and null stays
    ``nullable: true``; here "" goes back into each enum component whose fields offer it (a
    sentence's label, an atomic fact's verdict, a review decision... are "" until answered, and
    their saves accept "" to clear one). Where the same choices are also a field that is never
    blank (a topic-category option, a review outcome's decision), that field gets a copy of the
    component without "", named ``<Name>ChoiceEnum``."""
    schemas = result.get("components", {}).get("schemas", {})
    blank = {key: "" in schema["enum"] for key, schema in _enum_fields(schemas) if "enum" in schema}
    result = postprocess_schema_enums(result, generator, request=request, public=public)
    schemas = result["components"]["schemas"]
    uses: dict[str, dict[bool, list[dict[str, Any]]]] = {}
    for key, schema in _enum_fields(schemas):
        holder = _enum_ref(schema)
        if key in blank and holder is not None:
            uses.setdefault(holder["$ref"], {True: [], False: []})[blank[key]].append(holder)
    prefix = "#/components/schemas/"
    for ref, by_blank in uses.items():
        if not by_blank[True]:
            continue
        name = ref.removeprefix(prefix)
        enum = schemas[name]
        if by_blank[False]:
            plain = f"{name.removesuffix('Enum')}ChoiceEnum"
            schemas[plain] = {**enum, "enum": list(enum["enum"])}
            if "description" in enum:  # without its line for the blank choice
                lines = enum["description"].split("\n")
                schemas[plain]["description"] = "\n".join(x for x in lines if x != "* `` - ")
            for holder in by_blank[False]:
                holder["$ref"] = prefix + plain
        enum["enum"] = [*enum["enum"], ""]
    result["components"]["schemas"] = dict(sorted(schemas.items()))
    return result
