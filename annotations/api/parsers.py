"""The JSON parser of every API view: a bounded body, bounded nesting, strict JSON.

DRF's own parser hands the stream to ``json.load``: a body nested 100,000 deep raised
RecursionError (a 500, DRF catches only ValueError), ``NaN`` was accepted (PostgreSQL's jsonb
refuses it later), and DRF reads the stream itself, so Django's DATA_UPLOAD_MAX_MEMORY_SIZE
never applied. Here the body is read with a cap (413 past it), parsed by orjson (strict RFC 8259:
no NaN or Infinity, no lone surrogates; it refuses nesting past 1,024 itself), then its depth is
checked against MAX_DEPTH, which no request of this API comes near.
"""

from __future__ import annotations

from typing import Any

import orjson
from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import BaseParser

from annotations.api.errors import PayloadTooLarge
from annotations.formats.strict_json import depth_exceeds

MAX_DEPTH = 32


class StrictJSONParser(BaseParser):
    media_type = "application/json"

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        limit = int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 2_621_440)
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise PayloadTooLarge(
                f"The request body is larger than {limit:,} bytes; send less at a time."
            )
        if not raw.strip():
            return {}
        try:
            data = orjson.loads(raw)
        except orjson.JSONDecodeError as error:
            raise ParseError(f"The body is not valid JSON: {error}.") from None
        if depth_exceeds(data, MAX_DEPTH):
            raise ParseError(f"The JSON body nests deeper than {MAX_DEPTH} levels.")
        return data
