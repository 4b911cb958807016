"""The paging parameters and fields every paginated admin list shares (docs/api/admin.md,
"Pages"): ``?page=`` (1-based) and ``?page_size=``; ``count``, ``page``, ``pages`` and
``page_size`` in the answer beside the page's rows."""

from __future__ import annotations

import re

from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers
from rest_framework.request import Request

from annotations.api.errors import ApiError
from annotations.selectors.paging import DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PageRequest

PAGE_RULE = "a whole number from 1"
PAGE_SIZE_RULE = f"a whole number from 1 to {MAX_PAGE_SIZE}"


# The largest ?page= read (nine digits, as _whole below accepts).
MAX_PAGE = 999_999_999


def whole_parameter(
    name: str, *, least: int, most: int, description: str = "", required: bool = False
) -> OpenApiParameter:
    """A whole-number query parameter with the bounds its view checks, stated in the schema
    (a plain ``int`` would document -5 or 10**20 as valid, and the view answers 400)."""
    return OpenApiParameter(
        name,
        {"type": "integer", "minimum": least, "maximum": most},
        description=description,
        required=required,
    )


def page_parameters(size: int = DEFAULT_PAGE_SIZE) -> list[OpenApiParameter]:
    return [
        whole_parameter(
            "page",
            least=1,
            most=MAX_PAGE,
            description="1-based, default 1; past the last: the last.",
        ),
        whole_parameter(
            "page_size",
            least=1,
            most=MAX_PAGE_SIZE,
            description=f"Rows a page: default {size}, at most {MAX_PAGE_SIZE}.",
        ),
    ]


def _whole(request: Request, name: str, default: int, rule: str, most: int) -> int:
    raw = request.query_params.get(name, "")
    if raw == "":
        return default
    # ASCII digits only: str.isdigit() accepts "²", which int() refuses.
    if not re.fullmatch(r"[1-9][0-9]{0,8}", raw) or int(raw) > most:
        message = f"{name} must be {rule}; got {raw[:20]!r}."
        raise ApiError(message, errors={name: [rule]})
    return int(raw)


def page_request(request: Request, *, size: int = DEFAULT_PAGE_SIZE) -> PageRequest:
    """The page asked for, or a 400 naming the parameter at fault and its allowed values."""
    return PageRequest(
        number=_whole(request, "page", 1, PAGE_RULE, MAX_PAGE),
        size=_whole(request, "page_size", size, PAGE_SIZE_RULE, MAX_PAGE_SIZE),
    )


class PageOutput(serializers.Serializer):
    """The paging fields; each paginated answer adds its rows beside them."""

    count = serializers.IntegerField(help_text="Rows in the whole list.")
    page = serializers.IntegerField(help_text="This page's number (1-based).")
    pages = serializers.IntegerField(help_text="How many pages there are (at least 1).")
    page_size = serializers.IntegerField(help_text="Rows a page.")
