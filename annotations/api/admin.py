"""The project admin's API (docs/api/admin.md). Thin views: find the object among what the
user administers (else 404), validate input, call a service or selector."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from django.db import transaction
from django.http import Http404
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiRequest,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers, status
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import SAFE_METHODS, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.agreement.report import reproject, with_targets
from annotations.api.admin_contract import (
    QUESTION_KEYS,
    AdminProjectOutput,
    AdminRoundOutput,
    AgreementHistoryOutput,
    AgreementReportOutput,
    CorpusOverviewOutput,
    CorpusUnitOutput,
    CreatedRoundOutput,
    DisagreementUnitOutput,
    GuidelineDiffOutput,
    GuidelineOutput,
    JobOutput,
    ProjectOptionsOutput,
    RoundProgressOutput,
    TargetsOutput,
)
from annotations.api.errors import ApiError, Conflict, validated
from annotations.api.paging import PageOutput, page_parameters, page_request, whole_parameter
from annotations.api.queue import QUEUE_DOWN, answer_queued, visible_job
from annotations.api.round_inputs import ROUND_BODY, round_body
from annotations.api.schema import NUL
from annotations.models import (
    ITEM_ROUND_KINDS,
    AgreementReport,
    Assignment,
    GuidelineVersion,
    Project,
    Release,
    ReleaseStatus,
    ReviewScope,
    Role,
    Round,
    RoundKind,
    SummarySentence,
    Topic,
)
from annotations.selectors.admin import (
    administered_projects,
    corpus_overview,
    corpus_unit,
    disagreement_unit,
    project_overview,
    project_units,
    round_feedback,
)
from annotations.selectors.assistance_inputs import AssistanceChoiceError
from annotations.selectors.disagreement_list import disagreement_page, next_disagreement
from annotations.selectors.project_options import project_options
from annotations.selectors.round_progress import round_progress
from annotations.selectors.round_summaries import round_listed
from annotations.services.adjudication_cases import cases_answer
from annotations.services.agreement_live import agreement_recompute_due, agreement_updating
from annotations.services.agreement_reports import (
    agreement_report_current,
    report_comparison,
)
from annotations.services.dispatch import actions
from annotations.services.explanation_rounds import (
    ExplanationRoundRequest,
    explanation_round_create,
)
from annotations.services.feedback import feedback_send
from annotations.services.guidelines import guideline_diff, guideline_publish
from annotations.services.import_formats import IMPORT_FORMATS
from annotations.services.item_rounds import ItemRoundRequest, item_round_create
from annotations.services.jobs import job_start
from annotations.services.leases import refreshed
from annotations.services.project_creators import can_create_projects
from annotations.services.projects import (
    DEFAULT_TAXONOMY,
    SCHEME_FIELDS,
    SCHEME_NEEDS,
    SLUG,
    ProjectSetupError,
    ProjectSlugTaken,
    longest_slug,
    project_get_or_create,
    scheme_field,
)
from annotations.services.rounds import (
    RoundError,
    RoundInvalid,
    round_close,
    round_close_job,
    round_create,
    round_open,
)
from annotations.services.stored_files import upload_store
from annotations.services.unit_disagreements import unit_disagreements_refresh
from annotations.services.unit_selection import SelectionRequest
from annotations.services.upload_import import upload_suffix
from annotations.taxonomy_catalogue import TAXONOMIES


class ProjectRefOutput(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()


class JobStartedOutput(serializers.Serializer):
    job = serializers.IntegerField(help_text="Poll /api/admin/jobs/{job}/ for its progress.")


class DisagreementOutput(serializers.Serializer):
    topic = serializers.IntegerField()
    topic_name = serializers.CharField()
    document = serializers.CharField()
    sentences = serializers.IntegerField(help_text="Sentences whose labels differ.")
    summaries = serializers.IntegerField(help_text="Summaries whose relevance differs.")
    topic_category = serializers.BooleanField(help_text="Whether the topic category differs.")


class UnitOutput(serializers.Serializer):
    topic = serializers.IntegerField()
    topic_name = serializers.CharField(allow_blank=True)
    document = serializers.CharField()
    corpus = serializers.CharField()
    summaries = serializers.IntegerField()
    rounds = serializers.ListField(
        child=serializers.CharField(), help_text="Rounds the unit is already in."
    )


class UnitPageOutput(PageOutput):
    """The paging fields count the units matching the search."""

    units = UnitOutput(many=True, help_text="The page's units matching the search.")


class DisagreementPageOutput(PageOutput):
    """The paging fields count the units with disagreements."""

    units = DisagreementOutput(many=True, help_text="By document and topic.")


class CreatedOutput(serializers.Serializer):
    id = serializers.IntegerField()


def admin_project(request: Request, slug: str) -> Project:
    project = administered_projects(user=request.user).filter(slug=slug).first()
    if project is None:
        raise Http404("No such project that you administer.")
    return project


def admin_round(request: Request, round_id: int) -> Round:
    round_ = (
        Round.objects.filter(
            pk=round_id,
            project__memberships__user_id=request.user.pk,
            project__memberships__role=Role.ADMIN,
        )
        .select_related("project", "guideline_version")
        .first()
    )
    if round_ is None:
        raise Http404("No such round in a project that you administer.")
    return round_


def bad_request(
    detail: str, errors: dict[str, list[str]] | None = None, *, code: str | None = None
) -> ApiError:
    """The 400 envelope, for the caller to raise. ``code`` sets a refusal that depends on
    stored data apart from ``invalid`` (a body the operation's schema already refuses)."""
    return ApiError(detail, errors=errors, code=code)


class StaffOnly(BasePermission):
    """Creating a project starts a study: staff (``is_staff``), and the people staff granted
    the right to (services/project_creators.py)."""

    message = "Only staff can create projects: ask a site administrator."

    def has_permission(self, request: Request, view: Any) -> bool:
        return can_create_projects(request.user)


class StaffCreatesProjects(StaffOnly):
    """Anyone signed in lists the projects they administer; only those who may create one
    create one."""

    def has_permission(self, request: Request, view: Any) -> bool:
        return request.method in SAFE_METHODS or super().has_permission(request, view)


# A new project's fields as the service checks them (services/projects.py), stated in the
# schema; the service, not the field, refuses them, so its errors name the allowed values.
@extend_schema_field(
    {"type": "string", "pattern": f"^{SLUG.pattern}$", "minLength": 1, "maxLength": longest_slug()}
)
class ProjectSlugField(serializers.CharField):
    pass


@extend_schema_field(
    {
        "type": "string",
        "maxLength": Project._meta.get_field("name").max_length,
        "not": {"pattern": NUL},
    }
)
class ProjectNameField(serializers.CharField):
    pass


@extend_schema_field({"type": "string", "enum": [spec["slug"] for spec in TAXONOMIES]})
class BuiltinTaxonomyField(serializers.CharField):
    pass


def _scheme_schema() -> dict[str, Any]:
    """A scheme's switches, and what each needs switched on (services/projects.py
    SCHEME_NEEDS), so a scheme the service refuses is not valid here either. JSON Schema (of
    OpenAPI 3.0) has no "if": the needs are said as three cases, one of which holds."""
    assert SCHEME_NEEDS == {
        "require_error_spans": "error_spans",
        "evidence": "error_spans",
        "require_evidence": "evidence",
    }, "the cases below spell out these needs"
    # A switch left out is off (each default is), so a case may leave it out.
    assert not any(scheme_field(key).get_default() for key in ("error_spans", *SCHEME_NEEDS))
    true, false = ({"type": "boolean", "enum": [value]} for value in (True, False))
    cases = [
        # No spans: nothing that needs them.
        {
            "properties": dict.fromkeys(
                ("error_spans", "require_error_spans", "evidence", "require_evidence"), false
            )
        },
        # Spans, without evidence.
        {
            "properties": {"error_spans": true, "evidence": false, "require_evidence": false},
            "required": ["error_spans"],
        },
        # Spans and evidence: the two "require" switches are free.
        {
            "properties": {"error_spans": true, "evidence": true},
            "required": ["error_spans", "evidence"],
        },
    ]
    return {
        "type": "object",
        "properties": {key: {"type": "boolean"} for key in SCHEME_FIELDS},
        "additionalProperties": False,
        "oneOf": cases,
        "description": "Question key -> asked; left out: its default. "
        + "; ".join(f"{key} needs {need}" for key, need in SCHEME_NEEDS.items())
        + ".",
    }


@extend_schema_field(_scheme_schema())
class SchemeField(serializers.DictField):
    pass


class ProjectsView(APIView):
    permission_classes = [IsAuthenticated, StaffCreatesProjects]

    class Input(serializers.Serializer):
        class Meta:
            ref_name = "ProjectCreateInput"

        # Lengths and characters are checked by the service, with the allowed values; the
        # schema states the same rules (ProjectSlugField and the two below).
        slug = ProjectSlugField(max_length=1000, help_text="Lowercase letters, digits, - _.")
        name = ProjectNameField(
            max_length=1000,
            required=False,
            default="",
            allow_blank=True,
            help_text="Default: slug.",
        )
        taxonomy = BuiltinTaxonomyField(
            max_length=1000,
            required=False,
            default=DEFAULT_TAXONOMY,
            help_text="A built-in taxonomy (GET /api/admin/project-options/); the project gets"
            " its own editable copy.",
        )
        scheme = SchemeField(
            child=serializers.BooleanField(),
            required=False,
            default=dict,
        )

    @extend_schema(
        responses=ProjectRefOutput(many=True),
        operation_id="admin_projects_list",
        summary="Projects you administer",
    )
    def get(self, request: Request) -> Response:
        return Response(
            [{"slug": p.slug, "name": p.name} for p in administered_projects(user=request.user)]
        )

    @extend_schema(
        request=Input,
        responses={201: AdminProjectOutput},
        operation_id="admin_projects_create",
        summary="Create a project (staff): you become its admin",
    )
    def post(self, request: Request) -> Response:
        data = validated(self.Input, request.data)
        try:
            project, _ = project_get_or_create(**data, creator=request.user, exists_ok=False)
        except ProjectSlugTaken as error:
            raise Conflict(
                "The project was not created: the slug is taken.",
                code="slug_taken",
                errors=error.errors,
            ) from None
        except ProjectSetupError as error:
            message = f"The project was not created: check {', '.join(error.errors)}."
            raise bad_request(message, error.errors) from None
        return Response(project_overview(project=project), status=status.HTTP_201_CREATED)


class ProjectOptionsView(APIView):
    permission_classes = [IsAuthenticated, StaffOnly]

    @extend_schema(
        responses=ProjectOptionsOutput,
        summary="What a new project can be: built-in taxonomies and the scheme's questions",
    )
    def get(self, request: Request) -> Response:
        return Response(project_options())


class ProjectView(APIView):
    @extend_schema(responses=AdminProjectOutput, summary="Project overview for its admins")
    def get(self, request: Request, slug: str) -> Response:
        return Response(project_overview(project=admin_project(request, slug)))


class TargetsView(APIView):
    @extend_schema(
        request=TargetsOutput, responses=TargetsOutput, summary="Set agreement targets per question"
    )
    def put(self, request: Request, slug: str) -> Response:
        project = admin_project(request, slug)
        if not isinstance(request.data, dict):
            raise bad_request("Expected an object {question: target}.")
        errors: dict[str, list[str]] = {}
        targets = {}
        for key, value in request.data.items():
            if key not in QUESTION_KEYS:
                errors[key] = [f"unknown question; allowed: {', '.join(QUESTION_KEYS)}"]
            elif value is not None and (
                isinstance(value, bool)
                or not isinstance(value, int | float)
                or not -1 <= value <= 1
            ):
                errors[key] = ["a number between -1 and 1, or null to remove"]
            elif value is not None:
                targets[key] = float(value)
        if errors:
            raise bad_request("Invalid targets.", errors)
        project.agreement_targets = targets
        project.save(update_fields=["agreement_targets"])
        return Response(targets)


class GuidelineCreateView(APIView):
    class Input(serializers.Serializer):
        class Meta:
            ref_name = "GuidelineInput"

        markdown = serializers.CharField(max_length=200_000, trim_whitespace=False)
        changelog = serializers.CharField(max_length=5000)
        answers_cases = serializers.ListField(
            child=serializers.IntegerField(min_value=1),
            required=False,
            max_length=500,
            help_text="Flagged adjudication cases this version answers: listed in its changelog.",
        )

    @extend_schema(
        request=Input, responses={201: GuidelineOutput}, summary="Publish a new guideline version"
    )
    def post(self, request: Request, slug: str) -> Response:
        project = admin_project(request, slug)
        data = validated(self.Input, request.data)
        answered = data.pop("answers_cases", [])
        with transaction.atomic():
            version = guideline_publish(project=project, user=request.user, **data)
            cases_answer(version=version, case_ids=answered)
        return Response(_guideline(version), status=status.HTTP_201_CREATED)


def _guideline(version: GuidelineVersion) -> dict[str, Any]:
    return {
        "version": version.version,
        "markdown": version.markdown,
        "changelog": version.changelog,
        "created_at": version.created_at,
        "published_at": version.published_at,
    }


class GuidelineView(APIView):
    @extend_schema(responses=GuidelineOutput, summary="One guideline version")
    def get(self, request: Request, slug: str, version: int) -> Response:
        project = admin_project(request, slug)
        found = GuidelineVersion.objects.filter(project=project, version=version).first()
        if found is None:
            raise Http404(f"No guideline version {version}.")
        return Response(_guideline(found))


# Guideline versions are PositiveIntegerFields: past this the database cannot compare them.
LARGEST_VERSION = 2_147_483_647
# The largest ?compare= read: a round id within PostgreSQL's bigint (a 64-bit signed integer).
LARGEST_ROUND_ID = 2**63 - 1


class GuidelineDiffView(APIView):
    @extend_schema(
        parameters=[
            whole_parameter("from", least=1, most=LARGEST_VERSION, required=True),
            whole_parameter("to", least=1, most=LARGEST_VERSION, required=True),
        ],
        responses=GuidelineDiffOutput,
        summary="Unified diff between two guideline versions",
    )
    def get(self, request: Request, slug: str) -> Response:
        project = admin_project(request, slug)
        try:
            old_number, new_number = (
                int(request.query_params["from"]),
                int(request.query_params["to"]),
            )
        except (KeyError, ValueError):
            raise bad_request("Give two versions: ?from=1&to=2.") from None
        if not all(1 <= n <= LARGEST_VERSION for n in (old_number, new_number)):
            raise bad_request(f"Versions are whole numbers from 1 to {LARGEST_VERSION}.")
        versions = {
            g.version: g
            for g in GuidelineVersion.objects.filter(
                project=project, version__in=[old_number, new_number]
            )
        }
        missing = [n for n in (old_number, new_number) if n not in versions]
        if missing:
            # A version that does not exist is a missing object, as for GuidelineView.
            raise Http404(f"No guideline version(s) {missing} in this project.")
        return Response(
            {
                "from": old_number,
                "to": new_number,
                "diff": guideline_diff(versions[old_number], versions[new_number]),
            }
        )


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


class CorpusView(APIView):
    @extend_schema(
        responses=CorpusOverviewOutput,
        summary="What was imported, and the published labels per system",
    )
    def get(self, request: Request, slug: str) -> Response:
        return Response(corpus_overview(project=admin_project(request, slug)))


class CorpusUnitView(APIView):
    @extend_schema(
        responses=CorpusUnitOutput,
        operation_id="admin_project_unit_retrieve",
        summary="One imported unit: its summaries, systems and published labels",
    )
    def get(self, request: Request, slug: str, topic_id: int) -> Response:
        unit = corpus_unit(project=admin_project(request, slug), topic_id=topic_id)
        if unit is None:
            raise Http404("No such unit in this project.")
        return Response(unit)


class UnitsView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("q", str, description="Words of the topic or document name."),
            *page_parameters(),
        ],
        responses=UnitPageOutput,
        operation_id="admin_project_units_list",
        summary="The project's units (document and topic), searchable, a page at a time",
    )
    def get(self, request: Request, slug: str) -> Response:
        project = admin_project(request, slug)
        query = request.query_params.get("q", "")[:200]
        units = project_units(project=project, query=query, asked=page_request(request))
        return Response(UnitPageOutput(units).data)


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


def _report(
    report: AgreementReport,
    *,
    stale: bool,
    targets: dict[str, float],
    half_width: float | None = None,
) -> dict[str, Any]:
    results = dict(report.results)
    if "questions" in results:
        # The project's targets as they are now, not as they were when it was computed.
        results["questions"] = with_targets(results["questions"], targets or {})
        if half_width is not None:
            results["questions"] = [
                {**q, "projection": reproject(q["projection"], half_width)}
                if "projection" in q
                else q
                for q in results["questions"]
            ]
    return {
        "round": report.round_id,
        "computed_at": report.computed_at,
        "inputs_hash": report.inputs_hash,
        "stale": stale,
        **results,
    }


class AgreementView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter(
                "half_width",
                # The bounds the view checks, stated (a plain float documents 1e154 as valid).
                {"type": "number", "minimum": 0.005, "maximum": 0.5},
                required=False,
                description=(
                    "The interval half-width w each question's projection aims at (0.005 to"
                    " 0.5; default 0.05)."
                ),
            )
        ],
        responses=AgreementReportOutput,
        summary="The round's latest agreement report",
    )
    def get(self, request: Request, round_id: int) -> Response:
        round_ = admin_round(request, round_id)
        half_width = _half_width_parameter(request)
        # Embedded configuration: a recompute waiting after submits runs now (docs/agreement.md).
        agreement_recompute_due(round=round_)
        latest = AgreementReport.objects.filter(round=round_).order_by("-computed_at").first()
        if latest is None:
            raise Http404("No agreement report yet: compute one.")
        try:
            # Judged against the comparison the report was asked for (docs/agreement.md).
            current, _ = agreement_report_current(round=round_, compare=report_comparison(latest))
        except AssistanceChoiceError:
            current = None  # the round it was compared with can no longer be compared
        return Response(
            {
                **_report(
                    latest,
                    stale=current is None or current.pk != latest.pk,
                    targets=round_.project.agreement_targets,
                    half_width=half_width,
                ),
                "updating": agreement_updating(round_id=round_.pk),
            }
        )

    @extend_schema(
        request=None,
        parameters=[
            whole_parameter(
                "compare",
                least=1,
                most=LARGEST_ROUND_ID,
                description=(
                    "A round of the opposite evidence-hint setting to compare with; by default"
                    " the most recent such round of the same kind over shared units."
                ),
            )
        ],
        responses={200: AgreementReportOutput, 202: JobStartedOutput, 503: QUEUE_DOWN},
        summary="Compute the report (background job; 200 with the report if it is current)",
    )
    def post(self, request: Request, round_id: int) -> Response:
        round_ = admin_round(request, round_id)
        compare = _compare_parameter(request)
        try:
            current, _ = agreement_report_current(round=round_, compare=compare)
        except AssistanceChoiceError as error:
            raise bad_request(
                str(error), {"compare": [str(error)]}, code="cannot_compare"
            ) from None
        if current is not None:
            return Response(_report(current, stale=False, targets=round_.project.agreement_targets))
        job = job_start(
            project=round_.project,
            kind="agreement",
            params={"round": round_.pk, "compare": compare},
            user=request.user,
        )
        answer_queued(job, saved=f"The agreement report of {round_.name} is saved as job {job.pk}")
        return Response({"job": job.pk}, status=status.HTTP_202_ACCEPTED)


def _half_width_parameter(request: Request) -> float | None:
    raw = request.query_params.get("half_width", "")
    if raw == "":
        return None
    try:
        # Any spelling of a number (0.05, .05, 5e-2); nan and inf fail the range.
        value: float | None = float(raw)
    except ValueError:
        value = None
    if value is None or not 0.005 <= value <= 0.5:
        message = f"half_width must be a number from 0.005 to 0.5; got {raw[:40]!r}."
        raise bad_request(message, {"half_width": [message]})
    return value


def _compare_parameter(request: Request) -> int | None:
    raw = request.query_params.get("compare", "")
    if raw == "":
        return None
    # ASCII digits only, as for ?page= (str.isdigit() accepts "²", which int() refuses).
    if not re.fullmatch(r"[1-9][0-9]{0,18}", raw) or int(raw) > LARGEST_ROUND_ID:
        message = f"compare must be a round id (a whole number); got {raw[:40]!r}."
        raise bad_request(message, {"compare": [message]})
    return int(raw)


class AgreementHistoryView(APIView):
    @extend_schema(
        responses=AgreementHistoryOutput, summary="Each question's agreement across the rounds"
    )
    def get(self, request: Request, slug: str) -> Response:
        project = admin_project(request, slug)
        latest: dict[int, AgreementReport] = {}
        for report in (
            AgreementReport.objects.filter(round__project=project)
            .select_related("round")
            .order_by("computed_at")
        ):
            latest[report.round_id] = report
        ordered = sorted(latest.values(), key=lambda r: (r.round.created_at, r.round_id))
        questions: dict[str, dict[str, Any]] = {}
        for report in ordered:
            for question in report.results.get("questions", []):
                entry = questions.setdefault(
                    question["key"],
                    {
                        "key": question["key"],
                        "label": question["label"],
                        "target": project.agreement_targets.get(question["key"]),
                        "points": [],
                    },
                )
                coefficient = question.get("coefficient")
                entry["points"].append(
                    {
                        "round": report.round.name,
                        "round_id": report.round_id,
                        "value": coefficient["value"] if coefficient else None,
                        # The interval, drawn as error bars: a small round's point alone
                        # overstates what it shows.
                        "ci": coefficient.get("ci") if coefficient else None,
                        "n_units": question.get("n_units"),
                    }
                )
        return Response({"questions": list(questions.values())})


class DisagreementsView(APIView):
    @extend_schema(
        parameters=page_parameters(),
        responses=DisagreementPageOutput,
        operation_id="admin_round_disagreements_list",
        summary="Units where annotators disagree, a page at a time",
    )
    def get(self, request: Request, round_id: int) -> Response:
        round_ = admin_round(request, round_id)
        asked = page_request(request)
        unit_disagreements_refresh(round=round_)
        return Response(disagreement_page(round=round_, asked=asked))


class DisagreementUnitView(APIView):
    @extend_schema(
        responses=DisagreementUnitOutput, summary="Everyone's labels on one unit, side by side"
    )
    def get(self, request: Request, round_id: int, topic_id: int) -> Response:
        round_ = admin_round(request, round_id)
        topic = (
            Topic.objects.filter(pk=topic_id, assignments__round=round_)
            .select_related("document")
            .first()
        )
        if topic is None:
            raise Http404("This unit is not in the round.")
        unit_disagreements_refresh(round=round_)
        return Response(
            {
                **disagreement_unit(round=round_, topic=topic),
                "next_topic": next_disagreement(round=round_, topic=topic),
            }
        )


class FeedbackReplyOutput(serializers.Serializer):
    id = serializers.IntegerField()
    author = serializers.CharField()
    from_annotator = serializers.BooleanField(help_text="Written by the note's annotator.")
    text = serializers.CharField()
    created_at = serializers.DateTimeField()
    unread = serializers.BooleanField(help_text="The annotator's reply, not read by an admin yet.")


class FeedbackSentenceOutput(serializers.Serializer):
    id = serializers.IntegerField()
    summary_label = serializers.CharField(help_text="The summary's letter in stored order.")
    number = serializers.IntegerField()


class SentFeedbackOutput(serializers.Serializer):
    id = serializers.IntegerField()
    annotator = serializers.CharField()
    author = serializers.CharField()
    text = serializers.CharField()
    created_at = serializers.DateTimeField()
    read_at = serializers.DateTimeField(allow_null=True, help_text="null: not read yet.")
    reopened = serializers.BooleanField(help_text="Sent as the reason for reopening the unit.")
    topic = serializers.IntegerField(allow_null=True, help_text="The unit it is about, if any.")
    sentence = FeedbackSentenceOutput(allow_null=True)
    replies = FeedbackReplyOutput(many=True)
    unread_replies = serializers.IntegerField(help_text="Replies of the annotator no admin read.")


class FeedbackCreateView(APIView):
    class Input(serializers.Serializer):
        class Meta:
            ref_name = "FeedbackInput"

        annotator = serializers.CharField()
        text = serializers.CharField(max_length=5000)
        sentence = serializers.IntegerField(required=False, allow_null=True)

    @extend_schema(
        responses=SentFeedbackOutput(many=True),
        operation_id="admin_round_feedback_list",
        summary="The feedback sent in the round, with read state and replies",
    )
    def get(self, request: Request, round_id: int) -> Response:
        round_ = admin_round(request, round_id)
        return Response(SentFeedbackOutput(round_feedback(round=round_), many=True).data)

    @extend_schema(
        request=Input, responses={201: CreatedOutput}, summary="Write feedback to an annotator"
    )
    def post(self, request: Request, round_id: int) -> Response:
        round_ = admin_round(request, round_id)
        data = validated(self.Input, request.data)
        assignments = Assignment.objects.filter(round=round_, annotator__username=data["annotator"])
        if not assignments.exists():
            raise bad_request(
                "No such annotator in this round.",
                {"annotator": [f"{data['annotator']!r} has no assignment in this round"]},
                code="not_in_round",
            )
        sentence = None
        if data.get("sentence") is not None:
            sentence = SummarySentence.objects.filter(
                pk=data["sentence"], summary__topic__assignments__round=round_
            ).first()
            if sentence is None:
                raise bad_request(
                    "No such sentence in this round.",
                    {"sentence": ["not in this round's units"]},
                    code="not_in_round",
                )
        annotator = assignments[0].annotator
        if annotator is None:  # an annotator__username filter matches people only
            raise bad_request("No such annotator in this round.", {"annotator": ["not a person"]})
        feedback = feedback_send(
            round=round_,
            annotator=annotator,
            author=request.user,
            text=data["text"],
            sentence=sentence,
        )
        return Response({"id": feedback.pk}, status=status.HTTP_201_CREATED)


# The upload form. ``lenient`` is only for the circumstantial CSV: said as a ``not`` beside the
# properties, which stay at the top so that clients see ``file`` is a file part.
IMPORT_FORM = OpenApiRequest(
    {
        "type": "object",
        "properties": {
            "file": {
                "type": "string",
                "format": "binary",
                "description": "The corpus file, a file part with its filename (any name).",
            },
            "format": {
                "type": "string",
                "enum": list(IMPORT_FORMATS),
                "default": "native",
                "description": "One of the import formats GET"
                " /api/admin/import-formats/ lists (docs/formats/imports.md); a"
                " layout that is a folder is uploaded as its .zip.",
            },
            "lenient": {
                "type": "boolean",
                "default": False,
                "description": "circumstantial only: import the study's own file as"
                " published and report, row by row, what was not imported as written.",
            },
        },
        "required": ["file"],
        # Lenient true with any format but circumstantial (left out: native) is not a form.
        # A ``not``, not an ``anyOf`` of the two valid cases: generators of typed clients
        # (openapi-python-client, docs/api/python-client.md) read an anyOf beside the
        # properties as the whole body and lost ``file`` and ``format``.
        "not": {
            "properties": {
                "lenient": {"type": "boolean", "enum": [True]},
                "format": {"not": {"type": "string", "enum": ["circumstantial"]}},
            },
            "required": ["lenient"],
        },
    },
    encoding={
        "file": {
            "headers": {
                "Content-Disposition": {
                    "description": "A file part: it names the file.",
                    "schema": {
                        "type": "string",
                        "example": 'form-data; name="file"; filename="corpus.jsonl"',
                    },
                }
            }
        }
    },
)


def _import_layout(request: Request) -> tuple[str, bool]:
    """The upload's layout and lenient choice from the form, or a 400 naming the field."""
    layout = request.data.get("format") or "native"
    if layout not in IMPORT_FORMATS:
        raise bad_request(
            f"Unknown corpus format {layout!r}.",
            {"format": [f"expected one of {', '.join(IMPORT_FORMATS)}"]},
        )
    raw = str(request.data.get("lenient") or "false").lower()
    if raw not in ("true", "false", "1", "0"):
        raise bad_request("`lenient` is true or false.", {"lenient": ["expected true or false"]})
    lenient = raw in ("true", "1")
    if lenient and layout != "circumstantial":
        raise bad_request(
            "Lenient import is for the circumstantial CSV only.",
            {"lenient": ["only with format circumstantial"]},
        )
    return layout, lenient


class ImportFormatOutput(serializers.Serializer):
    name = serializers.CharField(help_text="The value of the import's `format`.")
    label = serializers.CharField()
    what = serializers.CharField(help_text="What the file holds, in one sentence.")
    doc = serializers.CharField(help_text="Its page: docs/formats/{doc}.md.")
    accept = serializers.ListField(
        child=serializers.CharField(), help_text="The file suffixes an upload may have."
    )
    folder = serializers.BooleanField(help_text="A folder, uploaded as its .zip.")
    lenient = serializers.BooleanField(help_text="Whether the import takes `lenient`.")


class ImportFormatsView(APIView):
    """The registry of import formats (services/import_formats.py), so the browser's import
    form offers exactly what the server reads."""

    @extend_schema(
        responses=ImportFormatOutput(many=True),
        summary="The corpus import formats, as the import form offers them",
    )
    def get(self, request: Request) -> Response:
        return Response(
            [
                {
                    "name": spec.name,
                    "label": spec.label,
                    "what": spec.what,
                    "doc": spec.doc,
                    "accept": list(spec.suffixes),
                    "folder": spec.folder,
                    "lenient": spec.name == "circumstantial",
                }
                for spec in IMPORT_FORMATS.values()
            ]
        )


class ImportCreateView(APIView):
    parser_classes = [MultiPartParser]

    @extend_schema(
        request={"multipart/form-data": IMPORT_FORM},
        responses={202: JobStartedOutput, 503: QUEUE_DOWN},
        summary="Import a corpus file in one of the import formats (background job)",
    )
    def post(self, request: Request, slug: str) -> Response:
        project = admin_project(request, slug)
        upload = request.FILES.get("file")
        if upload is None:
            # A part named file without a filename is a plain form field to the parser.
            named = "file" in request.data
            raise bad_request(
                "Attach the corpus file as `file`, a file part with its filename.",
                {"file": ["a file part needs a filename" if named else "required"]},
            )
        # Kept in the storage, so the worker that runs the job may be on another machine.
        layout, lenient = _import_layout(request)
        name = Path(upload.name or "upload.jsonl").name
        stored = upload_store(upload, suffix=upload_suffix(layout, name))
        job = job_start(
            project=project,
            kind="import",
            params={"upload": stored, "name": name, "format": layout, "lenient": lenient},
            user=request.user,
        )
        answer_queued(job, saved=f"The import of {name} is saved as job {job.pk}")
        return Response({"job": job.pk}, status=status.HTTP_202_ACCEPTED)


class JobView(APIView):
    @extend_schema(responses=JobOutput, summary="A background job's state and progress")
    def get(self, request: Request, job_id: int) -> Response:
        # An admin follows every job of their projects; a researcher the uploads they started.
        job = refreshed(visible_job(request, job_id))
        return Response(
            {
                "id": job.pk,
                "kind": job.kind,
                "status": job.status,
                "progress": job.progress,
                "message": job.message,
                "result": job.result,
                "error": job.error,
                **actions(job),
            }
        )
