"""The researcher's API: releases (docs/api/releases.md)."""

from __future__ import annotations

import zipfile
from typing import Any

from django.http import FileResponse, Http404, HttpResponseRedirect
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.agreement.gold import GOLD_RULES
from annotations.api.errors import ApiError, Conflict
from annotations.api.paging import PageOutput, page_parameters, page_request
from annotations.api.queue import QUEUE_DOWN, answer_queued
from annotations.api.schema import NUL, VISIBLE
from annotations.models import Project, Release, ReleaseStatus, Role, Round, RoundStatus
from annotations.scoring import METRICS
from annotations.selectors.paging import page_of
from annotations.services.dispatch import (
    DispatchRefused,
    actions,
    dispatch_on_commit,
    release_cancel,
)
from annotations.services.leases import refreshed
from annotations.services.releases import (
    FORMATS,
    SPLIT_METHODS,
    ReleaseInvalid,
    release_create,
    release_retry,
    release_verify,
)
from annotations.services.stored_files import open_ranged, signed_url

EXPORTERS = (Role.RESEARCHER, Role.ADMIN)


def exporter_projects(user: Any) -> Any:
    return Project.objects.filter(
        memberships__user_id=user.pk, memberships__role__in=EXPORTERS
    ).distinct()


def _release(release: Release) -> dict[str, Any]:
    manifest = release.manifest or {}
    per_split = (manifest.get("counts") or {}).get("per_split", {})
    return {
        "id": release.pk,
        "version": release.version,
        "status": release.status,
        "progress": release.progress,
        "error": release.error,
        "created_at": release.created_at,
        "published_at": release.published_at,
        "created_by": (release.created_by.get_full_name() or release.created_by.get_username())
        if release.created_by
        else "",
        "counts": {"summaries": sum(per_split.values()), **per_split},
        "files": [
            {"name": f.name, "sha256": f.sha256, "size": f.size, "records": f.records}
            for f in release.files.all()
        ],
        "download": f"/api/releases/{release.pk}/download/"
        if release.status == ReleaseStatus.PUBLISHED
        else None,
        "scores": _scores(manifest),
        **actions(release),
    }


def _scores(manifest: dict[str, Any]) -> dict[str, Any] | None:
    """The per-system score table the build stored in the manifest (docs/formats/scores.md),
    every metric present (an empty score where the release has none); None for a release
    that is not published or was built before releases carried scores."""
    table = manifest.get("scores")
    if not isinstance(table, dict):
        return None
    empty = {"mean": None, "low": None, "high": None, "n": 0}
    return {
        "confidence": table.get("confidence"),
        "n_resamples": table.get("n_resamples"),
        "seed": table.get("seed"),
        "systems": [
            {
                "system": system["system"],
                "summaries": system["summaries"],
                **{metric: system.get(metric) or empty for metric in METRICS},
            }
            for system in table.get("systems", [])
        ],
    }


# A split file's two lists of document ids, as validate_documents below allows them.
_DOCUMENT_IDS = {
    "type": "array",
    "items": {
        "type": "string",
        "minLength": 1,
        "maxLength": 255,
        "pattern": VISIBLE,
        "not": {"pattern": NUL},
    },
    "maxItems": 1_000_000,
}


@extend_schema_field(
    {
        "type": "object",
        "properties": {"dev": _DOCUMENT_IDS, "test": _DOCUMENT_IDS},
        "additionalProperties": False,
    }
)
class SplitDocumentsField(serializers.DictField):
    pass


class SplitInput(serializers.Serializer):
    class Meta:
        ref_name = "ReleaseSplitInput"

    method = serializers.ChoiceField(choices=list(SPLIT_METHODS))
    dev = serializers.FloatField(required=False, min_value=0.0, max_value=1.0)
    seed = serializers.IntegerField(required=False, min_value=0, max_value=2**53 - 1)
    documents = SplitDocumentsField(
        child=serializers.ListField(
            child=serializers.CharField(max_length=255), max_length=1_000_000
        ),
        required=False,
    )

    def validate_documents(self, value: dict[str, list[str]]) -> dict[str, list[str]]:
        unknown = sorted(set(value) - {"dev", "test"})
        if unknown:
            raise serializers.ValidationError(
                f"a split file names only dev and test; unknown: {', '.join(unknown)}"
            )
        return value


class MappingsInput(serializers.Serializer):
    class Meta:
        ref_name = "ReleaseMappingsInput"

    REFUSES_UNKNOWN_KEYS = True  # to_internal_value below; the schema says so (api/schema.py)

    topic_category = serializers.ChoiceField(choices=["merge_marginal"], required=False)
    relevance = serializers.ChoiceField(choices=["binary"], required=False)

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(str(key) for key in set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError(
                    f"unknown mapping(s) {', '.join(unknown)}; allowed: topic_category="
                    "merge_marginal, relevance=binary"
                )
        return super().to_internal_value(data)


class ReleaseConfigInput(serializers.Serializer):
    """The shape and types of a release request; the service checks what needs the database."""

    class Meta:
        ref_name = "ReleaseConfigInput"

    # The pattern the release service checks (services/releases.py VERSION), ASCII digits: the
    # schema states it, so a version it calls valid is not refused.
    version = serializers.RegexField(r"^[0-9]+\.[0-9]+\.[0-9]+$", max_length=50)
    rounds = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=2**63 - 1),
        min_length=1,
        max_length=1000,
    )
    formats = serializers.ListField(
        child=serializers.ChoiceField(choices=list(FORMATS)), min_length=1, max_length=20
    )
    gold = serializers.ChoiceField(
        choices=list(GOLD_RULES),
        required=False,
        help_text=(
            "The sentence-label gold rule below adjudication and confirmed review: majority"
            " (the annotators' vote; default) or posterior_mode (the most probable label under"
            " a Dawid-Skene model of the annotators' competence). docs/releases.md."
        ),
    )
    mappings = MappingsInput(required=False)
    split = SplitInput(required=False)
    only_complete = serializers.BooleanField(required=False)
    drop_not_a_summary = serializers.BooleanField(
        required=False,
        help_text="Leave out the summaries whose gold flag says they are not a summary"
        " (TofuEval removed 23 such).",
    )
    assisted_labels = serializers.ChoiceField(
        choices=["both", "final", "pre_reveal"],
        required=False,
        help_text="Assisted rounds: build from final labels, pre-reveal labels, or final"
        " labels with the pre-reveal ones beside them (default both).",
    )


class ReleaseFileOutput(serializers.Serializer):
    name = serializers.CharField()
    sha256 = serializers.CharField()
    size = serializers.IntegerField()
    records = serializers.IntegerField(allow_null=True)


class MetricScoreOutput(serializers.Serializer):
    class Meta:
        ref_name = "ReleaseMetricScore"

    mean = serializers.FloatField(allow_null=True, help_text="Null when n is 0.")
    low = serializers.FloatField(allow_null=True, help_text="Bootstrap interval, lower bound.")
    high = serializers.FloatField(allow_null=True, help_text="Bootstrap interval, upper bound.")
    n = serializers.IntegerField(help_text="Summaries whose score is defined.")


class SystemScoresOutput(serializers.Serializer):
    class Meta:
        ref_name = "ReleaseSystemScores"

    system = serializers.CharField()
    summaries = serializers.IntegerField()
    faithfulness = MetricScoreOutput(help_text="Consistent sentences / sentences.")
    completeness = MetricScoreOutput(help_text="Covered key facts / key facts.")
    conciseness = MetricScoreOutput(help_text="Sentences aligned to a key fact / sentences.")
    acu_score = MetricScoreOutput(help_text="Supported atomic facts / atomic facts.")


class ReleaseScoresOutput(serializers.Serializer):
    class Meta:
        ref_name = "ReleaseScores"

    confidence = serializers.FloatField()
    n_resamples = serializers.IntegerField()
    seed = serializers.IntegerField()
    systems = SystemScoresOutput(many=True)


class ReleaseOutput(serializers.Serializer):
    id = serializers.IntegerField()
    version = serializers.CharField()
    status = serializers.ChoiceField(choices=ReleaseStatus.choices)
    progress = serializers.IntegerField()
    error = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()
    published_at = serializers.DateTimeField(allow_null=True)
    created_by = serializers.CharField(allow_blank=True)
    counts = serializers.DictField(
        child=serializers.IntegerField(), help_text="summaries, and summaries per split."
    )
    files = ReleaseFileOutput(many=True)
    download = serializers.CharField(allow_null=True)
    scores = ReleaseScoresOutput(
        allow_null=True,
        help_text="Per system, the mean of each per-summary score with its bootstrap interval"
        " and n (docs/formats/scores.md); null until published, and for releases built before"
        " releases carried scores.",
    )
    can_retry = serializers.BooleanField(
        help_text="Failed, or waiting for a worker: POST .../retry/ queues it (again)."
    )
    can_cancel = serializers.BooleanField(
        help_text="No worker has started it: POST .../cancel/ ends it failed."
    )


class ReleaseDetailOutput(ReleaseOutput):
    manifest = serializers.JSONField(required=False, help_text="Once published.")
    card = serializers.CharField(required=False, help_text="README.md, once published.")


class ReleaseRoundOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.CharField()
    status = serializers.ChoiceField(choices=RoundStatus.choices)


class ReleaseProjectOutput(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()


class ProjectReleasesOutput(PageOutput):
    """The paging fields count the project's releases."""

    project = ReleaseProjectOutput()
    rounds = ReleaseRoundOutput(many=True)
    formats = serializers.ListField(child=serializers.ChoiceField(choices=list(FORMATS)))
    releases = ReleaseOutput(many=True, help_text="The page's releases, newest first.")


class ReleaseStartedOutput(serializers.Serializer):
    release = serializers.IntegerField(help_text="Poll /api/releases/{release}/ for progress.")


RELEASES_PER_PAGE = 20


class ProjectReleasesView(APIView):
    @extend_schema(
        parameters=page_parameters(RELEASES_PER_PAGE),
        responses=ProjectReleasesOutput,
        summary="A project's releases, a page at a time",
    )
    def get(self, request: Request, slug: str) -> Response:
        project = exporter_projects(request.user).filter(slug=slug).first()
        if project is None:
            raise Http404("No such project where you may export.")
        asked = page_request(request, size=RELEASES_PER_PAGE)
        releases = Release.objects.filter(project=project)
        page = page_of(releases.count(), asked)
        shown = (
            releases.select_related("created_by")
            .prefetch_related("files")
            .order_by("-created_at", "-id")[page.start : page.stop]
        )
        return Response(
            {
                "project": {"slug": project.slug, "name": project.name},
                "rounds": [
                    {"id": r.pk, "name": r.name, "kind": r.kind, "status": r.status}
                    for r in Round.objects.filter(project=project).order_by("created_at")
                ],
                "formats": list(FORMATS),
                **page.fields(),
                "releases": [_release(r) for r in shown],
            }
        )

    @extend_schema(
        request=ReleaseConfigInput,
        responses={202: ReleaseStartedOutput, 503: QUEUE_DOWN},
        summary="Build a release (background job)",
    )
    def post(self, request: Request, slug: str) -> Response:
        project = exporter_projects(request.user).filter(slug=slug).first()
        if project is None:
            raise Http404("No such project where you may export.")
        config = ReleaseConfigInput(data=request.data)
        config.is_valid(raise_exception=True)
        try:
            release = release_create(
                project=project, user=request.user, config=dict(config.validated_data)
            )
        except ReleaseInvalid as invalid:
            errors = dict(invalid.errors)
            missing = errors.pop("missing", None)
            detail = errors.pop("detail_missing", ["The release cannot be built."])[0]
            extra = {"missing": missing} if missing else {}
            # Its own code: the body had the documented shape; the project's rounds, labels
            # or published versions refuse it.
            raise ApiError(detail, errors=errors, code="release_refused", **extra) from None
        dispatch_on_commit(release)
        answer_queued(release, saved=f"Release {release.version} is saved")
        return Response({"release": release.pk}, status=status.HTTP_202_ACCEPTED)


def _visible(request: Request, release_id: int) -> Release:
    release = (
        Release.objects.filter(pk=release_id, project__in=exporter_projects(request.user))
        .select_related("created_by", "project")
        .prefetch_related("files")
        .first()
    )
    if release is None:
        raise Http404("No such release in a project where you may export.")
    return release


class ReleaseView(APIView):
    @extend_schema(responses=ReleaseDetailOutput, summary="One release with its manifest")
    def get(self, request: Request, release_id: int) -> Response:
        release = refreshed(_visible(request, release_id))
        body = _release(release)
        if release.status == ReleaseStatus.PUBLISHED:
            body["manifest"] = release.manifest
            # By ranges: a page view must not fetch a whole archive from a bucket.
            with open_ranged(release.archive) as stored, zipfile.ZipFile(stored) as packed:
                body["card"] = packed.read("README.md").decode("utf-8")
        return Response(body)


class ReleaseRetryView(APIView):
    @extend_schema(
        request=None,
        responses={202: ReleaseStartedOutput, 503: QUEUE_DOWN},
        summary="Retry a failed build, or send again one that has not started",
    )
    def post(self, request: Request, release_id: int) -> Response:
        release = _visible(request, release_id)
        try:
            release_retry(release=release)
        except ReleaseInvalid:
            state = "being built" if release.status == ReleaseStatus.BUILDING else release.status
            raise Conflict(
                f"Only a failed build, or one that has not started, can be retried; this one"
                f" is {state}.",
                code="not_failed",
            ) from None
        dispatch_on_commit(release)
        answer_queued(release, saved=f"Release {release.version} is queued again")
        return Response({"release": release.pk}, status=status.HTTP_202_ACCEPTED)


class ReleaseCancelView(APIView):
    @extend_schema(
        request=None,
        responses={200: ReleaseStartedOutput},
        summary="Cancel a build that has not started (it ends failed, and can be retried)",
    )
    def post(self, request: Request, release_id: int) -> Response:
        release = _visible(request, release_id)
        try:
            release_cancel(release=release, user=request.user)
        except DispatchRefused as refused:
            raise Conflict(str(refused), code="not_cancellable") from None
        return Response({"release": release.pk})


class ReleaseDownloadView(APIView):
    # From a bucket the answer is a 302 to a signed URL (docs/storage.md); the schema keeps
    # the 200 the frontend's generated types know (a browser follows the redirect itself).
    @extend_schema(responses={(200, "application/zip"): OpenApiTypes.BINARY}, summary="Download")
    def get(self, request: Request, release_id: int) -> Any:
        release = _visible(request, release_id)
        if release.status != ReleaseStatus.PUBLISHED:
            raise Conflict(f"Release {release.version} is {release.status}.", code="not_published")
        problems = release_verify(release)
        if problems:
            raise Conflict(
                "The stored release no longer matches its manifest: " + "; ".join(problems),
                code="archive_mismatch",
            )
        filename = f"{release.project.slug}-{release.version}.zip"
        url = signed_url(release.archive, filename=filename)
        if url is not None:
            # The bucket serves the bytes; the web process is not tied up for the download.
            return HttpResponseRedirect(url)
        return FileResponse(
            release.archive.open("rb"),
            as_attachment=True,
            filename=filename,
            content_type="application/zip",
        )
