"""Django admin: every registered model's list and the demo's pages open for a superuser,
and the audit trail cannot be edited."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from annotations.models import (
    Assignment,
    Document,
    ErrorSpan,
    EvidenceSpan,
    JudgementChange,
    SentenceJudgement,
    Summary,
    SummarySentence,
    Turn,
)
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client_with_demo(client: Client) -> Client:
    call_command("load_demo", stdout=None)
    client.force_login(UserFactory(username="boss", is_staff=True, is_superuser=True))
    return client


def test_every_model_list_opens(admin_client_with_demo: Client) -> None:
    for model in admin.site._registry:
        if model._meta.app_label != "annotations":
            continue
        url = reverse(f"admin:annotations_{model._meta.model_name}_changelist")
        response = admin_client_with_demo.get(url)
        assert response.status_code == 200, url


def test_a_document_shows_its_turns_and_a_summary_its_sentences(
    admin_client_with_demo: Client,
) -> None:
    document = Document.objects.get(external_id="council-caddon-ridge-streetlights-parking")
    page = admin_client_with_demo.get(
        reverse("admin:annotations_document_change", args=[document.pk])
    )
    assert page.status_code == 200
    assert escape(document.turns.first().text[:30]).encode() in page.content
    summary = Summary.objects.filter(topic__document=document).first()
    page = admin_client_with_demo.get(
        reverse("admin:annotations_summary_change", args=[summary.pk])
    )
    assert escape(summary.sentences.first().text[:30]).encode() in page.content


def test_the_history_is_read_only() -> None:
    model_admin = admin.site._registry[JudgementChange]
    assert not model_admin.has_add_permission(None)
    assert not model_admin.has_change_permission(None)
    assert not model_admin.has_delete_permission(None)


def test_an_error_span_shows_its_evidence_and_links_from_its_judgement(
    admin_client_with_demo: Client,
) -> None:
    assignment = Assignment.objects.order_by("id").first()
    sentence = SummarySentence.objects.filter(summary__topic_id=assignment.topic_id).first()
    turn = Turn.objects.filter(document__topics__id=assignment.topic_id).first()
    judgement = SentenceJudgement.objects.create(
        assignment=assignment, sentence=sentence, label="inconsistent"
    )
    span = ErrorSpan.objects.create(judgement=judgement, start=0, end=3)
    EvidenceSpan.objects.create(error_span=span, turn=turn, start=0, end=2)
    page = admin_client_with_demo.get(
        reverse("admin:annotations_sentencejudgement_change", args=[judgement.pk])
    )
    span_url = reverse("admin:annotations_errorspan_change", args=[span.pk])
    assert span_url.encode() in page.content
    page = admin_client_with_demo.get(span_url)
    assert page.status_code == 200
    assert b'name="evidence-0-turn"' in page.content
    assert f'value="{turn.pk}"'.encode() in page.content
