"""Django admin for the models an admin really uses. The audit trail (JudgementChange) is
read-only: history is never edited."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Model, QuerySet
from django.forms.models import model_to_dict
from django.http import HttpRequest

from annotations import models as m
from annotations.services.audit import change_record
from annotations.services.tokens import api_token_revoke


def _snapshot(row: Model) -> dict[str, Any]:
    """A row's editable fields as JSON (many-to-many fields as id lists)."""
    return {
        name: [item.pk for item in value] if isinstance(value, list) else value
        for name, value in model_to_dict(row).items()
    }


class AuditedAdmin(admin.ModelAdmin):
    """Edits of judgements made here are audited like every other change (action
    ``admin_edit``, the acting admin, the row before and after), so the history an admin
    opens from the adjudication screen has no gap (docs/review.md). ``audit_parent`` is the
    path from the edited row to the judgement it belongs to ("" for the judgement itself)."""

    audit_parent = ""

    def _judgement(self, row: Model) -> Model | None:
        found: Model | None = row
        for part in filter(None, self.audit_parent.split(".")):
            found = getattr(found, part, None)
        return found

    def _record(self, request: HttpRequest, row: Model, before: Any, after: Any) -> None:
        judgement = self._judgement(row)
        assignment_id = getattr(judgement, "assignment_id", None)
        if judgement is None or assignment_id is None:  # a given list's fact: no one's
            return
        change_record(
            assignment_id=assignment_id,
            kind=judgement._meta.model_name or "",
            object_id=judgement.pk,
            action=m.JudgementChange.Action.ADMIN_EDIT,
            actor_id=int(request.user.pk or 0),
            before=before,
            after=after,
        )

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        previous = type(obj)._default_manager.filter(pk=obj.pk).first() if change else None
        obj._audit_before = None if previous is None else _snapshot(previous)
        super().save_model(request, obj, form, change)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        # After the many-to-many fields (error types) are saved: the "after" shows them.
        super().save_related(request, form, formsets, change)
        row = form.instance
        self._record(request, row, getattr(row, "_audit_before", None), _snapshot(row))

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        self._record(request, obj, _snapshot(obj), None)
        super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        for row in queryset:
            self._record(request, row, _snapshot(row), None)
        super().delete_queryset(request, queryset)


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ViewOnlyAdmin(admin.ModelAdmin):
    """Rows the admin shows and never adds, changes or deletes."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class CorpusContentAdmin(ViewOnlyAdmin):
    """A corpus's content is fixed once imported: the document's content hash, the corpus's
    record ids (kept under a fingerprint of its documents, selectors/corpus_records.py), every
    release record id and every judgement's sentence depend on it. The admin shows a topic,
    a summary and its sentences and can delete a whole document, never a part of one."""


class TurnInline(ReadOnlyInline):
    model = m.Turn
    show_change_link = False
    fields = ("position", "speaker", "role", "text", "start", "end")


class TopicInline(ReadOnlyInline):
    model = m.Topic
    fields = ("position", "name")


@admin.register(m.Corpus)
class CorpusAdmin(admin.ModelAdmin):
    list_display = ("slug", "project", "source_format", "created_at")
    list_filter = ("project", "source_format")
    search_fields = ("slug", "name")


@admin.register(m.Document)
class DocumentAdmin(admin.ModelAdmin):
    list_display = ("external_id", "corpus", "split", "title", "created_at")
    list_filter = ("corpus__project", "corpus", "split")
    search_fields = ("external_id", "title")
    readonly_fields = ("content_hash", "created_at")
    list_select_related = ("corpus",)
    inlines = [TurnInline, TopicInline]


class SummaryInline(ReadOnlyInline):
    model = m.Summary
    fields = ("position", "external_id", "system", "text")


@admin.register(m.Topic)
class TopicAdmin(CorpusContentAdmin):
    list_display = ("__str__", "document", "position")
    list_filter = ("document__corpus__project", "document__corpus")
    search_fields = ("name", "document__external_id")
    list_select_related = ("document",)
    raw_id_fields = ("document",)
    inlines = [SummaryInline]


class SentenceInline(ReadOnlyInline):
    model = m.SummarySentence
    show_change_link = False
    fields = ("position", "source_index", "text", "start", "end")


@admin.register(m.Summary)
class SummaryAdmin(CorpusContentAdmin):
    list_display = ("external_id", "system", "topic", "short_text")
    list_filter = ("system", "topic__document__corpus__project", "topic__document__split")
    search_fields = ("text", "system", "topic__name", "topic__document__external_id")
    list_select_related = ("topic",)
    raw_id_fields = ("topic",)
    inlines = [SentenceInline]

    @admin.display(description="text")
    def short_text(self, obj: m.Summary) -> str:
        return obj.text[:100]


class ErrorTypeInline(admin.TabularInline):
    model = m.ErrorType
    fk_name = "taxonomy"
    extra = 0
    fields = ("position", "code", "name", "definition", "example", "parent", "unified_type")
    raw_id_fields = ("parent", "unified_type")


@admin.register(m.ErrorTaxonomy)
class ErrorTaxonomyAdmin(admin.ModelAdmin):
    list_display = ("slug", "name", "builtin", "copied_from")
    list_filter = ("builtin",)
    search_fields = ("slug", "name")
    inlines = [ErrorTypeInline]


@admin.register(m.ErrorType)
class ErrorTypeAdmin(admin.ModelAdmin):
    list_display = ("name", "code", "taxonomy", "parent", "unified_type")
    list_filter = ("taxonomy",)
    search_fields = ("name", "code", "definition")
    list_select_related = ("taxonomy", "parent", "unified_type")


class MembershipInline(admin.TabularInline):
    model = m.Membership
    extra = 0
    raw_id_fields = ("user",)


class GuidelineInline(ReadOnlyInline):
    model = m.GuidelineVersion
    fields = ("version", "changelog", "published_at")


@admin.register(m.Project)
class ProjectAdmin(admin.ModelAdmin):
    list_display = ("slug", "name", "taxonomy", "created_at")
    search_fields = ("slug", "name")
    fieldsets = (
        (None, {"fields": ("slug", "name", "description", "taxonomy")}),
        ("Scheme: the questions linguists answer", {"fields": m.Project.SCHEME_FIELDS}),
    )
    inlines = [MembershipInline, GuidelineInline]


@admin.register(m.Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("user", "project", "role", "created_at")
    list_filter = ("project", "role")
    search_fields = ("user__username", "project__slug")
    list_select_related = ("user", "project")


@admin.register(m.GuidelineVersion)
class GuidelineVersionAdmin(admin.ModelAdmin):
    list_display = ("project", "version", "published_at", "created_by")
    list_filter = ("project",)
    search_fields = ("markdown", "changelog")


class AssignmentInline(ReadOnlyInline):
    model = m.Assignment
    fields = ("topic", "annotator", "source", "status", "active_seconds", "submitted_at")


@admin.register(m.Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = (
        "name",
        "project",
        "kind",
        "status",
        "overlap",
        "guideline_version",
        "opened_at",
    )
    list_filter = ("project", "kind", "status")
    search_fields = ("name",)
    inlines = [AssignmentInline]


class SentenceJudgementInline(ReadOnlyInline):
    model = m.SentenceJudgement
    fields = ("sentence", "label", "explanation", "version", "updated_at")


class JudgementChangeInline(ReadOnlyInline):
    model = m.JudgementChange
    fields = ("at", "actor", "action", "kind", "object_id", "before", "after")
    show_change_link = False


@admin.register(m.Assignment)
class AssignmentAdmin(admin.ModelAdmin):
    list_display = ("id", "round", "topic", "annotator", "source", "status", "active_seconds")
    list_filter = ("round__project", "round", "status")
    search_fields = ("annotator__username", "source", "topic__name", "topic__document__external_id")
    list_select_related = ("round", "topic", "annotator")
    raw_id_fields = ("topic", "annotator")
    inlines = [SentenceJudgementInline, JudgementChangeInline]


class ErrorSpanInline(admin.TabularInline):
    model = m.ErrorSpan
    extra = 0
    fields = ("start", "end", "error_type", "note", "no_evidence")
    raw_id_fields = ("error_type",)
    show_change_link = True  # a span's evidence is edited on the span's own page


class EvidenceSpanInline(admin.TabularInline):
    model = m.EvidenceSpan
    extra = 0
    fields = ("turn", "start", "end")
    raw_id_fields = ("turn",)


@admin.register(m.ErrorSpan)
class ErrorSpanAdmin(AuditedAdmin):
    audit_parent = "judgement"
    list_display = ("id", "judgement", "start", "end", "error_type", "no_evidence")
    list_filter = ("no_evidence", "judgement__assignment__round")
    list_select_related = ("judgement", "error_type")
    raw_id_fields = ("judgement", "error_type")
    inlines = [EvidenceSpanInline]


@admin.register(m.SentenceJudgement)
class SentenceJudgementAdmin(AuditedAdmin):
    list_display = ("id", "assignment", "sentence", "label", "version", "updated_at")
    list_filter = ("label", "assignment__round__project", "assignment__round", "error_types")
    search_fields = ("explanation", "sentence__text")
    list_select_related = ("assignment", "sentence")
    raw_id_fields = ("assignment", "sentence", "guideline_version")
    filter_horizontal = ("error_types",)
    inlines = [ErrorSpanInline]


@admin.register(m.SummaryJudgement)
class SummaryJudgementAdmin(AuditedAdmin):
    list_display = ("id", "assignment", "summary", "relevance", "not_a_summary", "version")
    list_filter = ("relevance", "not_a_summary", "assignment__round")
    search_fields = ("comment",)
    raw_id_fields = ("assignment", "summary")


@admin.register(m.TopicJudgement)
class TopicJudgementAdmin(AuditedAdmin):
    list_display = ("id", "assignment", "category", "version")
    list_filter = ("category", "assignment__round")
    raw_id_fields = ("assignment",)


@admin.register(m.KeyFact)
class KeyFactAdmin(AuditedAdmin):
    audit_parent = "sheet"
    list_display = ("id", "sheet", "given_list", "position", "text")
    list_filter = ("sheet__assignment__round",)
    search_fields = ("text",)
    raw_id_fields = ("sheet", "given_list", "given")


@admin.register(m.AtomicFact)
class AtomicFactAdmin(AuditedAdmin):
    audit_parent = "sheet"
    list_display = ("id", "sheet", "given_for", "position", "text", "verdict")
    list_filter = ("verdict",)
    search_fields = ("text",)
    raw_id_fields = ("sheet", "given_for", "given", "sentence")


@admin.register(m.JudgementChange)
class JudgementChangeAdmin(ViewOnlyAdmin):
    """The audit trail: readable, never writable."""

    list_display = ("at", "actor", "action", "kind", "object_id", "assignment")
    list_filter = ("action", "kind")
    search_fields = ("actor__username",)
    date_hierarchy = "at"
    list_select_related = ("actor", "assignment")


@admin.register(m.ReviewDecision)
class ReviewDecisionAdmin(AuditedAdmin):
    list_display = ("id", "assignment", "sentence", "decision", "version", "updated_at")
    list_filter = ("decision",)
    raw_id_fields = ("assignment", "sentence")


@admin.register(m.Feedback)
class FeedbackAdmin(admin.ModelAdmin):
    list_display = ("round", "annotator", "author", "created_at", "read_at")
    list_filter = ("round",)
    search_fields = ("text", "annotator__username")
    raw_id_fields = ("sentence",)


class ReleaseFileInline(ReadOnlyInline):
    model = m.ReleaseFile
    fields = ("name", "sha256", "size", "records")


@admin.register(m.Release)
class ReleaseAdmin(admin.ModelAdmin):
    list_display = ("project", "version", "status", "progress", "created_at", "published_at")
    list_filter = ("project", "status")
    readonly_fields = ("manifest", "archive", "published_at")
    inlines = [ReleaseFileInline]


@admin.register(m.AgreementReport)
class AgreementReportAdmin(admin.ModelAdmin):
    list_display = ("round", "computed_at", "inputs_hash")
    list_filter = ("round__project",)
    readonly_fields = ("round", "computed_at", "inputs_hash", "results")


@admin.register(m.Invitation)
class InvitationAdmin(admin.ModelAdmin):
    """Made and revoked from the project page (docs/people.md); here to look, never to edit:
    a link is only ever shown when it is made, so there is nothing useful to add here."""

    list_display = ("project", "role", "email", "created_by", "created_at", "expires_at")
    list_filter = ("project", "role")
    search_fields = ("email", "project__slug")
    list_select_related = ("project", "created_by")
    exclude = ("token_hash",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(m.PeopleChange)
class PeopleChangeAdmin(admin.ModelAdmin):
    """The people audit trail: readable, never writable."""

    list_display = ("at", "project", "actor_name", "action", "subject_name")
    list_filter = ("project", "action")
    search_fields = ("actor_name", "subject_name")
    date_hierarchy = "at"
    list_select_related = ("project",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(m.ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Staff see every personal token and may revoke one; the secret exists nowhere to show,
    and tokens are made by their owners on the API tokens page (docs/api/tokens.md)."""

    list_display = ("name", "user", "scope", "hint", "created_at", "expires_at", "last_used_at")
    list_filter = ("scope",)
    search_fields = ("name", "user__username", "hint")
    readonly_fields = (
        "user",
        "name",
        "scope",
        "digest",
        "hint",
        "created_at",
        "expires_at",
        "last_used_at",
    )
    actions = ["revoke"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description="Revoke the selected tokens")
    def revoke(self, request: HttpRequest, queryset: QuerySet[m.ApiToken]) -> None:
        for token in queryset:
            api_token_revoke(token=token)
