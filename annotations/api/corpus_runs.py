"""Evaluators' runs on a project's corpus, before any release (issue 31,
docs/models-in-the-loop.md, "Corpus runs"), for the project's researchers and admins.

Linguists and reviewers get 404, as on every evaluator route: an evaluator's name and version
are not theirs to see.
"""

from __future__ import annotations

from pathlib import Path

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.api.admin import JobStartedOutput, bad_request
from annotations.api.evaluators import MAX_UPLOAD_BYTES, UploadedFile
from annotations.api.queue import QUEUE_DOWN, answer_queued
from annotations.api.releases import exporter_projects
from annotations.models import CorpusRun, EvaluatorKind, Project
from annotations.selectors.corpus_records import corpus_size
from annotations.services.corpus_runs import MAX_VERSION, corpus_run_summary
from annotations.services.jobs import job_start
from annotations.services.stored_files import upload_store


class CorpusRunOutput(serializers.Serializer):
    id = serializers.IntegerField()
    evaluator = serializers.CharField()
    kind = serializers.ChoiceField(choices=EvaluatorKind.choices)
    version = serializers.CharField(help_text="A prompt or model version label.")
    sentences = serializers.IntegerField(help_text="Sentence records predicted or abstained on.")
    summaries = serializers.IntegerField(help_text="Summary records predicted or abstained on.")
    abstained = serializers.IntegerField(help_text="Records the run explicitly abstained on.")
    has_scores = serializers.BooleanField()
    has_labels = serializers.BooleanField()
    source_name = serializers.CharField()
    sha256 = serializers.CharField()
    created_at = serializers.DateTimeField()


class CorpusRunsOutput(serializers.Serializer):
    corpus_sentences = serializers.IntegerField(help_text="Sentences in the project's corpus.")
    corpus_summaries = serializers.IntegerField(help_text="Summaries in the project's corpus.")
    runs = CorpusRunOutput(many=True)


class CorpusRunUploadInput(serializers.Serializer):
    file = UploadedFile()
    evaluator = serializers.CharField(max_length=100)
    version = serializers.CharField(max_length=MAX_VERSION)
    kind = serializers.ChoiceField(choices=EvaluatorKind.choices, default=EvaluatorKind.METRIC)
    notes = serializers.CharField(allow_blank=True, required=False, default="")


def _project(request: Request, slug: str) -> Project:
    project = exporter_projects(request.user).filter(slug=slug).first()
    if project is None:
        raise Http404("No such project that you research or administer.")
    return project


class CorpusRunsView(APIView):
    parser_classes = [MultiPartParser]

    @extend_schema(
        responses=CorpusRunsOutput,
        operation_id="corpus_runs",
        summary="The evaluators' runs on the project's corpus",
    )
    def get(self, request: Request, slug: str) -> Response:
        project = _project(request, slug)
        runs = (
            CorpusRun.objects.filter(project=project)
            .select_related("evaluator")
            .order_by("evaluator__name", "created_at", "pk")
        )
        sentences, summaries = corpus_size(project)
        return Response(
            {
                "corpus_sentences": sentences,
                "corpus_summaries": summaries,
                "runs": [corpus_run_summary(run) for run in runs],
            }
        )

    @extend_schema(
        request={"multipart/form-data": CorpusRunUploadInput},
        responses={202: JobStartedOutput, 503: QUEUE_DOWN},
        operation_id="corpus_run_upload",
        summary="Upload a run of predictions on the corpus (CSV or JSONL; a background job)",
    )
    def post(self, request: Request, slug: str) -> Response:
        project = _project(request, slug)
        given = CorpusRunUploadInput(data=request.data)
        if not given.is_valid():
            raise bad_request("The upload is not valid: see the field errors.", given.errors)
        data = given.validated_data
        upload = data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            raise bad_request(
                "The file is too large.", {"file": [f"at most {MAX_UPLOAD_BYTES} bytes"]}
            )
        name = Path(upload.name or "predictions.csv").name
        stored = upload_store(upload, suffix=Path(name).suffix[:10])
        job = job_start(
            project=project,
            kind="corpus_run_upload",
            params={
                "upload": stored,
                "name": name,
                "evaluator": data["evaluator"],
                "version": data["version"],
                "kind": data["kind"],
                "notes": data["notes"],
            },
            user=request.user,
        )
        answer_queued(job, saved=f"The upload of {name} is saved as job {job.pk}")
        return Response({"job": job.pk}, status=status.HTTP_202_ACCEPTED)
