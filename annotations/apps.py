from __future__ import annotations

from django.apps import AppConfig


class AnnotationsConfig(AppConfig):
    name = "annotations"
    verbose_name = "Annotation studies"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from annotations.lookups import register

        register()
