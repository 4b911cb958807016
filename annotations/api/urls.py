from __future__ import annotations

from django.urls import path

from annotations.api.me import MeView

urlpatterns = [
    path("me/", MeView.as_view(), name="api-me"),
]
