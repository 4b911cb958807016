"""The Celery app. Configuration comes from Django settings (the CELERY_ namespace)."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "annotation_site.settings")
# One BLAS thread per process, set before numpy loads OpenBLAS (this module is the first the
# site, the worker and manage.py import). Each worker process already has a core to itself;
# a second BLAS thread per process only spins beside the others: the agreement recompute of
# a 100,000-sentence round took 1.0-1.1 s of CPU for its report with one thread and 1.3 s
# with two (docs/performance.md, 2026-11-27, the live agreement recompute).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

app = Celery("annotation_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
