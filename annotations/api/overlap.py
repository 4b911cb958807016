"""Keeping a round's exact overlap when people change (services/overlap.py, docs/rounds.md
"Keeping the overlap"): what is short, a fill now, and the automatic fill switch."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.api.admin import admin_round, bad_request
from annotations.models import Round, Topic
from annotations.services.overlap import describe, overlap_fill, overlap_state


class ShortUnitOutput(serializers.Serializer):
    topic = serializers.IntegerField(help_text="The unit (its topic id, as the admin pages use).")
    document = serializers.CharField()
    name = serializers.CharField(help_text="The topic's name; empty for a generic summary.")
    holders = serializers.IntegerField(help_text="People whose labels on it will exist.")
    missing = serializers.IntegerField()
    stalled = serializers.IntegerField(
        help_text="Unstarted assignments of paused or removed people (a fill releases them)."
    )


class OverlapOutput(serializers.Serializer):
    overlap = serializers.IntegerField()
    auto_reassign = serializers.BooleanField()
    candidates = serializers.IntegerField(help_text="Active annotators of the round.")
    short_units = ShortUnitOutput(many=True)


class FillOutput(serializers.Serializer):
    units = serializers.IntegerField(help_text="Units brought back to the overlap.")
    assignments = serializers.IntegerField()
    released_assignments = serializers.IntegerField()
    unfillable_units = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Units still short: every active annotator of the round has seen them.",
    )
    state = OverlapOutput()


class OverlapInput(serializers.Serializer):
    auto_reassign = serializers.BooleanField()


def _state(round_: Round) -> dict[str, Any]:
    state = overlap_state(round_)
    names = {
        pk: (title or external_id, name)
        for pk, title, external_id, name in Topic.objects.filter(
            pk__in=[unit.topic_id for unit in state.short]
        ).values_list("pk", "document__title", "document__external_id", "name")
    }
    return {
        "overlap": state.overlap,
        "auto_reassign": round_.auto_reassign,
        "candidates": state.candidates,
        "short_units": [
            {
                "topic": unit.topic_id,
                "document": names[unit.topic_id][0],
                "name": names[unit.topic_id][1],
                "holders": unit.holders,
                "missing": unit.missing,
                "stalled": len(unit.stalled),
            }
            for unit in state.short
        ],
    }


class RoundOverlapView(APIView):
    @extend_schema(
        responses=OverlapOutput,
        operation_id="round_overlap",
        summary="Units that a pause or a removal left with fewer people than the overlap",
    )
    def get(self, request: Request, round_id: int) -> Response:
        return Response(_state(admin_round(request, round_id)))

    @extend_schema(
        request=OverlapInput,
        responses=OverlapOutput,
        operation_id="round_overlap_update",
        summary="Turn the automatic fill on or off (on fills what is short now)",
    )
    def put(self, request: Request, round_id: int) -> Response:
        round_ = admin_round(request, round_id)
        given = OverlapInput(data=request.data)
        if not given.is_valid():
            raise bad_request("The body needs auto_reassign: true or false.", given.errors)
        round_.auto_reassign = given.validated_data["auto_reassign"]
        round_.save(update_fields=["auto_reassign"])
        if round_.auto_reassign:
            overlap_fill(round_=round_, actor=request.user)  # type: ignore[arg-type]
        return Response(_state(round_))


class RoundOverlapFillView(APIView):
    @extend_schema(
        request=None,
        responses=FillOutput,
        operation_id="round_overlap_fill",
        summary="Give every short unit to annotators of the round who have not seen it",
    )
    def post(self, request: Request, round_id: int) -> Response:
        round_ = admin_round(request, round_id)
        result = overlap_fill(round_=round_, actor=request.user)  # type: ignore[arg-type]
        return Response({**describe(result), "state": _state(round_)})
