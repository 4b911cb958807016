"""``GET /api/admin/rounds/{id}/selection/``: how a round chose its units by evaluators and
its per-system error rates weighted back to the units it drew from (docs/models-in-the-loop.md,
"Choosing what to annotate"). Admins only: it names systems and evaluators."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.api.admin import admin_project, admin_round
from annotations.models import CorpusRun, SelectionStrategy
from annotations.selectors.weighted_rates import selection_report


class SelectionRunOutput(serializers.Serializer):
    id = serializers.IntegerField()
    evaluator = serializers.CharField()
    version = serializers.CharField()


class WeightedRateOutput(serializers.Serializer):
    system = serializers.CharField()
    units = serializers.IntegerField(help_text="Labelled selected units with this system.")
    sentences = serializers.IntegerField()
    errors = serializers.IntegerField(help_text="Sentences whose gold label is inconsistent.")
    unweighted = serializers.FloatField(
        allow_null=True, help_text="errors / sentences: the selected units' rate, biased."
    )
    ht_errors = serializers.FloatField(help_text="Horvitz-Thompson total of errors.")
    ht_sentences = serializers.FloatField(help_text="Horvitz-Thompson total of sentences.")
    ht_rate = serializers.FloatField(
        allow_null=True, help_text="HT errors / the frame's known sentence count."
    )
    hajek_rate = serializers.FloatField(
        allow_null=True, help_text="HT errors / HT sentences (the ratio form)."
    )
    hajek_se = serializers.FloatField(
        allow_null=True, help_text="Linearised standard error (Poisson approximation, wide)."
    )


class SelectionReportOutput(serializers.Serializer):
    strategy = serializers.ChoiceField(choices=SelectionStrategy.values)
    runs = SelectionRunOutput(many=True)
    weights = serializers.DictField(child=serializers.FloatField())
    reserve = serializers.FloatField()
    count = serializers.IntegerField()
    frame_units = serializers.IntegerField(help_text="Unannotated units it drew from.")
    allocation = serializers.DictField(
        child=serializers.IntegerField(), help_text="Units drawn per summarizer stratum."
    )
    selected_units = serializers.IntegerField()
    labelled_units = serializers.IntegerField(help_text="Selected units with gold throughout.")
    systems = WeightedRateOutput(many=True)
    note = serializers.CharField()


class RoundSelectionOutput(serializers.Serializer):
    selection = SelectionReportOutput(
        allow_null=True, help_text="Null when the round's units were not selected by evaluators."
    )


class RoundSelectionView(APIView):
    @extend_schema(
        responses=RoundSelectionOutput,
        summary="How the round selected its units, and per-system rates weighted to the corpus",
    )
    def get(self, request: Request, round_id: int) -> Response:
        return Response({"selection": selection_report(admin_round(request, round_id))})


class CorpusRunOptionOutput(serializers.Serializer):
    id = serializers.IntegerField()
    evaluator = serializers.CharField()
    version = serializers.CharField()
    sentences = serializers.IntegerField()
    summaries = serializers.IntegerField()
    has_scores = serializers.BooleanField()
    has_labels = serializers.BooleanField()


class CorpusRunOptionsOutput(serializers.Serializer):
    runs = CorpusRunOptionOutput(many=True)


class CorpusRunOptionsView(APIView):
    @extend_schema(
        responses=CorpusRunOptionsOutput,
        summary="The project's corpus runs a new round can select its units by",
    )
    def get(self, request: Request, slug: str) -> Response:
        project = admin_project(request, slug)
        runs = CorpusRun.objects.filter(project=project).select_related("evaluator")
        return Response(
            {
                "runs": [
                    {
                        "id": run.pk,
                        "evaluator": run.evaluator.name,
                        "version": run.version,
                        "sentences": run.sentences,
                        "summaries": run.summaries,
                        "has_scores": run.has_scores,
                        "has_labels": run.has_labels,
                    }
                    for run in runs.order_by("evaluator__name", "created_at", "pk")
                ]
            }
        )
