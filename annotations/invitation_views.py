"""The invitation page (docs/people.md): public, outside sign-in. Its holder picks a username
and a password (Django's password validators), joins the project with the invitation's role,
and is signed in."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model, login
from django.contrib.auth.forms import UserCreationForm
from django.db import IntegrityError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from annotations.models import Invitation
from annotations.services.people import InvitationRefused, invitation_accept, invitation_for_token

# django-axes sits first among the backends; a new account signs in with the model backend.
BACKEND = "django.contrib.auth.backends.ModelBackend"
# Unknown links answer 404; links that were good once (used, revoked, expired) 410 Gone.
REFUSAL_STATUS = {"invitation_unknown": 404}


class InvitationForm(UserCreationForm):  # type: ignore[type-arg]
    """Django's own sign-up form (username rules, a case-insensitive unique username, the
    password validators with the new user's attributes), plus an optional email."""

    email = forms.EmailField(required=False, label="Email (optional)")

    class Meta(UserCreationForm.Meta):  # type: ignore[name-defined,misc]
        model = get_user_model()
        fields = ("username", "email")


def _refusal(request: HttpRequest, refusal: InvitationRefused) -> HttpResponse:
    return render(
        request,
        "registration/invitation.html",
        {"refusal": str(refusal)},
        status=REFUSAL_STATUS.get(refusal.code, 410),
    )


@never_cache
@require_http_methods(["GET", "POST"])
def accept_invitation(request: HttpRequest, token: str) -> HttpResponse:
    try:
        invitation = invitation_for_token(token)
    except InvitationRefused as refusal:
        return _refusal(request, refusal)
    if request.method == "POST":
        form = InvitationForm(request.POST)
        if form.is_valid():
            user = form.save(commit=False)
            try:
                invitation_accept(token=token, new_user=user)
            except InvitationRefused as refusal:  # used or revoked while the form was open
                return _refusal(request, refusal)
            except IntegrityError:  # the name was taken between the form's check and now
                form.add_error("username", "A user with that username already exists.")
            else:
                login(request, user, backend=BACKEND)
                return redirect("/")
    else:
        form = InvitationForm(initial={"email": invitation.email})
    return render(request, "registration/invitation.html", _context(invitation, form))


def _context(invitation: Invitation, form: InvitationForm) -> dict[str, Any]:
    return {
        "form": form,
        "project": invitation.project.name,
        "role": invitation.get_role_display(),
        "expires_at": invitation.expires_at,
    }
