"""The reviewer's queue, the item screen's payload, and a review round's results
(docs/api/review.md). Saves go through the kinds' generated routes (api/saves.py)."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.api.admin import admin_round
from annotations.api.renderers import json_renderers
from annotations.api.review_contract import ItemsPayloadOutput, ReviewQueueOutput, RoundReviewOutput
from annotations.models import RoundKind
from annotations.selectors.items import items_payload
from annotations.selectors.review_results import review_results
from annotations.selectors.workspace import review_queue


class ReviewQueueView(APIView):
    @extend_schema(
        responses=ReviewQueueOutput,
        operation_id="review_queue",
        summary="The signed-in reviewer's queue: review and second-review assignments",
    )
    def get(self, request: Request) -> Response:
        return Response(review_queue(user=request.user))


class ItemsView(APIView):
    renderer_classes = json_renderers()

    @extend_schema(
        responses=ItemsPayloadOutput,
        operation_id="review_items",
        summary="The item screen of a review or error-typing assignment of yours",
    )
    def get(self, request: Request, assignment_id: int) -> Response:
        payload = items_payload(user_id=request.user.pk, assignment_id=assignment_id)
        if payload is None:
            raise Http404("No such review or error-typing assignment of yours.")
        return Response(payload)


class RoundReviewView(APIView):
    @extend_schema(
        responses=RoundReviewOutput,
        operation_id="round_review_results",
        summary="A review round's progress and the false-positive rates it found",
    )
    def get(self, request: Request, round_id: int) -> Response:
        round_ = admin_round(request, round_id)
        if round_.kind != RoundKind.REVIEW:
            raise Http404("Not a review round.")
        return Response(review_results(round=round_))
