"""URL map: the browser app, sign-in, the API with its schema and docs, and Django admin."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularSwaggerView

from annotation_site.health import healthz, readyz
from annotations.api.errors import api_not_found
from annotations.api.schema_view import CachedSchemaView
from annotations.invitation_views import accept_invitation
from annotations.oidc.views import SignInView
from annotations.oidc.views import urlpatterns as oidc_urls
from annotations.views import app_shell, favicon

urlpatterns = [
    # Probes for load balancers (docs/deployment.md): JSON, no session.
    path("healthz", healthz, name="healthz"),
    path("readyz", readyz, name="readyz"),
    path("favicon.ico", favicon, name="favicon"),
    path("favicon.svg", favicon),
    path("admin/", admin.site.urls),
    path("accounts/login/", SignInView.as_view(), name="login"),
    # Sign-in with the lab's identity provider, when configured (docs/sign-in.md).
    path("accounts/oidc/", include(oidc_urls)),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # Public: the holder of an invitation link creates their account (docs/people.md).
    path("accounts/invitations/<str:token>/", accept_invitation, name="accept-invitation"),
    path("api/", include("annotations.api.urls")),
    path("api/schema/", CachedSchemaView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    # Any other /api/ path: the JSON 404 envelope, whatever DEBUG says (Django's 404 page
    # under DEBUG is HTML and lists every URL pattern).
    re_path(r"^api/", api_not_found),
    re_path(r"^(?:app/.*)?$", app_shell, name="app"),
]

# Errors that never reach a DRF view: JSON envelopes under /api/, the site's own pages elsewhere
# (annotation_site/templates/404.html and the others, docs/deployment.md).
handler400 = "annotations.api.errors.handler400"
handler403 = "annotations.api.errors.handler403"
handler404 = "annotations.api.errors.handler404"
handler500 = "annotations.api.errors.handler500"
