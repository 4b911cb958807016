"""The OpenAPI schema served at /api/schema/, generated once per process.

drf-spectacular generates the schema on every request, walking every view and serializer: a
second or more of CPU, several on a busy machine, so the API docs page sat on "loading" while
Swagger UI waited for it. The schema served is the public one (``SERVE_PUBLIC``): it does not
depend on who asks, only on the code, which a process does not change. So it is kept per
process, by API version and language; the renderers still run per request (YAML or JSON by
content negotiation).
"""

from __future__ import annotations

import threading
from typing import Any

from django.utils import translation
from drf_spectacular.views import SpectacularAPIView
from rest_framework.request import Request
from rest_framework.response import Response


class CachedSchemaView(SpectacularAPIView):
    _schemas: dict[tuple[str | None, str | None], dict[str, Any]] = {}
    _lock = threading.Lock()

    def _get_schema_response(self, request: Request) -> Response:
        version = self.api_version or request.version or self._get_version_parameter(request)
        if not self.serve_public:  # a schema filtered by the asker's permissions: never shared
            return super()._get_schema_response(request)
        key = (version, translation.get_language())
        with self._lock:  # one generation per process, even when the docs page is opened twice
            schema = self._schemas.get(key)
            if schema is None:
                generator = self.generator_class(
                    urlconf=self.urlconf, api_version=version, patterns=self.patterns
                )
                schema = generator.get_schema(request=request, public=True)
                self._schemas[key] = schema
        return Response(
            data=schema,
            headers={
                "Content-Disposition": f'inline; filename="{self._get_filename(request, version)}"'
            },
        )
