"""One save request for many judgements of one assignment: ``POST assignments/<id>/batch/``.

Generated from the same ``SaveApi`` list as the per-kind save routes (annotations/api/saves.py),
so a new kind is in the batch without a line here. Each entry is one kind's save body plus its
``kind`` and, for a sentence or summary, its ``handle``; it is validated on its own, then all the
valid ones go through the one save pipeline in one transaction
(``services.judgements.judgement_save_batch``): one lock and membership look-up, but a version
check and an audit row per judgement. The answer lists, in order, each entry's new state or its
own error (the envelope of docs/api/errors.md: 400, 404 or 409 with ``current``), so a stale
entry never fails the others. Only what concerns the whole request is one envelope: a body that
is not a list of entries of known kinds (400), an assignment not the caller's (404), a read-only
one or a lost role (403).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.http import Http404
from django.urls import URLPattern, path
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations import handles
from annotations.api.errors import ApiError, envelope, flatten_errors
from annotations.api.inputs import input_errors
from annotations.api.renderers import json_renderers
from annotations.api.saves import STALE_MESSAGE, SaveApi, blinded, refusal
from annotations.api.schema import ErrorEnvelope
from annotations.api.workspace_contract import kind_state_serializer
from annotations.handles import HANDLE_PATTERN
from annotations.kinds import Kind
from annotations.kinds.blinding import children_in
from annotations.services.judgements import (
    BatchOutcome,
    BatchSave,
    InvalidJudgement,
    NotAnnotator,
    ReadOnly,
    StaleVersion,
    judgement_save_batch,
)

# Enough for the busiest unit (five summaries of ~4 sentences, their relevance, the topic and
# the facts) many times over, and small enough that one request holds the lock briefly.
MAX_ENTRIES = 200


class BatchEntryInput(serializers.Serializer):
    """Marks an entry's serializer for its schema (api/schema.py ``BatchEntrySchema``)."""

    # The keys an entry carries besides its changes: kind, version and, by target, handle.
    ENVELOPE_KEYS: int = 2


def _camel(key: str) -> str:
    return "".join(part.title() for part in key.split("_"))


def kind_field(kind: Kind) -> serializers.RegexField:
    """The discriminator: the kind's key, exactly. A pattern rather than a one-value enum, which
    drf-spectacular would extract into one colliding ``KindEnum`` component per kind."""
    return serializers.RegexField(
        f"^{re.escape(kind.key)}$", help_text=f"The judgement's kind: {kind.key}."
    )


def entry_serializer(api: SaveApi) -> type[serializers.Serializer]:
    """A kind's save body plus its ``kind`` (the discriminator) and the target's ``handle``."""
    kind = api.kind
    fields: dict[str, Any] = {
        "__doc__": f"A save of a {kind.key.replace('_', ' ')} judgement in a batch: its kind,"
        + ("" if kind.target == "unit" else f" its {kind.target}'s handle,")
        + " the version it edits and at least one change.",
        "kind": kind_field(kind),
        "ENVELOPE_KEYS": 2,
    }
    if kind.target != "unit":
        fields["handle"] = serializers.RegexField(
            HANDLE_PATTERN,
            help_text=f"The {kind.target}'s handle in this assignment (never a database id).",
        )
        fields["ENVELOPE_KEYS"] = 3
    return type(f"{_camel(kind.key)}BatchEntry", (BatchEntryInput, api.input), fields)


def result_serializer(kind: Kind) -> type[serializers.Serializer]:
    """What became of one entry: its ``status`` with the new ``state`` (200) or the ``error``."""
    fields: dict[str, Any] = {
        "kind": kind_field(kind),
        "status": serializers.IntegerField(
            help_text="200 saved; 400 invalid, 404 not of this unit, 409 stale: see error."
        ),
        "state": kind_state_serializer(kind)(
            required=False, help_text="200: the saved state, as the kind's save route answers."
        ),
        "error": ErrorEnvelope(
            required=False, help_text="Not saved: why (a 409 carries the saved state)."
        ),
    }
    if kind.target != "unit":
        fields["handle"] = serializers.CharField(help_text="The entry's handle, as sent.")
    return type(f"{_camel(kind.key)}BatchResult", (serializers.Serializer,), fields)


def _error(status_code: int, message: str, **extra: Any) -> dict[str, Any]:
    return {"status": status_code, "error": envelope(status_code, message, **extra)}


def _outcome(kind: Kind, assignment_id: int, outcome: BatchOutcome) -> dict[str, Any]:
    """One entry's result, in the words its kind's own save route would use."""
    if isinstance(outcome, StaleVersion):
        return _error(
            status.HTTP_409_CONFLICT,
            STALE_MESSAGE,
            code="stale_version",
            current=blinded(kind, assignment_id, outcome.current),
        )
    if isinstance(outcome, InvalidJudgement):
        return _error(
            status.HTTP_400_BAD_REQUEST,
            "Invalid judgement.",
            code="invalid_judgement",
            errors=flatten_errors(outcome.errors),
        )
    if isinstance(outcome, ObjectDoesNotExist):
        return _error(status.HTTP_404_NOT_FOUND, "Not part of this assignment's unit.")
    return {"status": status.HTTP_200_OK, "state": blinded(kind, assignment_id, outcome)}


class BatchInput(serializers.Serializer):
    """The envelope alone: a list of objects, each naming a kind this route saves. The entries'
    fields are validated one by one, so one invalid entry does not refuse the others."""

    entries = serializers.ListField(
        child=serializers.DictField(), min_length=1, max_length=MAX_ENTRIES
    )


def _prepare(
    api: SaveApi, assignment_id: int, raw: dict[str, Any]
) -> tuple[BatchSave | None, dict[str, Any]]:
    """Validate one entry: the save it asks for, or (None, its error result)."""
    validated, entry_errors = input_errors(entry_serializer_of[api], raw)
    if entry_errors is not None:
        errors = flatten_errors(entry_errors)
        return None, _error(
            status.HTTP_400_BAD_REQUEST,
            "The entry is not valid: check " + ", ".join(errors) + ".",
            code="invalid",
            errors=errors,
        )
    assert validated is not None
    data = validated
    data.pop("kind")
    handle = data.pop("handle", None)
    version = data.pop("version")
    if not data:
        fields = ", ".join(name for name in api.input().fields if name != "version")
        return None, _error(
            status.HTTP_400_BAD_REQUEST,
            f"Nothing to save: give at least one of {fields} besides the version.",
            code="empty_change",
            errors={"non_field_errors": [f"give at least one of {fields}"]},
        )
    target_id = None
    kind = api.kind
    if handle is not None:
        try:
            target_id = handles.decode(assignment_id, kind.target, handle)  # type: ignore[arg-type]
        except handles.UnknownHandle:
            return None, _error(
                status.HTTP_404_NOT_FOUND, f"No such {kind.target} in this assignment's unit."
            )
    try:
        changes = children_in(
            kind, data, lambda handle_kind, inner: handles.decode(assignment_id, handle_kind, inner)
        )
    except InvalidJudgement as invalid:
        return None, _outcome(kind, assignment_id, invalid)
    return BatchSave(kind, version, changes, target_id), {}


# Filled by ``batch_url``: each SaveApi's entry serializer, made once.
entry_serializer_of: dict[SaveApi, type[serializers.Serializer]] = {}


def batch_view(apis: tuple[SaveApi, ...]) -> type[APIView]:
    by_key = {api.kind.key: api for api in apis}
    for api in apis:
        entry_serializer_of.setdefault(api, entry_serializer(api))
    request_schema = PolymorphicProxySerializer(
        component_name="BatchEntry",
        serializers={api.kind.key: entry_serializer_of[api] for api in apis},
        resource_type_field_name="kind",
        many=False,
    )
    response_schema = PolymorphicProxySerializer(
        component_name="BatchEntryResult",
        serializers={api.kind.key: result_serializer(api.kind) for api in apis},
        resource_type_field_name="kind",
        many=False,
    )
    body = type(
        "BatchSaveInput",
        (serializers.Serializer,),
        {
            "entries": serializers.ListSerializer(
                child=request_schema, min_length=1, max_length=MAX_ENTRIES
            )
        },
    )
    answer = type(
        "BatchSaveResult",
        (serializers.Serializer,),
        {"entries": serializers.ListSerializer(child=response_schema)},
    )

    class BatchSaveView(APIView):
        renderer_classes = json_renderers()

        @extend_schema(
            request=body,
            responses=answer,
            summary="Save several judgements of the unit at once (each versioned and audited)",
        )
        def post(self, request: Request, assignment_id: int) -> Response:
            entries = _envelope(request.data, by_key)
            results: list[dict[str, Any]] = []
            saves: list[BatchSave] = []
            for raw in entries:
                api = by_key[raw["kind"]]
                save, result = _prepare(api, assignment_id, raw)
                result = {"kind": api.kind.key, **_handle(api, raw), **result}
                if save is not None:
                    saves.append(save)
                results.append(result)
            # Even when no entry is valid: the assignment must be the caller's and writable
            # before anything is said about its entries.
            try:
                outcomes = judgement_save_batch(
                    assignment_id=assignment_id, user=request.user, saves=saves
                )
            except (ReadOnly, NotAnnotator) as refused:
                raise refusal(refused) from None
            except ObjectDoesNotExist:
                raise Http404("No such assignment of yours.") from None
            pending = iter(zip(saves, outcomes, strict=True))
            for result in results:
                if "status" not in result:
                    save, outcome = next(pending)
                    result.update(_outcome(save.kind, assignment_id, outcome))
            return Response({"entries": results})

    return BatchSaveView


def _handle(api: SaveApi, raw: dict[str, Any]) -> dict[str, Any]:
    """The entry's handle, echoed so the client can match results without counting."""
    if api.kind.target == "unit":
        return {}
    handle = raw.get("handle")
    return {"handle": handle if isinstance(handle, str) else ""}


def _envelope(data: Any, by_key: dict[str, SaveApi]) -> list[dict[str, Any]]:
    """The entries, if the body is a list of objects of known kinds; else the whole request's
    400 (what an entry's own fields say is each entry's business)."""
    if not isinstance(data, dict):
        raise ApiError(
            "The body must be an object with entries.",
            code="invalid",
            errors={"non_field_errors": ["expected an object"]},
        )
    envelope_data, invalid = input_errors(BatchInput, data)
    if invalid is not None:
        raise ApiError("The request is not valid: check entries.", code="invalid", errors=invalid)
    assert envelope_data is not None
    entries: list[dict[str, Any]] = envelope_data["entries"]
    errors = {
        f"entries.{index}.kind": [f"one of {', '.join(by_key)}"]
        for index, entry in enumerate(entries)
        if not isinstance(entry.get("kind"), str) or entry["kind"] not in by_key
    }
    if errors:
        raise ApiError("The request is not valid: check entries.", code="invalid", errors=errors)
    return entries


def batch_url(apis: Iterable[SaveApi]) -> URLPattern:
    """``assignments/<id>/batch/``, named ``api-save-batch``: every kind whose save route
    takes its whole body (not a part's route, such as a span's evidence)."""
    whole = tuple(api for api in apis if not api.part)
    return path(
        "assignments/<int:assignment_id>/batch/",
        batch_view(whole).as_view(),
        name="api-save-batch",
    )
