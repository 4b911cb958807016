"""Imports and jobs (docs/api/admin.md, *Imports and jobs*): the import formats, uploading a
corpus file (a background job), a job's progress, and what was imported: the corpus
overview and its units."""

from __future__ import annotations

from pathlib import Path

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, OpenApiRequest, extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.api.admin import JobStartedOutput, admin_project, bad_request
from annotations.api.admin_contract import CorpusOverviewOutput, CorpusUnitOutput, JobOutput
from annotations.api.paging import PageOutput, page_parameters, page_request
from annotations.api.queue import QUEUE_DOWN, answer_queued, visible_job
from annotations.selectors.admin import corpus_overview, corpus_unit, project_units
from annotations.services.dispatch import actions
from annotations.services.import_formats import IMPORT_FORMATS
from annotations.services.jobs import job_start
from annotations.services.leases import refreshed
from annotations.services.stored_files import upload_store
from annotations.services.upload_import import upload_suffix

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
