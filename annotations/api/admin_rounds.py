"""Rounds (docs/api/admin.md, *Rounds*): creating one of each kind with its assignments,
opening and closing it, and its progress per annotator and per unit."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.api.admin import admin_project, admin_round
from annotations.api.admin_contract import AdminRoundOutput, CreatedRoundOutput, RoundProgressOutput
from annotations.api.errors import Conflict
from annotations.api.paging import page_parameters, page_request
from annotations.api.queue import QUEUE_DOWN, answer_queued
from annotations.api.round_inputs import ROUND_BODY, round_body
from annotations.models import (
    ITEM_ROUND_KINDS,
    Project,
    Release,
    ReleaseStatus,
    ReviewScope,
    RoundKind,
)
from annotations.selectors.round_progress import round_progress
from annotations.selectors.round_summaries import round_listed
from annotations.services.explanation_rounds import (
    ExplanationRoundRequest,
    explanation_round_create,
)
from annotations.services.item_rounds import ItemRoundRequest, item_round_create
from annotations.services.rounds import (
    RoundError,
    RoundInvalid,
    round_close,
    round_close_job,
    round_create,
    round_open,
)
from annotations.services.unit_selection import SelectionRequest


class RoundCreateView(APIView):
    @extend_schema(
        request=ROUND_BODY,
        responses={201: CreatedRoundOutput},
        summary="Create a draft round and its assignments",
        description="The body's `kind` decides its fields (one component per kind). A body of"
        " the right shape that the project's data refuses (people who are not its annotators,"
        " units not its own or not free, a name taken) answers 409 `round_refused`, naming"
        " each field.",
    )
    def post(self, request: Request, slug: str) -> Response:
        project = admin_project(request, slug)
        data = round_body(request.data)
        units = data.pop("units", None)
        try:
            if data["kind"] == RoundKind.EXPLANATION:
                return self._explanation_round(project, data)
            if data["kind"] in ITEM_ROUND_KINDS:
                return self._item_round(project, data, units)
            return self._annotation_round(project, data, units)
        except RoundInvalid as invalid:
            raise Conflict(
                "The round cannot be created.", code="round_refused", errors=invalid.errors
            ) from None

    def _annotation_round(
        self, project: Project, data: dict[str, Any], units: dict[str, Any]
    ) -> Response:
        topic_ids = units.get("topics")
        if "hardest" in units:
            topic_ids = self._hardest(project, units["hardest"])
        if "select" in units:
            data["selection"] = SelectionRequest(**units["select"])
        round_, skipped = round_create(
            project=project,
            sample=units.get("sample"),
            seed=units.get("seed", 0),
            topic_ids=topic_ids,
            include_busy=units.get("include_busy", False),
            **data,
        )
        return Response(
            {**round_listed(round_.pk), "skipped": skipped},
            status=status.HTTP_201_CREATED,
        )

    def _hardest(self, project: Project, hardest: dict[str, Any]) -> list[int]:
        from annotations.selectors.hard_units import hard_units
        from annotations.services.evaluator_runs import EvaluatorInvalid

        release = Release.objects.filter(
            pk=hardest["release"], project=project, status=ReleaseStatus.PUBLISHED
        ).first()
        if release is None:
            raise RoundInvalid({"units.hardest.release": ["no published release of this project"]})
        try:
            chosen = hard_units(release, by=hardest["by"], count=hardest["count"])
        except EvaluatorInvalid as invalid:
            raise RoundInvalid(
                {f"units.hardest.{field}": messages for field, messages in invalid.errors.items()}
            ) from None
        if not chosen:
            raise RoundInvalid({"units.hardest": ["no unit of the release matches this project"]})
        return [unit["topic_id"] for unit in chosen]

    def _explanation_round(self, project: Project, data: dict[str, Any]) -> Response:
        round_, items = explanation_round_create(
            ExplanationRoundRequest(
                project=project,
                name=data["name"],
                guideline_version=data["guideline_version"],
                annotators=data["annotators"],
                release=data["release"],
                evaluators=data["evaluators"],
                overlap=data["overlap"],
            )
        )
        return _created_with_items(round_.pk, items)

    def _item_round(
        self, project: Project, data: dict[str, Any], units: dict[str, Any] | None
    ) -> Response:
        """A review or error-typing round: its units are those with items (a list given
        narrows them to its units)."""
        round_, items = item_round_create(
            ItemRoundRequest(
                project=project,
                name=data["name"],
                kind=data["kind"],
                guideline_version=data["guideline_version"],
                people=data["annotators"],
                source_rounds=data["source_rounds"],
                overlap=data["overlap"],
                review_scope=data.get("review_scope", ReviewScope.ANY),
                type_min_count=data.get("type_min_count", 2),
                topic_ids=units["topics"] if units is not None else None,
            )
        )
        return _created_with_items(round_.pk, items)


def _created_with_items(round_id: int, items: int) -> Response:
    """201 for a round over items (review, error typing, explanations): the round as the
    rounds list shows it, and how many items it asks about."""
    return Response(
        {**round_listed(round_id), "skipped": 0, "items": items},
        status=status.HTTP_201_CREATED,
    )


class RoundTransitionView(APIView):
    transition = staticmethod(round_open)

    @extend_schema(request=None, responses=AdminRoundOutput, summary="Open or close a round")
    def post(self, request: Request, round_id: int) -> Response:
        round_ = admin_round(request, round_id)
        try:
            self.transition(round=round_)
        except RoundError as error:
            raise Conflict(str(error), code="round_state") from None
        return Response(round_listed(round_.pk))


class RoundOpenView(RoundTransitionView):
    transition = staticmethod(round_open)


class RoundCloseView(RoundTransitionView):
    transition = staticmethod(round_close)

    @extend_schema(
        request=None, responses={200: AdminRoundOutput, 503: QUEUE_DOWN}, summary="Close a round"
    )
    def post(self, request: Request, round_id: int) -> Response:
        round_ = admin_round(request, round_id)
        try:
            round_close(round=round_, user=request.user)
        except RoundError as error:  # the round's state forbids it, as for opening
            raise Conflict(str(error), code="round_state") from None
        job = round_close_job(round_)
        if job is not None:
            answer_queued(
                job,
                saved=f"Round {round_.name} is closed; its agreement report is saved as job"
                f" {job.pk}",
            )
        return Response(round_listed(round_.pk))


class RoundProgressView(APIView):
    @extend_schema(
        parameters=page_parameters(),
        responses=RoundProgressOutput,
        summary="Progress per annotator, and per unit a page at a time",
    )
    def get(self, request: Request, round_id: int) -> Response:
        round_ = admin_round(request, round_id)
        return Response(round_progress(round=round_, asked=page_request(request)))
