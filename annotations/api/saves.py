"""The save endpoints of every judgement kind, generated from one description each.

A kind's save API is its spec (annotations/kinds/), the serializer of the fields a PATCH may
carry, and a summary for the API docs: ``SaveApi``. From it come the view (validate, split off
the version, hand the changes to ``services.judgements.judgement_save``, map the outcome to
HTTP) and the URL (``assignments/<id>/<payload key>/<handle>/``, or without a handle for a
kind judging the unit), so adding a kind writes no view and no URL (docs/kinds.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import ObjectDoesNotExist
from django.http import Http404
from django.urls import URLPattern, path, register_converter
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations import handles
from annotations.api.errors import ApiError, Conflict
from annotations.api.inputs import validated_input
from annotations.api.renderers import json_renderers
from annotations.api.workspace_contract import kind_state_serializer
from annotations.handles import HANDLE_PATTERN
from annotations.kinds import Kind
from annotations.kinds.blinding import children_in, children_out
from annotations.services.judgements import (
    Derive,
    InvalidJudgement,
    NotAnnotator,
    ReadOnly,
    StaleVersion,
    judgement_save,
)


class HandleConverter:
    """A per-assignment handle of a sentence or summary (annotations/handles.py)."""

    regex = HANDLE_PATTERN

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(HandleConverter, "handle")


# The body of every save: the changed fields and the ``version`` they edit. The view validates
# the whole body (never DRF's partial PATCH), so what each input requires is required; its
# schema adds that a change besides the version is needed (api/schema.py). (A comment, not a
# docstring: each kind's component would show it as its own description.)
class SaveInput(serializers.Serializer):
    version = serializers.IntegerField(
        min_value=0, help_text="The judgement's version this edits (0: never saved)."
    )


@dataclass(frozen=True, slots=True)
class SaveApi:
    kind: Kind
    # The fields a PATCH may carry, plus the ``version`` it edits (``SaveInput``).
    input: type[SaveInput]
    summary: str  # the operation's one line in the API docs
    # A part of the judgement with its own route (``.../sentences/<handle>/spans/``): the same
    # judgement, version and pipeline, a narrower body.
    part: str = ""
    # Turns the body into the judgement's changes, given its saved state, under the lock
    # (linking evidence to one span rewrites the sentence's span set).
    derive: Derive | None = None


def blinded(kind: Kind, assignment_id: int, state: dict[str, Any] | None) -> dict[str, Any] | None:
    """A judgement's state with its sentence or summary id, and those its child rows name,
    turned into this assignment's handles (annotations/handles.py): no database id reaches a
    linguist."""
    if state is None:
        return None
    out = children_out(
        kind, state, lambda handle_kind, pk: handles.encode(assignment_id, handle_kind, pk)
    )
    for target in ("sentence", "summary"):
        if isinstance(out.get(target), int):
            out[target] = handles.encode(assignment_id, target, out[target])  # type: ignore[arg-type]
    return out


def item_id(assignment_id: int, target: handles.Kind, handle: str) -> int:
    try:
        return handles.decode(assignment_id, target, handle)
    except handles.UnknownHandle:
        raise Http404(f"No such {target} in this assignment's unit.") from None


def refusal(error: ReadOnly | NotAnnotator) -> ApiError:
    if isinstance(error, ReadOnly):
        return ApiError(
            "This assignment was submitted or its round is closed: it is read-only.",
            status_code=status.HTTP_403_FORBIDDEN,
            code="read_only",
        )
    return ApiError(
        "You no longer have the project role this round needs (annotator, reviewer or admin).",
        status_code=status.HTTP_403_FORBIDDEN,
        code="not_annotator",
    )


STALE_MESSAGE = (
    "This item changed since you loaded it (another tab or device saved it). Nothing"
    " was overwritten: compare and choose."
)


def run_save(kind: Kind, assignment_id: int, save: Callable[[], dict[str, Any]]) -> Response:
    """Map a save's outcome to HTTP: 200 saved, 409 stale, 403 read-only, 400 invalid."""
    try:
        return Response(blinded(kind, assignment_id, save()))
    except StaleVersion as stale:
        raise Conflict(
            STALE_MESSAGE,
            code="stale_version",
            current=blinded(kind, assignment_id, stale.current),
        ) from None
    except (ReadOnly, NotAnnotator) as refused:
        raise refusal(refused) from None
    except InvalidJudgement as invalid:
        # Its own code: the body had the documented shape, but names what this unit lacks
        # (an unknown handle, a span past the sentence's end), which no schema can know.
        raise ApiError(
            "Invalid judgement.", errors=invalid.errors, code="invalid_judgement"
        ) from None
    except ObjectDoesNotExist:
        raise Http404("Not part of this assignment's unit.") from None


def save_changes(
    request: Request, api: SaveApi, assignment_id: int, target_id: int | None
) -> Response:
    """A PATCH of some fields of one judgement: validate, split off the version it edits,
    and hand the changed fields to the save pipeline."""
    data = validated_input(api.input, request.data)
    version = data.pop("version")
    if not data:
        fields = ", ".join(name for name in api.input().fields if name != "version")
        raise ApiError(
            f"Nothing to save: give at least one of {fields} besides the version.",
            code="empty_change",
            errors={"non_field_errors": [f"give at least one of {fields}"]},
        )
    return run_save(
        api.kind,
        assignment_id,
        lambda: judgement_save(
            api.kind,
            user=request.user,
            version=version,
            changes=children_in(
                api.kind,
                data,
                lambda handle_kind, handle: handles.decode(assignment_id, handle_kind, handle),
            ),
            assignment_id=assignment_id,
            target_id=target_id,
            derive=api.derive,
        ),
    )


def save_view(api: SaveApi) -> type[APIView]:
    """The PATCH view of one kind. Its URL names the target by handle (``sentence``,
    ``summary``) or not at all (the unit)."""
    target = api.kind.target

    class SaveView(APIView):
        renderer_classes = json_renderers()

        @extend_schema(
            request=api.input, responses=kind_state_serializer(api.kind), summary=api.summary
        )
        def patch(self, request: Request, assignment_id: int, **handle: str) -> Response:
            target_id = None if target == "unit" else item_id(assignment_id, target, handle[target])
            return save_changes(request, api, assignment_id, target_id)

    name = f"{api.kind.key}_{api.part}".title().replace("_", "")
    SaveView.__name__ = SaveView.__qualname__ = f"{name}SaveView"
    return SaveView


def save_urls(apis: Iterable[SaveApi]) -> list[URLPattern]:
    """One ``assignments/<id>/<payload key>/[<handle>/]`` route per kind, named
    ``api-save-<kind>``. Sentences and summaries by their per-assignment handle, never a
    database id."""
    routes = []
    for api in apis:
        kind = api.kind
        handle = "" if kind.target == "unit" else f"<handle:{kind.target}>/"
        part = f"{api.part}/" if api.part else ""
        routes.append(
            path(
                f"assignments/<int:assignment_id>/{kind.payload_key}/{handle}{part}",
                save_view(api).as_view(),
                name=f"api-save-{kind.key}" + (f"-{api.part}" if api.part else ""),
            )
        )
    return routes
