"""The quality-control API's responses (docs/api/quality.md)."""

from __future__ import annotations

from rest_framework import serializers

from annotations.api.workspace_contract import KeyAccuracyOutput


class KeyedAnnotatorOutput(serializers.Serializer):
    username = serializers.CharField()
    units = serializers.IntegerField()
    accuracy = KeyAccuracyOutput()


class AnswerKeyScoresOutput(serializers.Serializer):
    units = serializers.IntegerField()
    annotators = KeyedAnnotatorOutput(many=True)


class GoldWeekOutput(serializers.Serializer):
    week = serializers.CharField()
    scored = serializers.IntegerField()
    accuracy = serializers.FloatField(allow_null=True)


class GoldAnnotatorOutput(serializers.Serializer):
    username = serializers.CharField()
    scored = serializers.IntegerField()
    accuracy = serializers.FloatField(allow_null=True)
    paused = serializers.BooleanField()
    by_week = GoldWeekOutput(many=True)


class GoldUnitsOutput(serializers.Serializer):
    units = serializers.IntegerField()
    rate = serializers.FloatField()
    pause_below = serializers.FloatField(allow_null=True)
    annotators = GoldAnnotatorOutput(many=True)


class DriftWeekOutput(serializers.Serializer):
    week = serializers.CharField()
    sentences = serializers.IntegerField()
    agreement = serializers.FloatField(allow_null=True)


class DriftOutput(serializers.Serializer):
    username = serializers.CharField()
    weeks = DriftWeekOutput(many=True)


class PausedOutput(serializers.Serializer):
    username = serializers.CharField()
    paused_at = serializers.DateTimeField()
    accuracy = serializers.FloatField(allow_null=True)
    round = serializers.IntegerField(allow_null=True, help_text="The round that paused them.")


class RoundQualityOutput(serializers.Serializer):
    answer_key = AnswerKeyScoresOutput()
    gold_units = GoldUnitsOutput()
    drift = DriftOutput(many=True)
    paused = PausedOutput(many=True)
