"""The Celery app. Configuration comes from Django settings (the CELERY_ namespace)."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "annotation_site.settings")

app = Celery("annotation_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
